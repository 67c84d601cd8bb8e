// find's numeric arguments: `N`, `+N` (more than), `-N` (less than), with GNU's error texts.

export type Compare = 'eq' | 'gt' | 'lt';

export interface NumArg {
  cmp: Compare;
  value: number;
}

const INT = /^[0-9]+$/;
const DEC = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** GNU reads these with strtoumax/xstrtoumax: digits past UINTMAX_MAX are an invalid argument */
const UINTMAX_MAX = 18446744073709551615n;
const fitsUintmax = (digits: string): boolean => BigInt(digits) <= UINTMAX_MAX;

export const invalidArgument = (pred: string, arg: string): string => `invalid argument \`${arg}' to \`${pred}'`;

function splitSign(arg: string): { cmp: Compare; rest: string } {
  if (arg.startsWith('+')) return { cmp: 'gt', rest: arg.slice(1) };
  if (arg.startsWith('-')) return { cmp: 'lt', rest: arg.slice(1) };
  return { cmp: 'eq', rest: arg };
}

/** -links, -inum, -uid, -gid: whole numbers */
export function parseIntArg(pred: string, arg: string): NumArg | string {
  const { cmp, rest } = splitSign(arg);
  if (!INT.test(rest) || !fitsUintmax(rest)) return invalidArgument(pred, arg);
  return { cmp, value: Number(rest) };
}

/** -mtime, -mmin and friends accept a decimal fraction */
export function parseTimeArg(pred: string, arg: string): NumArg | string {
  const { cmp, rest } = splitSign(arg);
  if (!DEC.test(rest)) return invalidArgument(pred, arg);
  return { cmp, value: Number(rest) };
}

export function compareNum(actual: number, a: NumArg): boolean {
  switch (a.cmp) {
    case 'gt':
      return actual > a.value;
    case 'lt':
      return actual < a.value;
    default:
      return actual === a.value;
  }
}

/** -maxdepth/-mindepth: a plain non-negative decimal integer */
export function parseLevel(pred: string, arg: string): number | string {
  if (!INT.test(arg)) return `Expected a positive decimal integer argument to ${pred}, but got '${arg}'`;
  // safe_atoi: past INT_MAX strtol's ERANGE is fatal
  if (BigInt(arg) > 2147483647n) return `${arg}: Numerical result out of range`;
  return Number(arg);
}

const SIZE_UNITS: Record<string, number> = { b: 512, c: 1, w: 2, k: 1024, M: 1024 ** 2, G: 1024 ** 3 };

export interface SizeArg {
  cmp: Compare;
  value: number;
  unit: number;
}

/** -size N[bcwkMG]: sizes round up to whole units before comparing, as GNU does */
export function parseSizeArg(arg: string): SizeArg | string {
  if (arg === '') return 'invalid null argument to -size';
  const { cmp, rest } = splitSign(arg);
  let digits = rest;
  let unit = 512;
  const last = arg.slice(-1);
  if (last !== '' && !(last >= '0' && last <= '9')) {
    const u = SIZE_UNITS[last];
    if (u === undefined) return `invalid -size type \`${last}'`;
    unit = u;
    digits = rest.slice(0, -1);
  }
  if (!INT.test(digits) || !fitsUintmax(digits)) return `Invalid argument \`${arg}' to -size`;
  return { cmp, value: Number(digits), unit };
}

export function sizeMatches(bytes: number, s: SizeArg): boolean {
  const units = Math.ceil(bytes / s.unit);
  return compareNum(units, s);
}
