// which: locate a command (Debian's debianutils `which`, a shell script reading `getopts a`).
// rshell has no program files: a command is found when rshell runs it as a command, and which
// prints its bare name, as `type -P` and `command -v` do in rshell (SHELL_FEATURES.md). Shell
// builtins and functions are not programs and are not found, nor is any name with a `/`.
// Status: 0 when every name was found, 1 otherwise, 2 for a bad option.

import type { CallContext, Command } from '../types.js';
import { CollectingWriter } from '../../lib/io/pipe.js';
import { decode } from '../../lib/io/encoding.js';
import { say } from '../internal/print.js';

const USAGE = 'Usage: /usr/bin/which [-a] args\n';

/** the bare name when rshell runs NAME as a command (asked of `type -P` in a fresh child shell) */
async function locate(ctx: CallContext, name: string): Promise<string | undefined> {
  if (name === '' || name.includes('/')) return undefined;
  const out = new CollectingWriter();
  const quoted = `'${name.replace(/'/g, `'\\''`)}'`;
  const status = await ctx.runShellText(`type -P -- ${quoted}`, { stdout: out, stderr: new CollectingWriter() });
  const text = decode(out.bytes());
  return status === 0 && text !== '' ? text : undefined;
}

export const which: Command = {
  name: 'which',
  summary: 'locate a command',
  usage: USAGE,
  async run(ctx, args) {
    // getopts "a": clusters of letters until `--` or the first word that is no option
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i]!;
      if (a === '--') {
        i++;
        break;
      }
      if (!a.startsWith('-') || a === '-') break;
      for (const c of a.slice(1)) {
        if (c !== 'a') {
          await say(ctx.stderr, `Illegal option -${c}\n`);
          await say(ctx.stdout, USAGE);
          return 2;
        }
      }
    }
    const names = args.slice(i);
    if (names.length === 0) return 1;
    let status = 0;
    for (const name of names) {
      ctx.checkAbort();
      const found = await locate(ctx, name);
      if (found === undefined) status = 1;
      else await say(ctx.stdout, found);
    }
    return status;
  },
};
