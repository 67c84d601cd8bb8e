// GNU sed's escape conversion (normalize_text): \a \f \n \r \t \v, \cX, \dNNN, \oNNN, \xHH turn
// into the byte they name before a regex, a replacement or a/i/c text is interpreted. Other
// escapes are left for the next stage (the regex parser or the replacement parser).

const SIMPLE: Record<string, number> = { a: 0x07, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

/** radix, max digits and digit test for \d \o \x */
const NUMERIC: Record<string, { radix: number; max: number; digit: RegExp }> = {
  d: { radix: 10, max: 3, digit: /[0-9]/ },
  o: { radix: 8, max: 3, digit: /[0-7]/ },
  x: { radix: 16, max: 2, digit: /[0-9a-fA-F]/ },
};

export interface Converted {
  /** the byte produced */
  byte: number;
  /** chars consumed after the backslash */
  length: number;
}

/**
 * The escape at s[i] (the char after a backslash), or null when it is not one of the converted
 * ones.
 */
export function convertEscape(s: string, i: number): Converted | null {
  const c = s[i];
  if (c === undefined) return null;
  const simple = SIMPLE[c];
  if (simple !== undefined) return { byte: simple, length: 1 };
  if (c === 'c') {
    const x = s[i + 1];
    if (x === undefined) return null;
    return { byte: x.toUpperCase().charCodeAt(0) ^ 0x40, length: 2 };
  }
  const num = NUMERIC[c];
  if (num !== undefined) {
    let j = i + 1;
    while (j < s.length && j - (i + 1) < num.max && num.digit.test(s[j]!)) j++;
    if (j === i + 1) return null;
    return { byte: parseInt(s.slice(i + 1, j), num.radix) & 0xff, length: j - i };
  }
  return null;
}

/**
 * `s` with every byte escape convertEscape knows turned into its byte. A backslash and the
 * character `next` after it that is not one become `other(next)`; a lone backslash at the end
 * stays.
 */
export function rewriteEscapes(s: string, other: (next: string) => string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const next = s[i + 1]!;
    const conv = convertEscape(s, i + 1);
    if (conv === null) {
      out += other(next);
      i++;
      continue;
    }
    out += String.fromCharCode(conv.byte);
    i += conv.length;
  }
  return out;
}

/**
 * A regex's text with the byte escapes converted (the regex parser sees the raw byte). Bracket
 * expressions are converted too, as GNU does ([\t] matches a tab).
 */
export function convertRegexEscapes(s: string): string {
  return rewriteEscapes(s, (next) => '\\' + next);
}

/**
 * a/i/c text: escapes convert to bytes (`\n` too: GNU's normalize_text makes it a newline), any
 * other `\c` is `c` (so `\` + newline is a newline)
 */
export function unescapeText(raw: string): string {
  return rewriteEscapes(raw, (next) => next);
}

/** y strings: `\\` is a backslash, `\n` a newline, the byte escapes convert */
export function unescapeY(s: string): string {
  return rewriteEscapes(s, (next) => (next === '\\' ? '\\' : '\\' + next));
}
