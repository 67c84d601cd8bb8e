// The `l` command: the pattern space unambiguously, C escapes for \\ \a \b \f \n \r \t \v,
// three-digit octal for other non-printable bytes, `$` at the end, lines wrapped with `\` so no
// output line exceeds width-1 characters plus the `\` (an escape is never split). Width 0 means no
// wrapping; GNU 4.9 wraps before every character at width 1 (`\` alone, then the character). The
// wrap ends with the record delimiter, as the `$` line does (NUL under -z).

const NAMED: Record<number, string> = { 0x5c: '\\\\', 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v' };

function escapeByte(b: number): string {
  const named = NAMED[b];
  if (named !== undefined) return named;
  if (b >= 0x20 && b < 0x7f) return String.fromCharCode(b);
  return '\\' + b.toString(8).padStart(3, '0');
}

export function escapeForL(ps: string, width: number, delim = '\n'): string {
  let out = '';
  let col = 0;
  const wrap = width > 0;
  for (let i = 0; i < ps.length; i++) {
    const e = escapeByte(ps.charCodeAt(i) & 0xff);
    if (wrap && col + e.length > width - 1) {
      out += '\\' + delim;
      col = 0;
    }
    out += e;
    col += e.length;
  }
  return out + '$' + delim;
}
