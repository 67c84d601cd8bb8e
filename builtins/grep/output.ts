// How grep prints: prefixes (file name, line number, byte offset), separators, GNU's default
// GREP_COLORS SGR sequences (ms=01;31:mc=01;31:sl=:cx=:fn=35:ln=32:bn=32:se=36). All text here is
// latin1-style (one char per byte) so it can be joined with record slices and written as bytes.

import { Buffer } from 'node:buffer';
import type { ByteWriter } from '../../src/io/streams.js';

export const SGR_END = '\x1b[m\x1b[K';
const sgr = (code: string) => `\x1b[${code}m\x1b[K`;

export interface Colors {
  match: string;
  contextMatch: string;
  filename: string;
  lineNumber: string;
  byteOffset: string;
  separator: string;
}

export const DEFAULT_COLORS: Colors = {
  match: '01;31',
  contextMatch: '01;31',
  filename: '35',
  lineNumber: '32',
  byteOffset: '32',
  separator: '36',
};

/** GREP_COLORS=ms=..:mc=..:fn=.. overrides (mt sets both ms and mc); unknown keys are ignored as GNU does */
export function parseGrepColors(spec: string | undefined): Colors {
  const colors = { ...DEFAULT_COLORS };
  if (spec === undefined) return colors;
  const keys: Record<string, (keyof Colors)[]> = {
    mt: ['match', 'contextMatch'], ms: ['match'], mc: ['contextMatch'], fn: ['filename'],
    ln: ['lineNumber'], bn: ['byteOffset'], se: ['separator'],
  };
  for (const item of spec.split(':')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const targets = keys[item.slice(0, eq)];
    const value = item.slice(eq + 1);
    if (targets === undefined || !/^[0-9;]*$/.test(value)) continue;
    for (const t of targets) colors[t] = value;
  }
  return colors;
}

export class Painter {
  constructor(readonly colors: Colors | null) {}
  paint(kind: keyof Colors, text: string): string {
    if (this.colors === null) return text;
    const code = this.colors[kind];
    return code === '' ? text : sgr(code) + text + SGR_END;
  }
}

/** Collects latin1 output pieces and writes them as bytes in batches. */
export class LatinOutput {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly out: ByteWriter) {}
  push(s: string): void {
    this.parts.push(s);
    this.size += s.length;
  }
  get pending(): number {
    return this.size;
  }
  flush(): void | Promise<void> {
    if (this.parts.length === 0) return;
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.size = 0;
    const bytes = Buffer.from(text, 'latin1');
    return this.out.write(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
