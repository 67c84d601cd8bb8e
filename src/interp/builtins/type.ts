// type [-afptP] name [name ...] — how each NAME would be interpreted. rshell has no PATH: an
// allowed rshell command (grep, find…) runs in-process, but bash knows it as a program on disk,
// so it is reported in bash's shape for a file (`-t` prints `file`) with its bare name where bash
// prints the path: `$(type -P grep)` then names something rshell can run, and no host path that
// does not exist is shown. A function's definition is printed when the core provides
// ShellVars.functionText.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { complain, OrderedOut } from './io.js';
import { defineOptions, Ended, parseOptions } from './options.js';

const SYNOPSIS = 'type [-afptP] name [name ...]';
const OPTIONS = defineOptions({ name: 'type', letters: 'afptP', synopsis: SYNOPSIS });

type Kind = 'keyword' | 'function' | 'builtin' | 'command';

const DESCRIBE: Record<Kind, (n: string) => string> = {
  keyword: (n) => `${n} is a shell keyword`,
  function: (n) => `${n} is a function`,
  builtin: (n) => `${n} is a shell builtin`,
  command: (n) => `${n} is ${n}`,
};

const TYPE_WORD: Record<Kind, string> = { keyword: 'keyword', function: 'function', builtin: 'builtin', command: 'file' };

/** every kind NAME has, in lookup order; without commandKinds, a function may hide a builtin */
function kindsOf(ctx: ShellContext, n: string): Kind[] {
  if (ctx.vars.commandKinds) return ctx.vars.commandKinds(n);
  const kind = ctx.vars.commandKind(n);
  if (!kind) return [];
  if (kind === 'function' && ctx.listCommands().some((c) => c.name === n)) return [kind, 'builtin'];
  return [kind];
}

export const type: ShellBuiltin = {
  name: 'type',
  summary: 'describe how each name would be interpreted',
  always: true,
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `type: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const p = parseOptions(ctx, OPTIONS, args);
    if (p instanceof Ended) return p.status;
    const { opts, operands } = p;
    const pathOnly = opts.has('p') || opts.has('P');
    const out = new OrderedOut(ctx.stdout);
    let status = 0;
    for (const n of operands) {
      const kinds = kindsOf(ctx, n).filter((k) => !(k === 'function' && opts.has('f')));
      if (kinds.length === 0) {
        status = 1;
        if (!opts.has('t') && !pathOnly) {
          out.flush();
          complain(ctx.stderr, `type: ${n}: not found`);
        }
        continue;
      }
      if (pathOnly) {
        // -p answers only when NAME would run the command; -P looks past functions and builtins
        const runsCommand = opts.has('P') ? kinds.includes('command') : kinds[0] === 'command';
        if (runsCommand) out.text += n + '\n';
        else if (opts.has('P')) status = 1;
        continue;
      }
      for (const k of opts.has('a') ? kinds : kinds.slice(0, 1)) {
        if (opts.has('t')) out.text += TYPE_WORD[k] + '\n';
        else {
          out.text += DESCRIBE[k](n) + '\n';
          const body = k === 'function' ? ctx.vars.functionText?.(n) : undefined;
          if (body !== undefined) out.text += body.endsWith('\n') ? body : body + '\n';
        }
      }
    }
    return out.done(status);
  },
};
