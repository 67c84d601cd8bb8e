// Parsing tr's STRING operands (GNU coreutils 9.1, C locale) into elements: single bytes, ranges
// c1-c2, classes [:name:], equivalence classes [=c=] and repeats [c*n] / [c*].
//
// As in GNU, backslash escapes are resolved first and remembered per position, so an escaped
// '[', '-', ':' or '*' is never syntax. Errors carry GNU's exact texts; warnings (an unescaped
// trailing backslash, an ambiguous octal escape) are collected for stderr and do not fail.

export type ClassName =
  | 'alnum' | 'alpha' | 'blank' | 'cntrl' | 'digit' | 'graph' | 'lower' | 'print' | 'punct' | 'space' | 'upper'
  | 'xdigit';

export type Element =
  | { kind: 'char'; c: number }
  | { kind: 'range'; lo: number; hi: number }
  | { kind: 'class'; name: ClassName }
  | { kind: 'equiv'; c: number }
  /** count 0: [c*] / [c*0], fill to the length of STRING1 */
  | { kind: 'repeat'; c: number; count: number };

export type ParseResult = { ok: true; elements: Element[] } | { ok: false; error: string };

const CLASS_NAMES = new Set<string>([
  'alnum', 'alpha', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'xdigit',
]);

/** the largest [c*n] count GNU accepts (its `count` type is a 64-bit size) */
const REPEAT_COUNT_MAXIMUM = (1n << 64n) - 1n;

interface Unescaped {
  bytes: number[];
  escaped: boolean[];
}

const SIMPLE_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11 };

/** GNU's make_printable_str: C escapes, octal for other non-printables */
export function printable(bytes: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    const named = { 7: 'a', 8: 'b', 12: 'f', 10: 'n', 13: 'r', 9: 't', 11: 'v' }[c];
    if (named !== undefined) out += '\\' + named;
    else if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20 && c < 0x7f) out += String.fromCharCode(c);
    else out += '\\' + c.toString(8).padStart(3, '0');
  }
  return out;
}

/** GNU's make_printable_char: the byte itself when printable, else octal */
function printableChar(c: number): string {
  return c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '\\' + c.toString(8).padStart(3, '0');
}

function unescapeSpec(s: Uint8Array, warnings: string[]): Unescaped {
  const bytes: number[] = [];
  const escaped: boolean[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s[i]!;
    if (c !== 0x5c) {
      bytes.push(c);
      escaped.push(false);
      continue;
    }
    if (i + 1 >= s.length) {
      warnings.push('tr: warning: an unescaped backslash at end of string is not portable\n');
      bytes.push(0x5c);
      escaped.push(false);
      continue;
    }
    const next = String.fromCharCode(s[i + 1]!);
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      c = simple;
      i++;
    } else if (next >= '0' && next <= '7') {
      c = s[i + 1]! - 0x30;
      i++;
      const d2 = (s[i + 1] ?? 0) - 0x30;
      if (i + 1 < s.length && d2 >= 0 && d2 <= 7) {
        c = 8 * c + d2;
        i++;
        const d3 = (s[i + 1] ?? 0) - 0x30;
        if (i + 1 < s.length && d3 >= 0 && d3 <= 7) {
          if (8 * c + d3 < 256) {
            c = 8 * c + d3;
            i++;
          } else {
            const [a, b, d] = [s[i - 1]!, s[i]!, s[i + 1]!].map((x) => String.fromCharCode(x));
            warnings.push(
              `tr: warning: the ambiguous octal escape \\${a}${b}${d} is being\n\tinterpreted as the 2-byte sequence \\0${a}${b}, ${d}\n`,
            );
          }
        }
      }
    } else {
      c = s[i + 1]!;
      i++;
    }
    bytes.push(c);
    escaped.push(true);
  }
  return { bytes, escaped };
}

class Scanner {
  constructor(readonly u: Unescaped) {}
  get length(): number {
    return this.u.bytes.length;
  }
  /** an unescaped `ch` at i */
  is(i: number, ch: string): boolean {
    return i < this.u.bytes.length && this.u.bytes[i] === ch.charCodeAt(0) && !this.u.escaped[i];
  }
  /** i < length: the callers check it, directly or through is() */
  at(i: number): number {
    return this.u.bytes[i]!;
  }
}

/** index of `delim` followed by ']' from start, or -1 */
function findClosingDelim(sc: Scanner, start: number, delim: string): number {
  for (let i = start; i < sc.length - 1; i++) if (sc.is(i, delim) && sc.is(i + 1, ']')) return i;
  return -1;
}

/** GNU's star_digits_closebracket: "*digits]" at idx */
function starDigitsCloseBracket(sc: Scanner, idx: number): boolean {
  if (!sc.is(idx, '*')) return false;
  let i = idx + 1;
  while (i < sc.length && sc.at(i) >= 0x30 && sc.at(i) <= 0x39 && !sc.u.escaped[i]) i++;
  return sc.is(i, ']');
}

type Repeat = { found: false } | { found: true; c: number; count: number; close: number } | { error: string };

/** xstrtoumax-like count: whitespace, optional '+', digits of the base, nothing after */
function parseRepeatCount(text: string): bigint | undefined {
  const m = /^[ \t\n\v\f\r]*\+?([0-9]+)$/.exec(text);
  if (m === null) return undefined;
  const digits = m[1]!;
  const octal = text[0] === '0';
  if (octal && /[89]/.test(digits)) return undefined;
  let v = 0n;
  const base = octal ? 8n : 10n;
  for (const d of digits) {
    v = v * base + BigInt(d.charCodeAt(0) - 48);
    if (v > REPEAT_COUNT_MAXIMUM) return undefined;
  }
  return v;
}

/** [c*n] with start at the repeated char (just after '[') */
function findBracketedRepeat(sc: Scanner, start: number): Repeat {
  if (!sc.is(start + 1, '*')) return { found: false };
  for (let i = start + 2; i < sc.length && !sc.u.escaped[i]; i++) {
    if (sc.at(i) !== 0x5d) continue;
    const digitBytes = sc.u.bytes.slice(start + 2, i);
    if (digitBytes.length === 0) return { found: true, c: sc.at(start), count: 0, close: i };
    const text = String.fromCharCode(...digitBytes);
    const count = parseRepeatCount(text);
    if (count === undefined) {
      return { error: `tr: invalid repeat count ${quoteValue(printable(digitBytes))} in [c*n] construct\n` };
    }
    const clamped = count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
    return { found: true, c: sc.at(start), count: clamped, close: i };
  }
  return { found: false };
}

/** gnulib quote() for ASCII text: 'x' with backslash and quote escaped */
function quoteValue(s: string): string {
  return "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

export function parseSpec(arg: Uint8Array, warnings: string[]): ParseResult {
  const sc = new Scanner(unescapeSpec(arg, warnings));
  const out: Element[] = [];
  const n = sc.length;
  let i = 0;
  while (i + 2 < n) {
    if (sc.is(i, '[')) {
      if (sc.is(i + 1, ':') || sc.is(i + 1, '=')) {
        const delim = String.fromCharCode(sc.at(i + 1));
        const close = findClosingDelim(sc, i + 2, delim);
        if (close >= 0) {
          const operand = sc.u.bytes.slice(i + 2, close);
          if (operand.length === 0) {
            return {
              ok: false,
              error: delim === ':' ? "tr: missing character class name '[::]'\n" : "tr: missing equivalence class character '[==]'\n",
            };
          }
          const name = String.fromCharCode(...operand);
          const valid = delim === ':' ? CLASS_NAMES.has(name) : operand.length === 1;
          if (valid) {
            out.push(delim === ':' ? { kind: 'class', name: name as ClassName } : { kind: 'equiv', c: operand[0]! });
            i = close + 2;
            continue;
          }
          // "[:*3]" is a repeat of ':' after all; anything else is an error
          if (!starDigitsCloseBracket(sc, i + 2)) {
            return {
              ok: false,
              error:
                delim === ':'
                  ? `tr: invalid character class ${quoteValue(printable(operand))}\n`
                  : `tr: ${printable(operand)}: equivalence class operand must be a single character\n`,
            };
          }
        }
      }
      const r = findBracketedRepeat(sc, i + 1);
      if ('error' in r) return { ok: false, error: r.error };
      if (r.found) {
        out.push({ kind: 'repeat', c: r.c, count: r.count });
        i = r.close + 1;
        continue;
      }
    }
    if (sc.is(i + 1, '-')) {
      const lo = sc.at(i);
      const hi = sc.at(i + 2);
      if (lo > hi) {
        return {
          ok: false,
          error: `tr: range-endpoints of '${printableChar(lo)}-${printableChar(hi)}' are in reverse collating sequence order\n`,
        };
      }
      out.push({ kind: 'range', lo, hi });
      i += 3;
    } else {
      out.push({ kind: 'char', c: sc.at(i) });
      i++;
    }
  }
  for (; i < n; i++) out.push({ kind: 'char', c: sc.at(i) });
  return { ok: true, elements: out };
}
