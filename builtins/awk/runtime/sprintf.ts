// awk's sprintf/printf formatting: gawk 5.2's format_tree (builtin.c), byte for byte in the C
// locale, without --posix, --traditional or --lint.
//
// What the caller prints on a fatal result: gawk's msg() prefix and the text, then exits 2:
//   awk: cmd. line:1: fatal: not enough arguments to satisfy format string
//   	`%s %s'
//   	    ^ ran out for this one
// `fatal` here holds everything after "awk: cmd. line:1: " (it begins with "fatal: " and may span
// lines, with no trailing newline). The caller writes "awk: <where>: " + fatal + "\n". Nothing is
// returned for output made before the failing conversion: gawk prints none of it.
//
// The scanner follows format_tree's state machine, including its oddities: an invalid spec is
// copied through as text without using an argument (`%5k`, `%.3.5d`, a trailing `%` or `%5`);
// `%c` of a number is its byte (value mod 256 of the truncated integer; NaN, ±inf and values
// past 2^64 give NUL); width and precision do not apply to the "+inf"/"-nan" of a NaN or
// infinity, which every numeric conversion prints as such; integers outside 64 bits print through
// %g for %o %x %X %u and with all their digits for %d %i; `*` takes an argument (negative width:
// left-justified; negative precision: none); `%N$` positional arguments, all or none.

import { formatDouble } from './cformat.js';
import { nanInfText, setSprintfOne } from './numbers.js';

/** one sprintf argument: the caller's value with its awk conversions */
export interface AwkArg {
  num(): number;
  /** the string value (a number through CONVFMT) */
  str(): string;
  /** a number, or a strnum that looks numeric: %c prints its byte instead of its first char */
  isNum(): boolean;
}

export type SprintfResult = { text: string } | { fatal: string };

/** numToStr's CONVFMT that needs arguments it does not have: gawk prints `fatal` and exits 2 */
export class AwkFatalError extends Error {
  constructor(readonly fatal: string) {
    super(fatal);
    this.name = 'AwkFatalError';
  }
}

const TWO64 = 2 ** 64;
const TWO63 = 2 ** 63;

const MUST_COUNT = "fatal: must use `count$' on all formats or none";

/** the low byte of (uintmax_t) x as x86-64 gcc converts it */
function charOfNumber(x: number): string {
  if (x !== x || x >= TWO64 || x < -TWO63 || x === -Infinity) return '\0';
  const t = Math.trunc(x);
  if (Math.abs(t) < 2 ** 53) return String.fromCharCode(((t % 256) + 256) % 256);
  return String.fromCharCode(Number(BigInt.asUintN(8, BigInt(t))));
}

/** (long) x, for `*` widths: gcc's conversion, clamped the way x86 does (indefinite = LONG_MIN) */
function toLong(x: number): number {
  if (x !== x || x >= TWO63 || x < -TWO63) return -TWO63;
  return Math.trunc(x);
}

export function awkSprintf(format: string, args: readonly AwkArg[]): SprintfResult {
  // gawk's the_args[0] is the format: argument k (1-based) is args[k - 1]
  const numArgs = args.length + 1;
  const n = format.length;
  let out = '';
  let curArg = 1;
  let usedDollar = false;
  let s0 = 0;
  let s1 = 0;
  const ranOut = (): SprintfResult => ({
    fatal: `fatal: not enough arguments to satisfy format string\n\t\`${format}'\n\t${' '.repeat(Math.max(0, s1 - 1))}^ ran out for this one`,
  });

  // the current spec's state (format_tree's locals), reset at each %
  let cur: 'fw' | 'prec' | null = 'fw';
  let fw = 0;
  let prec = 0;
  let argnum = 0;
  let haveP = false;
  let signchar = '';
  let zero = false;
  let lj = false;
  let alt = false;
  let posixFlag = false;
  /** the length modifiers seen (h j l L t z), each allowed once */
  let modSeen = '';
  const nextArg = (): AwkArg | 'toofew' | SprintfResult => {
    if (argnum > 0) {
      if (curArg > 1) return { fatal: MUST_COUNT };
      return args[argnum - 1]!; // argnum < numArgs was checked at the `$`
    }
    if (usedDollar) return { fatal: MUST_COUNT };
    if (curArg >= numArgs) return 'toofew';
    return args[curArg++ - 1]!; // curArg < numArgs: in range
  };
  const setStar = (v: number): void => {
    if (cur === 'fw') {
      fw = v;
      if (v < 0) {
        fw = -v;
        lj = true;
      }
    } else if (cur === 'prec') {
      prec = v;
      haveP = v >= 0;
      cur = null;
    }
  };
  outer: while (s1 < n) {
    if (format.charCodeAt(s1) !== 37) {
      s1++;
      continue;
    }
    out += format.slice(s0, s1);
    s0 = s1;
    cur = 'fw';
    fw = 0;
    prec = 0;
    argnum = 0;
    haveP = false;
    signchar = '';
    zero = false;
    lj = false;
    alt = false;
    posixFlag = false;
    modSeen = '';
    s1++;
    // one conversion spec; `break spec` rejects it (copied through later as text)
    spec: for (;;) {
      if (s1 >= n) break outer;
      const cs1 = format[s1++]!;
      switch (cs1) {
        case '%':
          out += '%';
          s0 = s1;
          break spec;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': {
          if (cs1 === '0') {
            // a 0 before the width is the flag; after a '-' it is only that
            if (cur === 'fw') zero = true;
            if (lj) continue spec;
          }
          if (cur === null) break spec;
          let v = cur === 'fw' ? fw : prec;
          if (prec >= 0) v = cs1.charCodeAt(0) - 48;
          while (s1 < n && format.charCodeAt(s1) >= 48 && format.charCodeAt(s1) <= 57) {
            v = v * 10 + format.charCodeAt(s1++) - 48;
          }
          if (cur === 'fw') fw = v;
          else prec = v;
          if (prec < 0) haveP = false;
          if (cur === 'prec') cur = null;
          if (s1 >= n) break outer;
          continue spec;
        }
        case '$':
          if (cur === 'fw') {
            argnum = fw;
            fw = 0;
            usedDollar = true;
            if (argnum <= 0) return { fatal: "fatal: argument index with `$' must be > 0" };
            if (argnum >= numArgs) return { fatal: `fatal: argument index ${argnum} greater than total number of supplied arguments` };
          } else {
            return { fatal: "fatal: `$' not permitted after period in format" };
          }
          continue spec;
        case '*': {
          if (cur === null) break spec;
          const nextIsDigit = s1 < n && format.charCodeAt(s1) >= 48 && format.charCodeAt(s1) <= 57;
          if (usedDollar && !nextIsDigit) return { fatal: `fatal: ${MUST_COUNT}` };
          if (nextIsDigit) {
            let val = 0;
            while (s1 < n && format.charCodeAt(s1) >= 48 && format.charCodeAt(s1) <= 57) val = val * 10 + format.charCodeAt(s1++) - 48;
            if (format[s1] !== '$') return { fatal: "fatal: no `$' supplied for positional field width or precision" };
            s1++;
            if (val >= numArgs || val > 2147483647) return ranOut();
            // val 0 is the format itself
            const a = val === 0 ? null : args[val - 1]!;
            const v = a === null ? toLong(0) : toLong(a.num());
            setStar(v);
          } else {
            const a = nextArg();
            if (a === 'toofew') return ranOut();
            if ('fatal' in a) return a;
            setStar(toLong((a as AwkArg).num()));
          }
          continue spec;
        }
        case ' ':
          if (signchar !== '') {
            if (cur !== 'fw') break spec;
            continue spec;
          }
          signchar = ' ';
          if (cur !== 'fw') break spec;
          continue spec;
        case '+':
          signchar = '+';
          if (cur !== 'fw') break spec;
          continue spec;
        case '-':
          if (prec < 0) break spec;
          if (cur === 'prec') {
            prec = -1;
            continue spec;
          }
          lj = true;
          if (cur !== 'fw') break spec;
          continue spec;
        case '.':
          if (cur !== 'fw') break spec;
          cur = 'prec';
          haveP = true;
          continue spec;
        case '#':
          alt = true;
          if (cur !== 'fw') break spec;
          continue spec;
        case "'":
          // the C locale has no thousands separator: the flag changes nothing
          if (cur !== 'fw') break spec;
          continue spec;
        case 'h': case 'j': case 'l': case 'L': case 't': case 'z':
          if (modSeen.includes(cs1)) break spec;
          modSeen += cs1;
          continue spec;
        case 'P':
          if (posixFlag) break spec;
          posixFlag = true;
          continue spec;
        case 'c': {
          const a = nextArg();
          if (a === 'toofew') return ranOut();
          if ('fatal' in a) return a;
          const ca = a as AwkArg;
          // an empty string prints its C terminator: one NUL byte
          const text = ca.isNum() ? charOfNumber(ca.num()) : ca.str().slice(0, 1) || '\0';
          out += pad(text, fw, lj, ' ', 1);
          s0 = s1;
          break spec;
        }
        case 's': {
          const a = nextArg();
          if (a === 'toofew') return ranOut();
          if ('fatal' in a) return a;
          const str = (a as AwkArg).str();
          let len = str.length;
          if (!(fw === 0 && !haveP) && haveP && prec < len) len = Math.max(prec, 0);
          out += pad(len === str.length ? str : str.slice(0, len), fw, lj, ' ', len);
          s0 = s1;
          break spec;
        }
        case 'd': case 'i': {
          const a = nextArg();
          if (a === 'toofew') return ranOut();
          if ('fatal' in a) return a;
          const x = (a as AwkArg).num();
          if (x !== x || x === Infinity || x === -Infinity) {
            out += posixFlag ? formatDouble('g', x, haveP ? prec : undefined, cFlags(lj, signchar, alt, zero), fw) : nanInfText(x, false);
            s0 = s1;
            break spec;
          }
          let t = Math.trunc(x);
          if (haveP && prec === 0 && t === 0) {
            out += ' '.repeat(Math.max(0, fw));
            s0 = s1;
            break spec;
          }
          const sgn = t < 0;
          if (sgn) t = -t;
          let digits = t < 9007199254740992 ? String(t) : BigInt(t).toString();
          if (haveP && digits.length < prec) digits = '0'.repeat(prec - digits.length) + digits;
          const signStr = sgn ? '-' : signchar;
          out += intTail(signStr, digits, fw, prec, haveP, lj, zero);
          s0 = s1;
          break spec;
        }
        case 'X': case 'x': case 'u': case 'o': {
          const a = nextArg();
          if (a === 'toofew') return ranOut();
          if ('fatal' in a) return a;
          const x = (a as AwkArg).num();
          const base = cs1 === 'o' ? 8 : cs1 === 'u' ? 10 : 16;
          if (x !== x || x === Infinity || x === -Infinity) {
            out += posixFlag ? formatDouble('g', x, haveP ? prec : undefined, cFlags(lj, signchar, alt, zero), fw) : nanInfText(x, cs1 === 'X');
            s0 = s1;
            break spec;
          }
          if (!alt && haveP && prec === 0 && x === 0) {
            out += ' '.repeat(Math.max(0, fw));
            s0 = s1;
            break spec;
          }
          const t = Math.trunc(x);
          if (t >= TWO64 || t < -TWO63) {
            // out of range: gawk's emergency %g, with the spec's flags, width and precision
            out += formatDouble('g', x, haveP ? prec : undefined, cFlags(lj, signchar, alt, zero), fw);
            s0 = s1;
            break spec;
          }
          const u = t < 0 ? BigInt.asUintN(64, BigInt(t)) : t < 2 ** 53 ? null : BigInt(t);
          let digits = u === null ? t.toString(base) : u.toString(base);
          if (cs1 === 'X') digits = digits.toUpperCase();
          if (haveP && digits.length < prec) digits = '0'.repeat(prec - digits.length) + digits;
          let prefix = '';
          if (alt && x !== 0) {
            if (base === 16) prefix = cs1 === 'X' ? '0X' : '0x';
            else if (base === 8) digits = '0' + digits; // even after precision zeros: %#.3o of 8 is 0010
          }
          const useZeros = !lj && ((zero && !haveP) || (fw === 0 && haveP));
          let w = fw;
          if (prefix !== '' && useZeros) {
            // the 0x goes before the zeros
            out += prefix;
            prefix = '';
            w -= 2;
          }
          const body = prefix + digits;
          out += pad(body, w, lj, useZeros ? '0' : ' ', body.length);
          s0 = s1;
          break spec;
        }
        case 'F': case 'g': case 'G': case 'e': case 'f': case 'E': case 'A': case 'a': {
          const a = nextArg();
          if (a === 'toofew') return ranOut();
          if ('fatal' in a) return a;
          const x = (a as AwkArg).num();
          if ((x !== x || x === Infinity || x === -Infinity) && !posixFlag) {
            out += nanInfText(x, cs1 === cs1.toUpperCase());
            s0 = s1;
            break spec;
          }
          const p = haveP ? prec : cs1 === 'a' || cs1 === 'A' ? undefined : 6;
          out += formatDouble(cs1, x, p, cFlags(lj, signchar, alt, zero), fw);
          s0 = s1;
          break spec;
        }
        default:
          break spec;
      }
    }
  }
  out += format.slice(s0, n);
  return { text: out };
}

function cFlags(lj: boolean, signchar: string, alt: boolean, zero: boolean) {
  return { minus: lj, plus: signchar === '+', space: signchar === ' ', alt, zero };
}

/** pr_tail: `len` characters of text padded to fw with `fill` */
function pad(text: string, fw: number, lj: boolean, fill: string, len: number): string {
  if (fw <= len) return text;
  const p = fill.repeat(fw - len);
  return lj ? text + ' '.repeat(fw - len) : p + text;
}

/** the %d tail: sign before zeros when zero-filling */
function intTail(sign: string, digits: string, fw: number, prec: number, haveP: boolean, lj: boolean, zero: boolean): string {
  const useZeros = !lj && ((zero && !haveP) || (fw === 0 && haveP));
  const body = sign + digits;
  const width = Math.max(prec , fw);
  if (width <= body.length) return body;
  if (lj) return body + ' '.repeat(width - body.length);
  if (useZeros && sign !== '') return sign + '0'.repeat(width - body.length) + digits;
  return (useZeros ? '0' : ' ').repeat(width - body.length) + body;
}

// numToStr's general case (a CONVFMT other than %.6g)
setSprintfOne((fmt, n) => {
  const r = awkSprintf(fmt, [{ num: () => n, str: () => String(n), isNum: () => true }]);
  if ('fatal' in r) throw new AwkFatalError(r.fatal);
  return r.text;
});
