// cd [-L|-P] [dir] — the target must lie inside the sandbox, or be an ancestor of a root (which
// is entered but stays unreadable, like a directory with only execute permission): it is checked
// with ctx.fs.stat / ctx.fs.traversable and entered with ctx.chdir (which also sets PWD and OLDPWD). No operand → $HOME; `-` → $OLDPWD
// (printed); an empty operand does nothing. -L (default, unless `set -P`) resolves `..`
// lexically, -P resolves symlinks (ctx.fs.realpath). A relative operand is looked for in each
// CDPATH entry first (an empty entry is `.`), as bash does: the directory found through a
// non-empty entry is printed (with -P, the path made from the entry). -e is accepted and ignored;
// -@ is an invalid option, as in Debian's bash.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { complain, emit } from './io.js';
import { defineOptions, Ended, parseOptions } from './options.js';

const SYNOPSIS = 'cd [-L|[-P [-e]] [-@]] [dir]';

// no -@: bash 5.2 as Debian builds it has no extended-attribute support (`-@: invalid option`)
const OPTIONS = defineOptions({ name: 'cd', letters: 'eLP', synopsis: SYNOPSIS });

export const cd: ShellBuiltin = {
  name: 'cd',
  summary: 'change the shell working directory',
  // `--help` and `help cd` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `cd: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const p = parseOptions(ctx, OPTIONS, args);
    if (p instanceof Ended) return p.status;
    // `set -P` (physical) makes -P the default; the last of -L/-P given wins
    // the last of -L/-P given wins
    const physical = p.order.includes('P') || p.order.includes('L')
      ? p.order.lastIndexOf('P') > p.order.lastIndexOf('L')
      : physicalDefault(ctx);
    if (p.operands.length > 1) {
      complain(ctx.stderr, 'cd: too many arguments');
      return 1;
    }
    let target: string | undefined = p.operands[0];
    if (target === undefined) {
      target = ctx.vars.get('HOME');
      if (target === undefined) {
        complain(ctx.stderr, 'cd: HOME not set');
        return 1;
      }
    }
    return changeDir(ctx, 'cd', target, physical);
  },
};

/**
 * Enter `target` as bash's cd does once it has its operand (`-` is $OLDPWD, printed; CDPATH;
 * an empty operand does nothing). `name` words the errors: pushd enters directories this way;
 * `onEnter` learns the directory entered (ctx.cwd is the one the command started in).
 */
export function changeDir(
  ctx: ShellContext,
  name: string,
  target: string,
  physical = physicalDefault(ctx),
  onEnter?: (abs: string) => void,
): number | Promise<number> {
  let print = false;
  if (target === '-') {
    const old = ctx.vars.get('OLDPWD');
    if (old === undefined) {
      complain(ctx.stderr, `${name}: OLDPWD not set`);
      return 1;
    }
    target = old;
    print = true;
  }
  if (target === '') return 0;
  const viaCdpath = searchCdpath(ctx, target, physical);
  if (viaCdpath !== undefined) {
    ctx.chdir(viaCdpath.abs);
    onEnter?.(viaCdpath.abs);
    const shown = viaCdpath.shown ?? (print ? viaCdpath.abs : undefined);
    return shown !== undefined ? emit(ctx.stdout, shown + '\n') : 0;
  }
  const abs = resolveDir(ctx, name, target, physical);
  if (abs === undefined) return 1;
  ctx.chdir(abs);
  onEnter?.(abs);
  return print ? emit(ctx.stdout, abs + '\n') : 0;
}

/** `set -P` (physical) makes -P the default */
function physicalDefault(ctx: ShellContext): boolean {
  return ctx.options.set.get('physical') === true;
}

/** bash's absolute_pathname: such an operand is never looked for in CDPATH */
function skipsCdpath(dir: string): boolean {
  return dir.startsWith('/') || dir === '.' || dir === '..' || dir.startsWith('./') || dir.startsWith('../');
}

/** the first CDPATH entry holding `dir` (print: found through a non-empty entry), or undefined */
function searchCdpath(ctx: ShellContext, dir: string, physical: boolean): { abs: string; shown?: string } | undefined {
  const cdpath = ctx.vars.get('CDPATH');
  if (cdpath === undefined || cdpath === '' || skipsCdpath(dir)) return undefined;
  for (const entry of cdpath.split(':')) {
    const base = entry === '' ? '.' : entry;
    const path = (base.endsWith('/') ? base : base + '/') + dir;
    const r = tryDir(ctx, path, physical);
    // bash prints the new directory (with -P: the path it made) when the entry is not empty
    if (typeof r === 'string') return { abs: r, shown: entry === '' ? undefined : physical ? path : r };
  }
  return undefined;
}

/** the directory to enter, or `{ error }` with the reason (`No such file or directory`) */
function tryDir(ctx: ShellContext, target: string, physical: boolean): string | { error: string } {
  const st = ctx.fs.stat(target);
  if (!st.ok) {
    // an ancestor of a root can be passed through (execute-only), never read: see traversable
    if (st.error.code === 'EACCES' && ctx.fs.traversable?.(target, physical)) return ctx.fs.abs(target);
    return { error: st.error.message };
  }
  if (st.value.type !== 'dir') return { error: 'Not a directory' };
  if (!physical) return ctx.fs.abs(target);
  const real = ctx.fs.realpath(target);
  return real.ok ? real.value : { error: real.error.message };
}

/**
 * Check a `cd` target through the sandbox and return the directory to enter (-P: with symlinks
 * resolved), or undefined after `NAME: target: reason` on stderr. Shared by cd, pushd and popd.
 */
export function resolveDir(ctx: ShellContext, name: string, target: string, physical: boolean): string | undefined {
  const r = tryDir(ctx, target, physical);
  if (typeof r === 'string') return r;
  complain(ctx.stderr, `${name}: ${target}: ${r.error}`);
  return undefined;
}
