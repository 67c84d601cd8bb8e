// type [-afptP] name [name ...] — how each NAME would be interpreted. rshell has no PATH: allowed
// commands are in-process builtins, so they are reported as shell builtins (`-t` prints
// `builtin`) and `-p`/`-P` print nothing for them. A function's definition is printed when the
// core provides ShellVars.functionText.
import type { ShellBuiltin, ShellContext } from '../shell-api.js';
import { complain, emit } from './io.js';
import { parseOptions } from './options.js';

const SYNOPSIS = 'type [-afptP] name [name ...]';

const DESCRIBE: Record<string, (n: string) => string> = {
  keyword: (n) => `${n} is a shell keyword`,
  function: (n) => `${n} is a function`,
  builtin: (n) => `${n} is a shell builtin`,
  command: (n) => `${n} is a shell builtin`,
};

const TYPE_WORD: Record<string, string> = { keyword: 'keyword', function: 'function', builtin: 'builtin', command: 'builtin' };

/** every kind NAME has, in lookup order; without commandKinds, a function may hide a builtin */
function kindsOf(ctx: ShellContext, n: string): string[] {
  if (ctx.vars.commandKinds) return ctx.vars.commandKinds(n);
  const kind = ctx.vars.commandKind(n);
  if (!kind) return [];
  if (kind === 'function' && ctx.listCommands().some((c) => c.name === n)) return [kind, 'builtin'];
  return [kind];
}

export const type: ShellBuiltin = {
  name: 'type',
  summary: 'describe how each name would be interpreted',
  usage: `type: ${SYNOPSIS}
    For each NAME, tell whether it is a shell keyword, a function or a
    builtin command (every allowed rshell command runs in-process).

    Options:
      -a	show every kind NAME has (function and builtin)
      -f	ignore functions
      -p, -P	print the file that would run (rshell has none: nothing)
      -t	print a single word: keyword, function or builtin
`,
  run(ctx, args) {
    const p = parseOptions(ctx, 'type', SYNOPSIS, type.usage, 'afptP', args);
    if (typeof p === 'number') return p;
    const { opts, operands } = p;
    const pathOnly = opts.has('p') || opts.has('P');
    let out = '';
    let status = 0;
    for (const n of operands) {
      const kinds = kindsOf(ctx, n).filter((k) => !(k === 'function' && opts.has('f')));
      if (kinds.length === 0) {
        status = 1;
        if (!opts.has('t') && !pathOnly) complain(ctx.stderr, `type: ${n}: not found`);
        continue;
      }
      if (pathOnly) continue;
      for (const k of opts.has('a') ? kinds : kinds.slice(0, 1)) {
        if (opts.has('t')) out += TYPE_WORD[k]! + '\n';
        else {
          out += DESCRIBE[k]!(n) + '\n';
          const body = k === 'function' ? ctx.vars.functionText?.(n) : undefined;
          if (body !== undefined) out += body.endsWith('\n') ? body : body + '\n';
        }
      }
    }
    return emit(ctx.stdout, out, status);
  },
};
