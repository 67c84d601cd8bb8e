// help [-dms] [name ...] — Go rshell's help: with no NAME, the allowed commands (`%-*s  summary`
// lines, then a pointer to `help <command>`); with NAMEs, each command's usage text. Names that
// are not allowed or unknown: `help: no help topics match 'x'`, status 1.
//   -d  `name - summary`;  -s  the synopsis line only;  -m  the full usage (the default)
import type { ShellBuiltin } from '../shell-api.js';
import { complain, emit } from './io.js';
import { parseOptions } from './options.js';

const SYNOPSIS = 'help [-dms] [pattern ...]';

export const help: ShellBuiltin = {
  name: 'help',
  summary: 'display help for commands',
  usage: `help: ${SYNOPSIS}
    Without NAME, list the commands this shell allows. With NAMEs, print the
    help of each.

    Options:
      -d	print a one-line description of each NAME
      -m	print the full help (the default)
      -s	print only the usage synopsis
`,
  run(ctx, args) {
    const p = parseOptions(ctx, 'help', SYNOPSIS, help.usage, 'dms', args);
    if (typeof p === 'number') return p;
    const { opts, operands } = p;
    if (operands.length === 0) {
      const cmds = ctx.listCommands();
      const width = Math.max(0, ...cmds.map((c) => c.name.length));
      let out = '';
      for (const c of cmds) out += `${c.name.padEnd(width)}  ${c.summary}\n`;
      out += "\nRun 'help <command>' for more information on a specific command.\n";
      return emit(ctx.stdout, out);
    }
    let out = '';
    let status = 0;
    const summaries = new Map(ctx.listCommands().map((c) => [c.name, c.summary]));
    for (const n of operands) {
      const usage = ctx.commandUsage(n);
      if (usage === undefined) {
        complain(ctx.stderr, `help: no help topics match '${n}'`);
        status = 1;
        continue;
      }
      if (opts.has('d')) out += `${n} - ${summaries.get(n) ?? ''}\n`;
      else if (opts.has('s')) out += usage.split('\n')[0] + '\n';
      else out += usage.endsWith('\n') ? usage : usage + '\n';
    }
    return emit(ctx.stdout, out, status);
  },
};
