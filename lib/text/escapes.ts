// Backslash-escape decoding for the four bash dialects that have one:
//
//   decodeAnsiC(s)            the body of $'…' (a NUL ends the string, as in bash)
//   decodeEcho(s)             `echo -e`: \0NNN octal, \c stops all output
//   decodeBArg(s)             printf %b: like echo, plus \NNN without the leading 0 (`\"` stays)
//   decodePrintfFormat(s, i)  one escape inside a printf format (used by printf-format.ts)
//
// All return JS strings in the shell's string model: a byte ≥ 0x80 produced by \xHH or octal is
// U+DC00+byte (surrogateescape, see lib/io/encoding.ts), so it reaches the stream as that byte.
// \u/\U: the oracle is bash in the C locale, where a code point above 0x7f cannot be converted
// and bash prints the escape itself (`\u00E9`, `\U0001F600`); pass `utf8: true` to get the
// character instead (what bash does in a UTF-8 locale).

export interface EscapeOptions {
  /** decode \u/\U above 0x7f to the character (UTF-8 locale) instead of bash's C-locale text */
  utf8?: boolean;
}

/** the single-letter escapes shared by every dialect */
const SIMPLE: Record<string, string> = {
  a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\',
};

function isOctal(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '7';
}

function hexValue(c: string | undefined): number {
  if (c === undefined) return -1;
  const n = c.charCodeAt(0);
  if (n >= 48 && n <= 57) return n - 48;
  if (n >= 97 && n <= 102) return n - 87;
  if (n >= 65 && n <= 70) return n - 55;
  return -1;
}

/** a byte value as a shell-string character (surrogateescape above 0x7f) */
export function byteChar(b: number): string {
  b &= 0xff;
  return b < 0x80 ? String.fromCharCode(b) : String.fromCharCode(0xdc00 + b);
}

interface Scan {
  value: number;
  next: number;
}

/** up to `max` digits of base 8 starting at i (at least one must be present: caller checks) */
function scanOctal(s: string, i: number, max: number): Scan {
  let v = 0;
  let k = 0;
  while (k < max && isOctal(s[i + k])) {
    v = v * 8 + (s.charCodeAt(i + k) - 48);
    k++;
  }
  return { value: v, next: i + k };
}

function scanHex(s: string, i: number, max: number): Scan {
  let v = 0;
  let k = 0;
  while (k < max) {
    const h = hexValue(s[i + k]);
    if (h < 0) break;
    v = v * 16 + h;
    k++;
  }
  return { value: v, next: i + k };
}

/** \u / \U: the character, or bash's C-locale rendering of an unconvertible code point */
function unicodeText(cp: number, opts: EscapeOptions | undefined): string {
  if (cp < 0x80) return String.fromCharCode(cp);
  if (opts?.utf8 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) return String.fromCodePoint(cp);
  const hex = cp.toString(16).toUpperCase();
  // bash picks the form by the value, not by the escape written: \U000003bc shows as \u03BC
  return cp > 0xffff ? '\\U' + hex.padStart(8, '0') : '\\u' + hex.padStart(4, '0');
}

/** the result of decoding one escape: the text and where scanning resumes */
interface Step {
  text: string;
  next: number;
  /** \c in echo/%b: stop all further output */
  stop?: boolean;
}

/** \xHH, \uHHHH, \UHHHHHHHH starting at s[i] === 'x'|'u'|'U'; null when no digit follows */
function scanNumericHexEscape(s: string, i: number, opts: EscapeOptions | undefined): Step | null {
  const c = s[i];
  const max = c === 'x' ? 2 : c === 'u' ? 4 : 8;
  const h = scanHex(s, i + 1, max);
  if (h.next === i + 1) return null;
  if (c === 'x') return { text: byteChar(h.value), next: h.next };
  return { text: unicodeText(h.value, opts), next: h.next };
}

/**
 * Decode the body of `$'…'` (the text between the quotes, escapes undecoded as the parser keeps
 * them). A NUL byte (\0, \x00, \u0000) ends the string there, as in bash.
 */
export function decodeAnsiC(s: string, opts?: EscapeOptions): string {
  if (s.indexOf('\\') < 0) return s;
  return decodeEscapes(s, (i) => ansiCEscape(s, i, opts)).text;
}

/** the escape whose backslash is s[i] in $'…'; null: not an escape (the backslash stays) */
function ansiCEscape(s: string, i: number, opts: EscapeOptions | undefined): Step | null {
  const c = s[i + 1]!;
  let step: Step | null = null;
  if (SIMPLE[c] !== undefined) step = { text: SIMPLE[c]!, next: i + 2 };
  else if (c === "'" || c === '"' || c === '?') step = { text: c, next: i + 2 };
  else if (isOctal(c)) {
    const o = scanOctal(s, i + 1, 3);
    step = { text: byteChar(o.value), next: o.next };
  } else if (c === 'x' || c === 'u' || c === 'U') step = scanNumericHexEscape(s, i + 1, opts);
  else if (c === 'c' && i + 2 < s.length) {
    // \cX: control character; `\c\\` consumes the doubled backslash
    let x = s[i + 2]!;
    let next = i + 3;
    if (x === '\\' && s[i + 3] === '\\') next = i + 4;
    x = x.toUpperCase();
    const code = x === '?' ? 0x7f : x.charCodeAt(0) & 0x1f;
    step = { text: String.fromCharCode(code), next };
  }
  // bash strings end at NUL
  return step !== null && step.text === '\0' ? STOP : step;
}

const STOP: Step = { text: '', next: 0, stop: true };

/**
 * s with each backslash escape replaced as `stepAt(i)` (s[i] the backslash) says: a Step, STOP
 * to end the text there, or null to keep the backslash and the character after it.
 */
function decodeEscapes(s: string, stepAt: (i: number) => Step | null): { text: string; stopped: boolean } {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch !== '\\' || i + 1 >= s.length) {
      out += ch;
      i++;
      continue;
    }
    const step = stepAt(i);
    if (step === null) {
      out += '\\' + s[i + 1]!;
      i += 2;
      continue;
    }
    if (step.stop === true) return { text: out, stopped: true };
    out += step.text;
    i = step.next;
  }
  return { text: out, stopped: false };
}

export interface EchoDecoded {
  text: string;
  /** a \c was seen: print nothing more (not even echo's newline, nor printf's remaining format) */
  stopped: boolean;
  /** printf %b only: bash's complaints (`missing hex digit for \x`); printing goes on */
  warnings?: string[];
}

function missingDigitWarning(c: string): string {
  return c === 'x' ? 'missing hex digit for \\x' : `missing unicode digit for \\${c}`;
}

function decodeEchoLike(s: string, bareOctal: boolean, opts: EscapeOptions | undefined): EchoDecoded {
  if (s.indexOf('\\') < 0) return { text: s, stopped: false };
  let warnings: string[] | undefined;
  const r = decodeEscapes(s, (i) => {
    const c = s[i + 1]!;
    if (SIMPLE[c] !== undefined) return { text: SIMPLE[c]!, next: i + 2 };
    if (c === 'c') return STOP;
    if (c === '0' || (bareOctal && isOctal(c))) {
      const o = scanOctal(s, c === '0' ? i + 2 : i + 1, 3);
      return { text: byteChar(o.value), next: o.next };
    }
    if (c !== 'x' && c !== 'u' && c !== 'U') return null;
    const step = scanNumericHexEscape(s, i + 1, opts);
    if (step === null && bareOctal) (warnings ??= []).push(missingDigitWarning(c));
    return step;
  });
  return warnings ? { ...r, warnings } : r;
}

/** `echo -e` escapes */
export function decodeEcho(s: string, opts?: EscapeOptions): EchoDecoded {
  return decodeEchoLike(s, false, opts);
}

/** printf `%b` argument escapes */
export function decodeBArg(s: string, opts?: EscapeOptions): EchoDecoded {
  return decodeEchoLike(s, true, opts);
}

export interface FormatEscape {
  text: string;
  next: number;
  /** bash's complaint, e.g. `missing hex digit for \x` (printing goes on) */
  error?: string;
}

/**
 * One escape in a printf format; `s[i]` is the backslash. \c is not special here (it is in %b).
 */
export function decodePrintfFormatEscape(s: string, i: number, opts?: EscapeOptions): FormatEscape {
  const c = s[i + 1];
  if (c === undefined) return { text: '\\', next: i + 1 };
  if (SIMPLE[c] !== undefined) return { text: SIMPLE[c]!, next: i + 2 };
  if (c === '"' || c === "'" || c === '?') return { text: c, next: i + 2 };
  if (isOctal(c)) {
    const o = scanOctal(s, i + 1, 3);
    return { text: byteChar(o.value), next: o.next };
  }
  if (c === 'x' || c === 'u' || c === 'U') {
    const step = scanNumericHexEscape(s, i + 1, opts);
    if (step) return { text: step.text, next: step.next };
    return { text: '\\' + c, next: i + 2, error: missingDigitWarning(c) };
  }
  // bash prints the backslash alone and reads on from the next character: `\%d` is `\` then a
  // conversion
  return { text: '\\', next: i + 1 };
}
