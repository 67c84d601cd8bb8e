// String bodies of the JSON reader: jq 1.7.1's found_string (escapes, surrogate pairs, raw
// control characters refused), and the failure type the reader's state machine passes around.

/** a parse failure inside the state machine: jq's message without the position */
export class Fail {
  constructor(readonly msg: string) {}
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  '"': '"',
  '/': '/',
  b: '\b',
  f: '\f',
  t: '\t',
  n: '\n',
  r: '\r',
};

/** jq's found_string: escapes, surrogate pairs, raw control characters refused */
export function decodeString(raw: string): string | Fail {
  let simple = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 92 || c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) {
      simple = false;
      break;
    }
  }
  if (simple) return raw;
  let out = '';
  let start = 0;
  const end = raw.length;
  let i = 0;
  while (i < end) {
    const c = raw.charCodeAt(i);
    if (c === 92) {
      out += raw.slice(start, i);
      i++;
      if (i >= end) return new Fail('Expected escape character at end of string');
      const e = raw[i] ?? '';
      i++;
      const simpleEsc = SIMPLE_ESCAPES[e];
      if (simpleEsc !== undefined) {
        out += simpleEsc;
      } else if (e === 'u') {
        if (i + 4 > end) return new Fail('Invalid \\uXXXX escape');
        let cp = unhex4(raw, i);
        if (cp < 0) return new Fail('Invalid characters in \\uXXXX escape');
        i += 4;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          if (i + 6 > end || raw.charCodeAt(i) !== 92 || raw.charCodeAt(i + 1) !== 117) {
            return new Fail('Invalid \\uXXXX\\uXXXX surrogate pair escape');
          }
          const lo = unhex4(raw, i + 2);
          if (!(lo >= 0xdc00 && lo <= 0xdfff)) return new Fail('Invalid \\uXXXX\\uXXXX surrogate pair escape');
          i += 6;
          cp = 0x10000 + (((cp - 0xd800) << 10) | (lo - 0xdc00));
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          // a lone low surrogate is encoded as bytes that are not UTF-8: jq replaces them
          cp = 0xfffd;
        }
        out += String.fromCodePoint(cp);
      } else {
        return new Fail('Invalid escape');
      }
      start = i;
    } else if (c < 0x20) {
      return new Fail('Invalid string: control characters from U+0000 through U+001F must be escaped');
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // a lone surrogate in the text (not from UTF-8 input) becomes U+FFFD as in jq's strings
      const lo = raw.charCodeAt(i + 1);
      if (c <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) i += 2;
      else {
        out += `${raw.slice(start, i)}\ufffd`;
        i++;
        start = i;
      }
    } else {
      i++;
    }
  }
  return out + raw.slice(start);
}

function unhex4(s: string, at: number): number {
  let r = 0;
  for (let k = 0; k < 4; k++) {
    const c = s.charCodeAt(at + k);
    let d: number;
    if (c >= 48 && c <= 57) d = c - 48;
    else if (c >= 97 && c <= 102) d = c - 87;
    else if (c >= 65 && c <= 70) d = c - 55;
    else return -1;
    r = (r << 4) | d;
  }
  return r;
}
