// The opening every GNU-style builtin shares: parse the arguments (POSIXLY_CORRECT stops at the
// first operand, as getopt does), then answer a bad option (`name: message` and the `Try` hint
// on stderr), --help or --version before the command looks at anything else.

import type { CallContext } from '../types.js';
import { parseFlags, versionText, writeUsageError, type FlagSpec, type Occurrence, type ParseOptions, type ParseResult } from './flags.js';
import { printAndExit } from './print.js';

export type ParsedArgs = Extract<ParseResult, { ok: true }>;

export interface GnuArgsOptions {
  /** the name --version prints */
  name: string;
  /** the --help text */
  help: string;
  /** the status of a bad option (GNU: 1, sort: 2) */
  usageStatus?: number;
  /** see ParseOptions.claimOperand (sort's and uniq's obsolete `+POS`) */
  claimOperand?: ParseOptions['claimOperand'];
  /**
   * When the scan fails: check the values of the options before the bad one, as GNU's getopt
   * loop does as it goes; a status means one was bad and was reported (the scan's error is not).
   */
  checkBefore?: (order: readonly Occurrence[]) => number | Promise<number> | undefined;
}

/** The parsed arguments, or the exit status when a bad option, --help or --version answered. */
export async function parseGnuArgs(
  ctx: CallContext,
  spec: FlagSpec,
  args: readonly string[],
  opts: GnuArgsOptions,
): Promise<ParsedArgs | number> {
  const parsed = parseFlags(spec, args, {
    posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined,
    ...(opts.claimOperand === undefined ? {} : { claimOperand: opts.claimOperand }),
  });
  if (!parsed.ok) {
    const earlier = opts.checkBefore?.(parsed.order);
    if (earlier !== undefined) return earlier;
    const status = opts.usageStatus ?? 1;
    if (parsed.plain !== true) return writeUsageError(ctx, parsed.message, status);
    const p = ctx.stderr.writeString(`${opts.name}: ${parsed.message}\n`);
    return p ? p.then(() => status) : status;
  }
  if (parsed.flags.help === true) return printAndExit(ctx, opts.help);
  if (parsed.flags.version === true) return printAndExit(ctx, versionText(opts.name));
  return parsed;
}
