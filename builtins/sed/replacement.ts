// The right-hand side of `s`: literal text, & and \0–\9, the case operators \L \U \E \l \u, and
// the byte escapes (\n \t \xHH …, which stand for literal bytes, so `\x26` is a literal `&`).

import { convertEscape } from './escapes.js';
import type { ReplacementPart } from './types.js';

export interface ParsedReplacement {
  parts: ReplacementPart[];
  maxGroupRef: number;
}

const CASE_OPS = new Set(['L', 'U', 'E', 'l', 'u']);

/** `posix` (--posix): \L \U \E \l \u are the plain letters, as in GNU's POSIXLY_BASIC mode */
export function parseReplacement(rhs: string, posix = false): ParsedReplacement {
  const parts: ReplacementPart[] = [];
  let text = '';
  let maxGroupRef = 0;
  const flush = (): void => {
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < rhs.length; i++) {
    const c = rhs[i]!;
    if (c === '&') {
      flush();
      parts.push({ kind: 'group', group: 0 });
      continue;
    }
    if (c !== '\\') {
      text += c;
      continue;
    }
    if (i + 1 >= rhs.length) {
      text += '\\';
      continue;
    }
    const e = rhs[i + 1]!;
    if (e >= '0' && e <= '9') {
      flush();
      const group = e.charCodeAt(0) - 0x30;
      maxGroupRef = Math.max(maxGroupRef, group);
      parts.push({ kind: 'group', group });
      i++;
      continue;
    }
    if (CASE_OPS.has(e) && !posix) {
      flush();
      parts.push({ kind: 'case', op: e as 'L' | 'U' | 'E' | 'l' | 'u' });
      i++;
      continue;
    }
    const conv = convertEscape(rhs, i + 1);
    if (conv !== null) {
      text += String.fromCharCode(conv.byte);
      i += conv.length;
      continue;
    }
    text += e;
    i++;
  }
  flush();
  return { parts, maxGroupRef };
}

/** Case state while building one replacement (persistent \L/\U, one-shot \l/\u). */
class CaseWriter {
  out = '';
  private mode: 'L' | 'U' | 'E' = 'E';
  private oneShot: 'l' | 'u' | null = null;

  op(op: 'L' | 'U' | 'E' | 'l' | 'u'): void {
    if (op === 'l' || op === 'u') this.oneShot = op;
    else {
      this.mode = op;
      this.oneShot = null;
    }
  }

  add(s: string): void {
    if (s === '') return;
    if (this.mode === 'E' && this.oneShot === null) {
      this.out += s;
      return;
    }
    let rest = this.mode === 'L' ? asciiLower(s) : this.mode === 'U' ? asciiUpper(s) : s;
    if (this.oneShot !== null) {
      const head = this.oneShot === 'u' ? asciiUpper(rest[0]!) : asciiLower(rest[0]!);
      rest = head + rest.slice(1);
      this.oneShot = null;
    }
    this.out += rest;
  }
}

// C locale: only ASCII letters change case (toUpperCase would also map latin1 bytes like 0xe9),
// and a byte past 0x7f comes out as 0xff: GNU sed converts through btowc (WEOF for such a byte
// in a single-byte locale), towupper, then wctob (EOF, stored as the byte 0xff)
const HIGH_BYTES = /[\x80-\xff]/g;
function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase()).replace(HIGH_BYTES, '\xff');
}
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase()).replace(HIGH_BYTES, '\xff');
}

const PLAIN = (parts: readonly ReplacementPart[]): boolean => parts.every((p) => p.kind !== 'case');

/** The replacement text for one match; groups[0] is the whole match. */
export function expandReplacement(parts: readonly ReplacementPart[], groups: readonly (string | undefined)[]): string {
  if (PLAIN(parts)) {
    let out = '';
    for (const p of parts) out += p.kind === 'text' ? p.text : p.kind === 'group' ? groups[p.group] ?? '' : '';
    return out;
  }
  const w = new CaseWriter();
  for (const p of parts) {
    if (p.kind === 'text') w.add(p.text);
    else if (p.kind === 'group') w.add(groups[p.group] ?? '');
    else w.op(p.op);
  }
  return w.out;
}
