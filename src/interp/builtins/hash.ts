// hash [-lr] [-p pathname] [-dt] [name ...] — bash remembers where it found each program. rshell
// runs its commands in-process and searches no PATH, so there is nothing to remember: the table
// is always empty. What scripts use `hash` for still works: `hash grep 2>/dev/null || …` probes
// whether a command exists (status 0 for an allowed rshell command, a builtin or a function, as
// in bash), and `hash -t grep` prints what `command -v grep` prints (the bare name: see type.ts).
import type { ShellBuiltin } from '../state/shell-api.js';
import { complain, emit } from './io.js';
import { defineOptions, Ended, parseOptions } from './options.js';

const SYNOPSIS = 'hash [-lr] [-p pathname] [-dt] [name ...]';
const OPTIONS = defineOptions({ name: 'hash', letters: 'dlp:rt', synopsis: SYNOPSIS });

export const hash: ShellBuiltin = {
  name: 'hash',
  summary: 'check that commands exist (rshell keeps no path table)',
  always: true,
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `hash: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const p = parseOptions(ctx, OPTIONS, args);
    if (p instanceof Ended) return p.status;
    const { opts, operands } = p;
    // -d is named first when both lack a name (hash.def)
    if ((opts.has('d') || opts.has('t')) && operands.length === 0) {
      complain(ctx.stderr, `hash: ${opts.has('d') ? '-d' : '-t'}: option requires an argument`);
      return 1;
    }
    if (opts.has('p')) {
      complain(ctx.stderr, 'hash: -p: setting a command\'s path is not supported (rshell runs no program by path)');
      return 1;
    }
    if (opts.has('d')) return 0; // nothing is remembered, so nothing to forget
    if (operands.length === 0) {
      // -l lists the table as commands to re-create it: nothing, quietly
      return opts.has('r') || opts.has('l') ? 0 : emit(ctx.stdout, 'hash: hash table empty\n');
    }
    let out = '';
    let status = 0;
    for (const n of operands) {
      if (n.includes('/')) continue; // bash does not hash a name with a slash
      const kind = ctx.vars.commandKind(n);
      if (opts.has('t')) {
        // only programs are ever hashed: builtins and functions are "not found" here, as in bash
        if (kind === 'command') out += operands.length > 1 ? `${n}\t${n}\n` : `${n}\n`;
        else {
          complain(ctx.stderr, `hash: ${n}: not found`);
          status = 1;
        }
      } else if (kind === undefined || kind === 'keyword') {
        complain(ctx.stderr, `hash: ${n}: not found`);
        status = 1;
      }
    }
    return out ? emit(ctx.stdout, out, status) : status;
  },
};
