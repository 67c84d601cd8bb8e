// Option parsing for the shell builtins: the one bash-style parser lives in ../help/option.ts (a
// layer below, so that the parsed `declare` of ../exec can use it too); the builtins import it
// from here. How a builtin declares its options: docs/RULES.md, "Shell builtins".

export {
  defineOptions,
  Ended,
  helpFirst,
  parseOptions,
  say,
  scanOptions,
  showHelp,
  usageError,
  type EachOption,
  type OptionLetters,
  type OptionTable,
  type ParsedOptions,
} from '../help/option.js';

import type { ShellContext } from '../state/shell-api.js';
import { writeBuiltinHelp } from '../help/texts-index.js';
import { complain } from './io.js';

export { invalidNumberMessage } from '../../../lib/printf/numbers.js';

interface LegacyParsed {
  /** flag letter → value ('' for flags without an argument); the last occurrence wins */
  opts: Map<string, string>;
  /** flags in the order given (for options whose order matters, such as cd -L/-P) */
  order: string[];
  /** every flag with its value ('' for none), in the order given: bash checks values as it meets them */
  given: [string, string][];
  operands: string[];
}

/** the status that ended the command instead: a usage error, or --help (a promise: the text loads lazily) */
export type OptionsEnd = number | Promise<number>;

/** did parsing end the command (usage error or --help) rather than return the options */
export function optionsEnded(p: LegacyParsed | OptionsEnd): p is OptionsEnd {
  return typeof p === 'number' || p instanceof Promise;
}

/**
 * @deprecated defineOptions + parseOptions; kept until every builtin declares its options.
 * `spec` lists the letters, a letter followed by ':' takes an argument ("ra:d:n:").
 * `--help` before the operands prints bash's help text for `name` (../builtin-help).
 */
export function parseBuiltinOptions(
  ctx: ShellContext,
  name: string,
  synopsis: string,
  spec: string,
  args: string[],
  each?: OptionCheck,
): LegacyParsed | OptionsEnd {
  return scan(ctx, name, synopsis, spec, args, () => writeBuiltinHelp(ctx.stdout, name), each);
}

/**
 * Called for each flag as the scan meets it, the way bash's builtins check a value inside their
 * getopt loop: a status ends the command there, before a bad option further on is seen.
 */
export type OptionCheck = (flag: string, value: string) => number | undefined;

function scan<H extends OptionsEnd>(
  ctx: ShellContext,
  name: string,
  synopsis: string,
  spec: string,
  args: string[],
  onHelp: () => H,
  each?: OptionCheck,
): LegacyParsed | number | H {
  const opts = new Map<string, string>();
  const order: string[] = [];
  const given: [string, string][] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '--help') return onHelp();
    if (a.length < 2 || a[0] !== '-') break;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      const at = spec.indexOf(c);
      if (at < 0 || c === ':') {
        complain(ctx.stderr, `${name}: -${c}: invalid option`);
        complain(ctx.stderr, `${name}: usage: ${synopsis}`);
        return 2;
      }
      order.push(c);
      if (spec[at + 1] !== ':') {
        opts.set(c, '');
        given.push([c, '']);
        const st = each?.(c, '');
        if (st !== undefined) return st;
        continue;
      }
      if (k + 1 < a.length) opts.set(c, a.slice(k + 1));
      else if (i + 1 < args.length) opts.set(c, args[++i]!);
      else {
        complain(ctx.stderr, `${name}: -${c}: option requires an argument`);
        complain(ctx.stderr, `${name}: usage: ${synopsis}`);
        return 2;
      }
      given.push([c, opts.get(c)!]);
      const st = each?.(c, opts.get(c)!);
      if (st !== undefined) return st;
      break;
    }
  }
  return { opts, order, given, operands: args.slice(i) };
}

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
