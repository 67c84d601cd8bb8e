// gnulib's filevercmp (coreutils 9.1): the version order of `sort -V` and `ls -v`. Names are
// compared as latin1-style byte strings (one char per byte): '.' first, then '..', then dot
// files; digit runs compare as numbers; a suffix like `.tar.gz` is compared last.

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isAlnum = (c: number): boolean => isAlpha(c) || isDigit(c);

function filePrefixLen(s: string): number {
  const n = s.length;
  let prefixLen = 0;
  let i = 0;
  for (;;) {
    if (i === n) return prefixLen;
    i++;
    prefixLen = i;
    while (i + 1 < n && s.charCodeAt(i) === 0x2e && (isAlpha(s.charCodeAt(i + 1)) || s.charCodeAt(i + 1) === 0x7e)) {
      for (i += 2; i < n && (isAlnum(s.charCodeAt(i)) || s.charCodeAt(i) === 0x7e); i++) {
        /* skip the suffix */
      }
    }
  }
}

function order(s: string, pos: number, len: number): number {
  if (pos === len) return -1;
  const c = s.charCodeAt(pos);
  if (isDigit(c)) return 0;
  if (isAlpha(c)) return c;
  // '~' sorts before everything, even the end of the string (which is -1)
  if (c === 0x7e) return -2;
  return c + 256;
}

function verrevcmp(s1: string, len1: number, s2: string, len2: number): number {
  let p1 = 0;
  let p2 = 0;
  while (p1 < len1 || p2 < len2) {
    let firstDiff = 0;
    while ((p1 < len1 && !isDigit(s1.charCodeAt(p1))) || (p2 < len2 && !isDigit(s2.charCodeAt(p2)))) {
      const c1 = order(s1, p1, len1);
      const c2 = order(s2, p2, len2);
      if (c1 !== c2) return c1 - c2;
      p1++;
      p2++;
    }
    while (p1 < len1 && s1.charCodeAt(p1) === 0x30) p1++;
    while (p2 < len2 && s2.charCodeAt(p2) === 0x30) p2++;
    while (p1 < len1 && p2 < len2 && isDigit(s1.charCodeAt(p1)) && isDigit(s2.charCodeAt(p2))) {
      if (!firstDiff) firstDiff = s1.charCodeAt(p1) - s2.charCodeAt(p2);
      p1++;
      p2++;
    }
    if (p1 < len1 && isDigit(s1.charCodeAt(p1))) return 1;
    if (p2 < len2 && isDigit(s2.charCodeAt(p2))) return -1;
    if (firstDiff) return firstDiff;
  }
  return 0;
}

export function filevercmp(a: string, b: string): number {
  if (a === '') return b === '' ? 0 : -1;
  if (b === '') return 1;
  if (a.charCodeAt(0) === 0x2e) {
    if (b.charCodeAt(0) !== 0x2e) return -1;
    const adot = a.length === 1;
    const bdot = b.length === 1;
    if (adot) return bdot ? 0 : -1;
    if (bdot) return 1;
    const adotdot = a.charCodeAt(1) === 0x2e && a.length === 2;
    const bdotdot = b.charCodeAt(1) === 0x2e && b.length === 2;
    if (adotdot) return bdotdot ? 0 : -1;
    if (bdotdot) return 1;
  } else if (b.charCodeAt(0) === 0x2e) return 1;
  const ap = filePrefixLen(a);
  const bp = filePrefixLen(b);
  const onePass = ap === a.length && bp === b.length;
  const r = verrevcmp(a, ap, b, bp);
  return r || onePass ? r : verrevcmp(a, a.length, b, b.length);
}
