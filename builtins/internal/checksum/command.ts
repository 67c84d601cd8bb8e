// The option handling the checksum tools share (coreutils 9.1 digest.c main): their option
// tables, the getopt loop's effects (--status, --warn and --quiet cancel each other; --tag turns
// binary mode on; the last of -b/-t wins) and the checks after the loop, in GNU's order.

import type { CallContext } from '../../types.js';
import { flag, reject, writeUsageError, type OccurrenceOf } from '../command.js';
import { quote } from '../quote.js';
import { parseUintmax, numberErrorText } from '../xstrtol.js';
import type { SumSettings } from './sums.js';

/** the options every digest tool has, in digest.c's long_options order (after -l, before -a) */
export const CHECK_FLAGS = {
  check: flag.boolean('-c --check'),
  ignoreMissing: flag.boolean('--ignore-missing'),
  quiet: flag.boolean('--quiet'),
  status: flag.boolean('--status'),
  warn: flag.boolean('-w --warn'),
  strict: flag.boolean('--strict'),
  tag: flag.boolean('--tag'),
  zero: flag.boolean('-z --zero'),
};

/** md5sum, sha*sum: then -b and -t */
export const SUM_FLAGS = {
  ...CHECK_FLAGS,
  binary: flag.boolean('-b --binary'),
  text: flag.boolean('-t --text'),
};

/**
 * b2sum/cksum -l: xdectoumax's errors, and a length that is no multiple of 8, where getopt meets
 * it; a length past 512 is refused after the loop (lengthTooLarge)
 */
export function parseLength(name: string): (text: string) => { bits: number; text: string } | ReturnType<typeof reject> {
  return (text) => {
    const r = parseUintmax(text, '');
    if (r.kind !== 'ok') return reject(numberErrorText('invalid length', quote(text), r), { status: 1 });
    // past 2^53 it is far past 512 anyway: the check after the loop refuses it
    const n = r.value > 1n << 40n ? 2 ** 43 : Number(r.value);
    if (n % 8 !== 0) return reject(`invalid length: ${quote(text)}\n${name}: length is not a multiple of 8`, { status: 1 });
    return { bits: n, text };
  };
}

type Common = OccurrenceOf<typeof SUM_FLAGS> | { name: 'untagged'; value: undefined } | { name: string; value: unknown };

export interface LoopState {
  check: boolean;
  ignoreMissing: boolean;
  quiet: boolean;
  status: boolean;
  warn: boolean;
  strict: boolean;
  /** -1 unset, 0 no, 1 yes (digest.c prefix_tag) */
  tag: number;
  /** -1 unset, 0 text, 1 binary */
  binary: number;
  zero: boolean;
}

/** the getopt loop's effects, in command-line order */
export function replayLoop(order: readonly Common[]): LoopState {
  const st: LoopState = { check: false, ignoreMissing: false, quiet: false, status: false, warn: false, strict: false, tag: -1, binary: -1, zero: false };
  for (const o of order) {
    switch (o.name) {
      case 'check': st.check = true; break;
      case 'status': st.status = true; st.warn = false; st.quiet = false; break;
      case 'binary': st.binary = 1; break;
      case 'text': st.binary = 0; break;
      case 'warn': st.status = false; st.warn = true; st.quiet = false; break;
      case 'ignoreMissing': st.ignoreMissing = true; break;
      case 'quiet': st.status = false; st.warn = false; st.quiet = true; break;
      case 'strict': st.strict = true; break;
      case 'untagged': if (st.tag === 1) st.binary = -1; st.tag = 0; break;
      case 'tag': st.tag = 1; st.binary = 1; break;
      case 'zero': st.zero = true; break;
      default: break;
    }
  }
  return st;
}

/** the checks after the loop, in digest.c's order: a usage error's status, or undefined */
export function checkCombination(ctx: CallContext, st: LoopState, cksum: boolean): number | Promise<number> | undefined {
  const fail = (m: string): number | Promise<number> => writeUsageError(ctx, m, 1);
  if (!cksum && st.tag === 1 && st.binary === 0) return fail('--tag does not support --text mode');
  if (st.zero && st.check) return fail('the --zero option is not supported when verifying checksums');
  if (!cksum && st.tag === 1 && st.check) return fail('the --tag option is meaningless when verifying checksums');
  // cksum has no -b/-t: its --tag's binary mode is no error
  if (!cksum && st.binary >= 0 && st.check) return fail('the --binary and --text options are meaningless when verifying checksums');
  for (const [on, word] of [[st.ignoreMissing, 'ignore-missing'], [st.status, 'status'], [st.warn, 'warn'], [st.quiet, 'quiet'], [st.strict, 'strict']] as const) {
    if (on && !st.check) return fail(`the --${word} option is meaningful only when verifying checksums`);
  }
  return undefined;
}

/** the settings of a run, once the checks passed */
export function settingsOf(tool: string, st: LoopState, kind: SumSettings['kind'], bits: number, tagged: boolean): SumSettings {
  return {
    tool, kind, bits, tagged,
    binary: st.binary === 1,
    delim: st.zero ? 0 : 0x0a,
    check: st.check, ignoreMissing: st.ignoreMissing, quiet: st.quiet, status: st.status, warn: st.warn, strict: st.strict,
  };
}
