// The `v VERSION` command: GNU sed fails with "expected newer version of sed" when VERSION (4.0
// when omitted) sorts after its own under strverscmp. rshell's sed follows GNU sed 4.9.

export const GNU_SED_VERSION = '4.9';

/**
 * glibc strverscmp, for version strings: runs of digits compare as numbers (a run with a leading
 * zero compares as a fraction, character by character), anything else byte by byte.
 */
export function strverscmp(a: string, b: string): number {
  const runs = (s: string): string[] => s.match(/\d+|\D+/g) ?? [];
  const ra = runs(a);
  const rb = runs(b);
  for (let k = 0; k < Math.min(ra.length, rb.length); k++) {
    const x = ra[k]!;
    const y = rb[k]!;
    if (x === y) continue;
    const numeric = /^[1-9]\d*$/;
    if (numeric.test(x) && numeric.test(y) && x.length !== y.length) return x.length - y.length;
    // same length (or not both plain numbers): the first differing byte decides
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return x.charCodeAt(i) - y.charCodeAt(i);
    }
    return x.length - y.length;
  }
  return ra.length - rb.length;
}
