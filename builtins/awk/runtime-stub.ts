// A minimal stand-in for builtins/awk/runtime/index.ts (written by the other awk helper), so the
// language can run before that branch is merged. The lead swaps the import in the modules that
// import from here (grep for `runtime-stub.js`). The interface the language calls:
//
//   numToStr(n, fmt): string            CONVFMT/OFMT: integral values as %d, else sprintf(fmt)
//   strToNum(s): number                 leading numeric prefix (blanks, sign, decimal, exponent)
//   looksNumeric(s): boolean            the strnum test for input-derived strings
//   awkSprintf(format, args: AwkArg[]): { text } | { fatal }
//       AwkArg = { num(), str(), isNumber() } — isNumber: a number value (for %c)
//   class AwkRandom { srand(seed?): number (previous seed); rand(): number }
//   strftime(fmt, t, utc, tz), mktime(spec, utc, tz), strtonum(s)
//   bitwise(name, args): number | { fatal }    name: and or xor lshift rshift compl
//   gensubReplacement(repl, match, groups, global): string
//       the text one match is replaced with: `\0` and `&` the match, `\1`..`\9` its groups
//       (undefined: not taking part → ''), `\\&` a literal `&`
//   sortedInCompare(order): ((a: SortItem, b: SortItem) => number) | null
//       PROCINFO["sorted_in"]'s predefined orders ("@ind_str_asc"…); SortItem = { key: string;
//       value: number | string; numeric: boolean }
// The stand-ins below are deliberately simple and NOT gawk-exact.

export interface AwkArg {
  num(): number;
  str(): string;
  /** the value is a number (not a string or strnum): %c prints it as a character code */
  isNumber(): boolean;
}

export interface SortItem {
  key: string;
  /** the value's string or number (a subarray sorts as null here) */
  value: number | string;
  numeric: boolean;
}

export function numToStr(n: number, fmt: string): string {
  if (Number.isInteger(n)) {
    if (Math.abs(n) < 1e16) return String(n);
    if (Math.abs(n) < 1e30) return BigInt(n).toString();
  }
  if (Number.isNaN(n)) return n < 0 ? '-nan' : Object.is(n, NaN) ? 'nan' : 'nan';
  if (n === Infinity) return 'inf';
  if (n === -Infinity) return '-inf';
  const r = awkSprintf(fmt, [{ num: () => n, str: () => String(n), isNumber: () => true }]);
  return 'text' in r ? r.text : String(n);
}

const NUM_PREFIX = /^[ \t\n\r\f\v]*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;

export function strToNum(s: string): number {
  const m = NUM_PREFIX.exec(s);
  if (m !== null) return Number(m[0].trim());
  const w = /^[ \t\n\r\f\v]*([-+])(inf|nan)/i.exec(s);
  if (w !== null) return w[2]!.toLowerCase() === 'inf' ? (w[1] === '-' ? -Infinity : Infinity) : NaN;
  return 0;
}

const LOOKS = /^[ \t\n\r\f\v]*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[ \t\n\r\f\v]*$/;

export function looksNumeric(s: string): boolean {
  return LOOKS.test(s) || /^[ \t\n\r\f\v]*[-+](?:inf|nan)[ \t\n\r\f\v]*$/i.test(s);
}

function pad(s: string, width: number, left: boolean, zero: boolean): string {
  if (s.length >= width) return s;
  if (left) return s + ' '.repeat(width - s.length);
  if (zero) {
    const sign = /^[-+ ]/.test(s) ? s[0]! : '';
    return sign + '0'.repeat(width - s.length) + s.slice(sign.length);
  }
  return ' '.repeat(width - s.length) + s;
}

export function awkSprintf(format: string, args: AwkArg[]): { text: string } | { fatal: string } {
  let out = '';
  let ai = 0;
  const re = /%([-+ #0]*)(\*|[0-9]+)?(?:\.(\*|[0-9]*))?([a-zA-Z%])/g;
  let last = 0;
  for (let m = re.exec(format); m !== null; m = re.exec(format)) {
    out += format.slice(last, m.index);
    last = re.lastIndex;
    const conv = m[4]!;
    if (conv === '%') {
      out += '%';
      continue;
    }
    const flags = m[1]!;
    const next = (): AwkArg | undefined => args[ai++];
    let width = 0;
    if (m[2] === '*') width = Math.trunc(next()?.num() ?? 0);
    else if (m[2] !== undefined) width = Number(m[2]);
    let prec: number | undefined;
    if (m[3] === '*') prec = Math.trunc(next()?.num() ?? 0);
    else if (m[3] !== undefined) prec = m[3] === '' ? 0 : Number(m[3]);
    let left = flags.includes('-');
    if (width < 0) {
      left = true;
      width = -width;
    }
    const zero = flags.includes('0') && !left;
    const a = next();
    if (a === undefined) return { fatal: 'not enough arguments to satisfy format string' };
    let s: string;
    switch (conv) {
      case 'd':
      case 'i': {
        const v = Math.trunc(a.num());
        s = Number.isFinite(v) ? String(Math.abs(v)) : String(Math.abs(v)).replace('Infinity', 'inf');
        if (prec !== undefined) s = s.padStart(prec, '0');
        s = (v < 0 ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '') + s;
        out += pad(s, width, left, zero && prec === undefined);
        continue;
      }
      case 'o':
      case 'x':
      case 'X':
      case 'u': {
        const v = Math.trunc(a.num());
        s = (v < 0 ? v + 2 ** 64 : v).toString(conv === 'o' ? 8 : conv === 'u' ? 10 : 16);
        if (conv === 'X') s = s.toUpperCase();
        out += pad(s, width, left, zero);
        continue;
      }
      case 'c': {
        s = a.isNumber() ? String.fromCharCode(a.num() & 0xff) : a.str().slice(0, 1);
        out += pad(s, width, left, false);
        continue;
      }
      case 's':
        s = a.str();
        if (prec !== undefined) s = s.slice(0, prec);
        out += pad(s, width, left, false);
        continue;
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G': {
        const v = a.num();
        const p = prec ?? 6;
        if (conv === 'f' || conv === 'F') s = Math.abs(v).toFixed(p);
        else if (conv === 'e' || conv === 'E') s = Math.abs(v).toExponential(p).replace(/e([-+])(\d)$/, 'e$10$2');
        else {
          const P = p === 0 ? 1 : p;
          const x = Math.abs(v);
          const exp = x === 0 ? 0 : Math.floor(Math.log10(Number(x.toExponential(P - 1))));
          if (exp < -4 || exp >= P) {
            s = x.toExponential(P - 1);
            if (!flags.includes('#')) s = s.replace(/\.?0+e/, 'e');
            s = s.replace(/e([-+])(\d)$/, 'e$10$2');
          } else {
            s = x.toFixed(Math.max(0, P - 1 - exp));
            if (!flags.includes('#') && s.includes('.')) s = s.replace(/\.?0+$/, '');
          }
        }
        if (conv === 'E' || conv === 'G') s = s.toUpperCase();
        if (!Number.isFinite(v)) s = Number.isNaN(v) ? 'nan' : 'inf';
        s = (v < 0 || Object.is(v, -0) ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '') + s;
        out += pad(s, width, left, zero);
        continue;
      }
      default:
        out += m[0];
        ai--;
        continue;
    }
  }
  out += format.slice(last);
  return { text: out };
}

/** not gawk's random() sequence: a stand-in */
export class AwkRandom {
  private seed = 0;
  private state = 0;
  srand(seed?: number): number {
    const prev = this.seed;
    this.seed = seed ?? Math.floor(Date.now() / 1000);
    this.state = this.seed >>> 0;
    return prev;
  }
  rand(): number {
    this.state = (Math.imul(this.state, 1103515245) + 12345) >>> 0;
    return this.state / 4294967296;
  }
}

export function strftime(fmt: string, t: number, _utc: boolean, _tz: string | undefined): string {
  return fmt.replace(/%s/g, String(Math.trunc(t)));
}

export function mktime(spec: string, _utc: boolean, _tz: string | undefined): number {
  const p = spec.trim().split(/\s+/).map(Number);
  if (p.length < 6 || p.some((x) => Number.isNaN(x))) return -1;
  return Math.floor(Date.UTC(p[0]!, p[1]! - 1, p[2], p[3], p[4], p[5]) / 1000);
}

export function strtonum(s: string): number {
  const t = s.trim();
  if (/^[-+]?0[xX][0-9a-fA-F]+/.test(t)) return parseInt(t, 16);
  if (/^0[0-7]+$/.test(t)) return parseInt(t, 8);
  return strToNum(s);
}

export function bitwise(name: string, args: number[]): number | { fatal: string } {
  const big = args.map((a) => BigInt(Math.trunc(a)));
  const M = (1n << 53n) - 1n;
  let r: bigint;
  switch (name) {
    case 'and': r = big.reduce((x, y) => x & y); break;
    case 'or': r = big.reduce((x, y) => x | y); break;
    case 'xor': r = big.reduce((x, y) => x ^ y); break;
    case 'lshift': r = (big[0]! << big[1]!) & M; break;
    case 'rshift': r = big[0]! >> big[1]!; break;
    case 'compl': r = ~big[0]! & M; break;
    default: return { fatal: `unknown ${name}` };
  }
  return Number(r);
}

export function gensubReplacement(repl: string, match: string, groups: readonly (string | undefined)[], _global: boolean): string {
  let out = '';
  for (let i = 0; i < repl.length; i++) {
    const c = repl[i]!;
    if (c === '\\' && i + 1 < repl.length) {
      const d = repl[i + 1]!;
      if (d >= '0' && d <= '9') {
        out += d === '0' ? match : groups[Number(d)] ?? '';
        i++;
        continue;
      }
      if (d === '&') {
        out += '&';
        i++;
        continue;
      }
      out += d === '\\' ? '\\' : `\\${d}`;
      i++;
      continue;
    }
    out += c === '&' ? match : c;
  }
  return out;
}

export function sortedInCompare(order: string): ((a: SortItem, b: SortItem) => number) | null {
  const str = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  const num = (x: string, y: string): number => Number(x) - Number(y) || str(x, y);
  switch (order) {
    case '@ind_str_asc': return (a, b) => str(a.key, b.key);
    case '@ind_str_desc': return (a, b) => str(b.key, a.key);
    case '@ind_num_asc': return (a, b) => num(a.key, b.key);
    case '@ind_num_desc': return (a, b) => num(b.key, a.key);
    case '@val_str_asc': return (a, b) => str(String(a.value), String(b.value)) || str(a.key, b.key);
    case '@val_str_desc': return (a, b) => str(String(b.value), String(a.value)) || str(b.key, a.key);
    case '@val_num_asc': return (a, b) => Number(a.value) - Number(b.value) || str(a.key, b.key);
    case '@val_num_desc': return (a, b) => Number(b.value) - Number(a.value) || str(b.key, a.key);
    default: return null;
  }
}
