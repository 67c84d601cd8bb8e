// UTF-8 with surrogateescape: every byte sequence round-trips through a JS string.
// Valid UTF-8 decodes normally; each byte of an invalid sequence becomes U+DC00+byte (a lone low
// surrogate, which valid text never contains), and encoding turns such code units back into the
// original byte. This is what lets NUL-free binary data pass through variables and `$(…)` intact.

/** made at the first decode that needs it: a fatal TextDecoder costs ~0.2 ms to make (issue #7) */
let textDecoder: { decode(bytes: Uint8Array): string } | null = null;
const textEncoder = new TextEncoder();

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

/** bytes → string, invalid bytes as U+DC80..U+DCFF */
export function decode(bytes: Uint8Array): string {
  if (bytes.length === 0) return '';
  if (bytes.length < 64 && isAscii(bytes)) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  try {
    return (textDecoder ??= new TextDecoder('utf-8', { fatal: true })).decode(bytes);
  } catch {
    return decodeSlow(bytes);
  }
}

/**
 * UTF-8 with each byte that is not part of a valid sequence kept as U+DC00 + byte (surrogateescape).
 * The UTF-16 code units go into one array and become a string in blocks: appending a character at a
 * time made a cons cell per character (~30 bytes each), 1.3 GB for 30 MB of binary lines.
 */
function decodeSlow(b: Uint8Array): string {
  const n = b.length;
  // one unit per byte at most (a 4-byte sequence is a 2-unit surrogate pair)
  const units = new Uint16Array(n);
  let len = 0;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      units[len++] = c;
      i++;
      continue;
    }
    let need = 0;
    let cp = 0;
    let min = 0;
    if (c >= 0xc2 && c <= 0xdf) { need = 1; cp = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { need = 2; cp = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { need = 3; cp = c & 0x07; min = 0x10000; }
    let ok = need > 0 && i + need <= n;
    if (ok) {
      for (let k = 1; k <= need; k++) {
        const d = b[i + k]!;
        if ((d & 0xc0) !== 0x80) { ok = false; break; }
        cp = (cp << 6) | (d & 0x3f);
      }
    }
    if (ok && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
    if (ok) {
      if (cp >= 0x10000) {
        units[len++] = 0xd800 + ((cp - 0x10000) >> 10);
        units[len++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
      } else units[len++] = cp;
      i += need + 1;
    } else {
      units[len++] = 0xdc00 + c;
      i++;
    }
  }
  let out = '';
  for (let at = 0; at < len; at += UNITS_PER_CALL) {
    out += String.fromCharCode.apply(null, units.subarray(at, Math.min(len, at + UNITS_PER_CALL)) as unknown as number[]);
  }
  return out;
}

/** code units per String.fromCharCode call (its arguments go on the stack) */
const UNITS_PER_CALL = 8192;

/** String.prototype.isWellFormed (ES2024, in Node 20; not in the ES2022 lib this tree targets) */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * Can the string hold an escaped raw byte (a lone surrogate)? A well-formed string cannot, and
 * TextEncoder gives exactly its bytes; the native check replaces a scan per character.
 */
function hasEscapes(s: string): boolean {
  if (isWellFormed !== undefined) return !isWellFormed.call(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/** string → bytes; U+DC80..U+DCFF become the raw byte again */
export function encode(s: string): Uint8Array {
  if (!hasEscapes(s)) return textEncoder.encode(s);
  const parts: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc80 && c <= 0xdcff) {
      parts.push(c - 0xdc00);
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        parts.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
        i++;
      } else parts.push(0xef, 0xbf, 0xbd);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      parts.push(0xef, 0xbf, 0xbd);
    } else if (c < 0x80) {
      parts.push(c);
    } else if (c < 0x800) {
      parts.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else {
      parts.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
  }
  return Uint8Array.from(parts);
}
