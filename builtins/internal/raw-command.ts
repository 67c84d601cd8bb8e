// The other way to write a command (see command.ts for the first): one whose command line is not
// getopt's, so the framework cannot scan it. find's leading -H/-L/-P words and expression, ps's
// UNIX, BSD and GNU option styles, ip's OBJECT COMMAND words, lsof's own option letters: each is
// read by the command's own parser, which decides where --help or --version counts (`find . -help`
// answers, `find -name --help` does not). What the command answers then is the framework's, the
// same text and status as defineCommand's:
//
//   export const ps = defineRawCommand({
//     name: 'ps',
//     summary: 'report a snapshot of the current processes',
//     help: PS_HELP,
//     run(ctx, line) {
//       const req = parsePsArgs(line.args);
//       if (req.help) return line.help();        // the help text on stdout, 0
//       if (req.version) return line.version();  // `ps (rshell) 0.1.0`, 0
//       …
//     },
//   });
//
// Where a tool's front matter IS getopt's (options, then operands its own grammar reads: vmstat's
// DELAY COUNT, ss's FILTER), declare it with defineCommand instead (stopAtFirstOperand for getopt's
// "+" optstrings): the options, their errors, --help and --version come with it.
//
// This module imports no flag scanner (flags.ts brings yargs-parser), so find's chunk stays
// without it.

import type { CallContext, Command } from '../types.js';
import { writeThen } from './print.js';
import { versionText } from './version.js';

type Answer = number | Promise<number>;

/** what a raw command's `run` receives */
export interface RawCommandLine {
  /** the arguments as given */
  readonly args: readonly string[];
  /** what --help answers: the help text on stdout, then `status` (0) */
  help(status?: number): Answer;
  /** what --version answers: `NAME (rshell) 0.1.0` on stdout, 0 */
  version(): Answer;
}

export interface RawCommandSpec {
  name: string;
  /** one line for `help` */
  summary: string;
  /** the --help text */
  help: string;
  run(ctx: CallContext, line: RawCommandLine): Answer;
}

class Line implements RawCommandLine {
  constructor(
    private readonly ctx: CallContext,
    private readonly spec: RawCommandSpec,
    readonly args: readonly string[],
  ) {}

  help(status = 0): Answer {
    return writeThen(this.ctx.stdout, this.spec.help, status);
  }

  version(): Answer {
    return writeThen(this.ctx.stdout, versionText(this.spec.name), 0);
  }
}

/** Declare a command that parses its own arguments; --help and --version are answered for it. */
export function defineRawCommand(spec: RawCommandSpec): Command {
  const run = spec.run.bind(spec);
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.help,
    run: (ctx, args) => run(ctx, new Line(ctx, spec, args)),
  };
}
