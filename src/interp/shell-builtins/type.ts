// type [-afptP] name [name ...] — how each NAME would be interpreted. rshell has no PATH: allowed
// commands are in-process builtins, so they are reported as shell builtins (`-t` prints
// `builtin`) and `-p`/`-P` print nothing for them. Function bodies are not printed (the
// ShellContext does not expose them): `f is a function`.
import type { ShellBuiltin } from '../shell-api.js';
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
      // commandKind reports the first kind only (a function shadowing a builtin hides it)
      const kind = ctx.vars.commandKind(n);
      const kinds: string[] = kind && !(kind === 'function' && opts.has('f')) ? [kind] : [];
      if (kinds.length === 0) {
        status = 1;
        if (!opts.has('t') && !pathOnly) complain(ctx.stderr, `type: ${n}: not found`);
        continue;
      }
      if (pathOnly) continue;
      for (const k of opts.has('a') ? kinds : kinds.slice(0, 1)) {
        out += (opts.has('t') ? TYPE_WORD[k]! : DESCRIBE[k]!(n)) + '\n';
      }
    }
    return emit(ctx.stdout, out, status);
  },
};
