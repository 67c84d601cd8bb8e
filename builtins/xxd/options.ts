// xxd's own command line (xxd.c 2022-01-14): no getopt. Each argument is matched on its first two
// characters (`-autoskip` is -a, `-ps` is -p, `-rp` is just -r), a leading `--` counts as `-`
// (`--len 4`), values come attached (`-c8`) or as the next argument (`-c 8`, `-cols 8`), parsed by
// strtol with base 0 (`0x10`, `010`; junk reads as 0). Anything else starting with `-` is a usage
// error; the first other argument ends the options.

export type HexType = 'normal' | 'postscript' | 'cinclude' | 'bits' | 'little';

export interface XxdOptions {
  autoskip: boolean;
  hextype: HexType;
  upper: boolean;
  capitalize: boolean;
  decimal: boolean;
  revert: boolean;
  ebcdic: boolean;
  cols: number;
  group: number;
  length: number;
  /** -o, as strtoul gives it (mod 2^64) */
  displayOff: bigint;
  seek: number;
  relSeek: boolean;
  negSeek: boolean;
  varName: string | undefined;
  operands: string[];
}

export type Parsed = { kind: 'ok'; options: XxdOptions } | { kind: 'usage' } | { kind: 'version' };

/** strtol(s, NULL, 0): leading blanks, a sign, 0x/0 prefixes, digits as far as they go; junk → 0 */
export function strtol(s: string): number {
  const m = /^[ \t\n\v\f\r]*([+-]?)(0[xX](?=[0-9a-fA-F])|0)?([0-9a-fA-F]*)/.exec(s);
  if (m === null) return 0;
  const base = m[2] === undefined ? 10 : m[2].length === 2 ? 16 : 8;
  const digits = base === 16 ? m[3]! : (/^[0-9]*/.exec(m[3]!)?.[0] ?? '');
  const valid = base === 8 ? (/^[0-7]*/.exec(digits)?.[0] ?? '') : digits;
  const v = valid === '' ? 0 : Number.parseInt(valid, base);
  const n = m[1] === '-' ? -v : v;
  // long is 64-bit; clamp far outside anything an input can reach
  return Math.max(-(2 ** 62), Math.min(2 ** 62, n));
}

/** strtoul(s, NULL, 0) as a 64-bit unsigned value (a '-' negates modulo 2^64) */
function strtoul(s: string): bigint {
  const n = strtol(s);
  return BigInt.asUintN(64, BigInt(n));
}

export function parseXxdArgs(args: readonly string[]): Parsed {
  const o: XxdOptions = {
    autoskip: false, hextype: 'normal', upper: false, capitalize: false, decimal: false, revert: false, ebcdic: false,
    cols: 0, group: -1, length: -1, displayOff: 0n, seek: 0, relSeek: false, negSeek: false, varName: undefined, operands: [],
  };
  let i = 0;
  /** the value: attached unless the rest is the long name, else the next argument */
  const value = (pp: string, longRest: string): string | undefined => {
    const rest = pp.slice(2);
    if (rest !== '' && !rest.startsWith(longRest)) return rest;
    const next = args[i + 1];
    if (next === undefined) return undefined;
    i++;
    return next;
  };
  for (; i < args.length; i++) {
    const arg = args[i]!;
    const pp = arg.startsWith('--') && arg.length > 2 ? arg.slice(1) : arg;
    const two = pp.slice(0, 2);
    if (two === '-a') o.autoskip = !o.autoskip;
    else if (two === '-b') o.hextype = 'bits';
    else if (two === '-e') o.hextype = 'little';
    else if (two === '-u') o.upper = true;
    else if (two === '-p') o.hextype = 'postscript';
    else if (two === '-i') o.hextype = 'cinclude';
    else if (two === '-C') o.capitalize = true;
    else if (two === '-d') o.decimal = true;
    else if (two === '-r') o.revert = true;
    else if (two === '-E') o.ebcdic = true;
    else if (two === '-v') return { kind: 'version' };
    else if (two === '-c') {
      if (pp.length > 2 && pp.slice(2).startsWith('apitalize')) o.capitalize = true;
      else {
        const v = value(pp, 'ols');
        if (v === undefined) return { kind: 'usage' };
        o.cols = strtol(v);
      }
    } else if (two === '-g') {
      const v = value(pp, 'roup');
      if (v === undefined) return { kind: 'usage' };
      o.group = strtol(v);
    } else if (two === '-o') {
      const v = value(pp, 'ffset');
      if (v === undefined) return { kind: 'usage' };
      o.displayOff = strtoul(v);
    } else if (two === '-s') {
      o.relSeek = false;
      o.negSeek = false;
      const rest = pp.slice(2);
      let v: string | undefined;
      if (rest !== '' && !rest.startsWith('kip') && !rest.startsWith('eek')) v = rest;
      else {
        v = args[i + 1];
        if (v === undefined) return { kind: 'usage' };
        i++;
      }
      if (v[0] === '+') o.relSeek = true;
      if (v[o.relSeek ? 1 : 0] === '-') o.negSeek = true;
      o.seek = strtol(v.slice((o.relSeek ? 1 : 0) + (o.negSeek ? 1 : 0)));
    } else if (two === '-l') {
      const v = value(pp, 'en');
      if (v === undefined) return { kind: 'usage' };
      o.length = strtol(v);
    } else if (two === '-n') {
      const v = value(pp, 'ame');
      if (v === undefined) return { kind: 'usage' };
      o.varName = v;
    } else if (pp === '--') {
      i++;
      break;
    } else if (pp[0] === '-' && pp.length > 1) return { kind: 'usage' };
    else break;
  }
  o.operands = args.slice(i);
  return { kind: 'ok', options: o };
}
