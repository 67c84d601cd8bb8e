// dirs, pushd, popd — bash's directory stack. The stack lives in the array variable DIRSTACK
// (element 0 is the working directory, refreshed on every use; then the saved directories, most
// recent first), so subshells get a copy and `DIRSTACK[1]=…` edits it, as in bash. Directories are
// entered through cd's own code (`changeDir`: `-`, CDPATH), so the sandbox rules are cd's.
// Divergence: bash refreshes DIRSTACK[0] on every `cd`; here it is refreshed when one of these
// three builtins runs.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { changeDir } from './cd.js';
import { complain, emit } from './io.js';
import { defineOptions, Ended, scanOptions, usageError as optionUsageError } from './options.js';

const USAGE = {
  dirs: 'dirs [-clpv] [+N] [-N]',
  pushd: 'pushd [-n] [+N | -N | dir]',
  popd: 'popd [-n] [+N | -N]',
} as const;
type Name = keyof typeof USAGE;

/**
 * bash's pushd.def answers a first --help (CHECK_HELPOPT) and reads every other word itself, one
 * option letter per word, with +N/-N among them: the letters are its own loop's
 */
const OPTIONS = {
  dirs: defineOptions({ name: 'dirs', style: 'help', letters: 'clpv', synopsis: USAGE.dirs }),
  pushd: defineOptions({ name: 'pushd', style: 'help', letters: 'n', synopsis: USAGE.pushd }),
  popd: defineOptions({ name: 'popd', style: 'help', letters: 'n', synopsis: USAGE.popd }),
};

/** the saved directories, most recent first (DIRSTACK without element 0) */
function saved(ctx: ShellContext): string[] {
  return (ctx.vars.getArray('DIRSTACK') ?? []).slice(1);
}

/** `~` for $HOME, as bash's polite_directory_format (a HOME of "/" is never abbreviated) */
function polite(ctx: ShellContext, dir: string): string {
  const home = ctx.vars.get('HOME');
  if (home === undefined || home.length <= 1 || !dir.startsWith(home)) return dir;
  const next = dir.charAt(home.length);
  return next === '' || next === '/' ? '~' + dir.slice(home.length) : dir;
}

/** `+N` / `-N` → an index into [cwd, ...saved], or NaN when not a number */
function stackIndex(word: string, savedCount: number): number {
  const digits = word.slice(1);
  if (!/^[0-9]+$/.test(digits)) return NaN;
  const n = Number(digits);
  return word.charAt(0) === '+' ? n : savedCount - n;
}

function usageError(ctx: ShellContext, name: Name, message: string): number {
  return optionUsageError(ctx, OPTIONS[name], message);
}

/** a `+N` / `-N` word (a bare `+` or `-` too: bash calls it an invalid number) */
function isSigned(word: string): boolean {
  return word.charAt(0) === '+' || word.charAt(0) === '-';
}

/**
 * enter `dir` (unless noCd) as cd does (`-`, CDPATH, its printing), then store the new stack and
 * print it
 */
function settle(ctx: ShellContext, name: Name, rest: string[], dir: string | undefined, noCd: boolean): number | Promise<number> {
  let cwd = ctx.cwd;
  const store = (status: number): number | Promise<number> => {
    if (status !== 0) return status;
    ctx.vars.setArray('DIRSTACK', [cwd, ...rest]);
    return emit(ctx.stdout, [cwd, ...rest].map((d) => polite(ctx, d)).join(' ') + '\n');
  };
  if (dir === undefined || noCd) return store(0);
  const entered = changeDir(ctx, name, dir, undefined, (abs) => (cwd = abs));
  return entered instanceof Promise ? entered.then(store) : store(entered);
}

export const dirs: ShellBuiltin = {
  name: 'dirs',
  summary: 'display directory stack',
  usage: `dirs: ${USAGE.dirs}\n`,
  options: OPTIONS.dirs,
  run(ctx, args) {
    // as in bash, only a first argument of --help asks for the text (`dirs -v --help` is an error)
    const help = scanOptions(ctx, OPTIONS.dirs, args);
    if (help instanceof Ended) return help.status;
    let long = false;
    let perLine = false;
    let numbered = false;
    let index: number | undefined;
    let indexWord = '';
    let clear = false;
    const rest = saved(ctx);
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '--') break;
      if (a === '-l') long = true;
      else if (a === '-p') perLine = true;
      else if (a === '-v') numbered = true;
      else if (a === '-c') clear = true; // acted on once every argument is checked, as bash does
      else if (isSigned(a)) {
        index = stackIndex(a, rest.length);
        if (Number.isNaN(index)) return usageError(ctx, 'dirs', `${a}: invalid number`);
        indexWord = a.slice(1);
      } else return usageError(ctx, 'dirs', `${a}: invalid option`);
    }
    if (clear) {
      ctx.vars.setArray('DIRSTACK', [ctx.cwd]);
      return 0;
    }
    const full = [ctx.cwd, ...rest];
    const show = (d: string): string => (long ? d : polite(ctx, d));
    if (index !== undefined) {
      if (index < 0 || index >= full.length) {
        complain(ctx.stderr, rest.length === 0 ? 'dirs: directory stack empty' : `dirs: ${indexWord}: directory stack index out of range`);
        return 1;
      }
      return emit(ctx.stdout, show(full[index]!) + '\n');
    }
    let out = '';
    if (numbered) {
      full.forEach((d, k) => {
        out += `${String(k).padStart(2)}  ${show(d)}
`;
      });
    }
    else if (perLine) for (const d of full) out += show(d) + '\n';
    else out = full.map(show).join(' ') + '\n';
    return emit(ctx.stdout, out);
  },
};

export const pushd: ShellBuiltin = {
  name: 'pushd',
  summary: 'add directories to the stack',
  usage: `pushd: ${USAGE.pushd}\n`,
  options: OPTIONS.pushd,
  run(ctx, args) {
    const help = scanOptions(ctx, OPTIONS.pushd, args);
    if (help instanceof Ended) return help.status;
    // bash's loop: -n, `--`, a lone `-` (a directory: $OLDPWD) and +N/-N (a rotation, checked
    // at once) until the first other word
    let noCd = false;
    let rotate: number | undefined;
    let i = 0;
    const rest = saved(ctx);
    for (; i < args.length; i++) {
      const a = args[i]!;
      if (a === '--') {
        i++;
        break;
      }
      if (a === '-n') noCd = true;
      else if (a === '-') break;
      else if (a[0] === '+' || a[0] === '-') {
        const k = stackIndex(a, rest.length);
        if (Number.isNaN(k)) return usageError(ctx, 'pushd', `${a}: invalid number`);
        // +0 / -0 rotate by nothing, even with no saved directory
        if (k < 0 || k > rest.length) {
          complain(ctx.stderr, rest.length === 0 ? 'pushd: directory stack empty' : `pushd: ${a}: directory stack index out of range`);
          return 1;
        }
        rotate = k;
      } else break;
    }
    if (rotate !== undefined) {
      const full = [ctx.cwd, ...rest];
      const rotated = [...full.slice(rotate), ...full.slice(0, rotate)];
      if (!noCd) return settle(ctx, 'pushd', rotated.slice(1), rotated[0], false);
      // -n: the stack turns, the directory stays and nothing is printed
      if (rotate > 0) ctx.vars.setArray('DIRSTACK', [ctx.cwd, ...rotated.slice(1)]);
      return 0;
    }
    const operands = args.slice(i);
    const first = operands[0];
    if (operands.length > 1) {
      complain(ctx.stderr, 'pushd: too many arguments');
      return 1;
    }
    if (first === undefined) {
      if (noCd) return 0; // bash: `pushd -n` alone leaves the stack as it is
      if (rest.length === 0) {
        complain(ctx.stderr, 'pushd: no other directory');
        return 1;
      }
      const top = rest[0]!;
      return settle(ctx, 'pushd', [ctx.cwd, ...rest.slice(1)], top, noCd);
    }
    if (noCd) return settle(ctx, 'pushd', [first, ...rest], undefined, true);
    return settle(ctx, 'pushd', [ctx.cwd, ...rest], first, false);
  },
};

export const popd: ShellBuiltin = {
  name: 'popd',
  summary: 'remove directories from the stack',
  usage: `popd: ${USAGE.popd}\n`,
  options: OPTIONS.popd,
  run(ctx, args) {
    const help = scanOptions(ctx, OPTIONS.popd, args);
    if (help instanceof Ended) return help.status;
    let noCd = false;
    let which = 0;
    let whichWord = '';
    const rest = saved(ctx);
    for (const a of args) {
      if (a === '--') break;
      if (a === '-n') noCd = true;
      else if (a === '') break; // bash stops at an empty word
      else if (isSigned(a)) {
        which = stackIndex(a, rest.length);
        if (Number.isNaN(which)) return usageError(ctx, 'popd', `${a}: invalid number`);
        whichWord = a;
      } else return usageError(ctx, 'popd', `${a}: invalid argument`);
    }
    if (rest.length === 0) {
      complain(ctx.stderr, 'popd: directory stack empty');
      return 1;
    }
    if (which < 0 || which > rest.length) {
      complain(ctx.stderr, `popd: ${whichWord}: directory stack index out of range`);
      return 1;
    }
    // index 0 is the working directory: leave it for the next saved one (`-n`: drop that one)
    if (which === 0) return settle(ctx, 'popd', rest.slice(1), noCd ? undefined : rest[0], noCd);
    return settle(ctx, 'popd', rest.filter((_, k) => k !== which - 1), undefined, true);
  },
};
