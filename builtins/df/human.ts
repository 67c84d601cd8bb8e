// gnulib human_readable() as df uses it: autoscale, ceiling rounding, one decimal below 10.

const SUFFIXES_1024 = ['K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y', 'R', 'Q'];
const SUFFIXES_1000 = ['k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y', 'R', 'Q'];

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** `bytes` as df -h (base 1024) or df -H (base 1000) prints it */
export function humanSize(bytes: bigint, base: 1024 | 1000): string {
  const b = BigInt(base);
  if (bytes < b) return String(bytes);
  const suffixes = base === 1024 ? SUFFIXES_1024 : SUFFIXES_1000;
  let e = 1;
  let unit = b;
  while (bytes >= unit * b && e < suffixes.length) {
    unit *= b;
    e++;
  }
  for (;;) {
    const tenths = ceilDiv(bytes * 10n, unit);
    if (tenths < 100n) return `${tenths / 10n}.${tenths % 10n}${suffixes[e - 1]}`;
    const whole = ceilDiv(bytes, unit);
    if (whole < b || e >= suffixes.length) return `${whole}${suffixes[e - 1]}`;
    unit *= b;
    e++;
  }
}
