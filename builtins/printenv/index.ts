// printenv: print all or part of the exported environment (GNU coreutils 9.1). A name is found
// only as a whole exported variable (a name with `=` never is); status 1 when one is missing,
// 2 for a usage error.

import { defineCommand, flag } from '../internal/command.js';
import { PRINTENV_USAGE } from './usage.js';

export const printenv = defineCommand({
  name: 'printenv',
  summary: 'print all or part of environment',
  help: PRINTENV_USAGE,
  flags: { null: flag.boolean('-0 --null') },
  usageStatus: 2,
  run(ctx, { flags, operands }) {
    const end = flags.null ? '\0' : '\n';
    let text = '';
    let status = 0;
    if (operands.length === 0) {
      for (const [n, v] of ctx.exportedEnv()) text += `${n}=${v}${end}`;
    } else {
      for (const name of operands) {
        const v = name.includes('=') ? undefined : ctx.getEnv(name);
        if (v === undefined) status = 1;
        else text += v + end;
      }
    }
    if (text === '') return status;
    const p = ctx.stdout.writeString(text);
    return p ? p.then(() => status) : status;
  },
});
