// cd [-L|-P] [dir] — the target must lie inside the sandbox, or be an ancestor of a root (which
// is entered but stays unreadable, like a directory with only execute permission): it is checked
// with ctx.fs.stat / ctx.fs.traversable and entered with ctx.chdir (which also sets PWD and OLDPWD). No operand → $HOME; `-` → $OLDPWD
// (printed); an empty operand does nothing. -L (default) resolves `..` lexically, -P resolves
// symlinks (ctx.fs.realpath). CDPATH is not consulted. -e and -@ are accepted and ignored.
import type { ShellBuiltin, ShellContext } from '../shell-api.js';
import { complain, emit } from './io.js';
import { optionsEnded, parseBuiltinOptions } from './options.js';

const SYNOPSIS = 'cd [-L|[-P [-e]] [-@]] [dir]';

export const cd: ShellBuiltin = {
  name: 'cd',
  summary: 'change the shell working directory',
  // `--help` and `help cd` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `cd: ${SYNOPSIS}\n`,
  run(ctx, args) {
    const p = parseBuiltinOptions(ctx, 'cd', SYNOPSIS, 'LPe@', args);
    if (optionsEnded(p)) return p;
    const physical = p.order.lastIndexOf('P') > p.order.lastIndexOf('L');
    if (p.operands.length > 1) {
      complain(ctx.stderr, 'cd: too many arguments');
      return 1;
    }
    let target: string | undefined = p.operands[0];
    let print = false;
    if (target === undefined) {
      target = ctx.vars.get('HOME');
      if (target === undefined) {
        complain(ctx.stderr, 'cd: HOME not set');
        return 1;
      }
    } else if (target === '-') {
      target = ctx.vars.get('OLDPWD');
      if (target === undefined) {
        complain(ctx.stderr, 'cd: OLDPWD not set');
        return 1;
      }
      print = true;
    }
    if (target === '') return 0;
    const abs = resolveDir(ctx, 'cd', target, physical);
    if (abs === undefined) return 1;
    ctx.chdir(abs);
    return print ? emit(ctx.stdout, abs + '\n') : 0;
  },
};

/**
 * Check a `cd` target through the sandbox and return the directory to enter (-P: with symlinks
 * resolved), or undefined after `NAME: target: reason` on stderr. Shared by cd, pushd and popd.
 */
export function resolveDir(ctx: ShellContext, name: string, target: string, physical: boolean): string | undefined {
  const st = ctx.fs.stat(target);
  if (!st.ok) {
    // an ancestor of a root can be passed through (execute-only), never read: see traversable
    if (st.error.code === 'EACCES' && ctx.fs.traversable?.(target, physical)) return ctx.fs.abs(target);
    complain(ctx.stderr, `${name}: ${target}: ${st.error.message}`);
    return undefined;
  }
  if (st.value.type !== 'dir') {
    complain(ctx.stderr, `${name}: ${target}: Not a directory`);
    return undefined;
  }
  if (!physical) return ctx.fs.abs(target);
  const real = ctx.fs.realpath(target);
  if (!real.ok) {
    complain(ctx.stderr, `${name}: ${target}: ${real.error.message}`);
    return undefined;
  }
  return real.value;
}
