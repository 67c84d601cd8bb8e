// LatinOutput: bytes and strings in order, across its buffer's growth and its pending spans.
import { describe, expect, it } from 'vitest';
import { LatinOutput } from './output.js';
import { CollectingWriter } from '../internal/testing.js';

const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

describe('LatinOutput', () => {
  it('keeps every byte when a push grows the buffer (string, byte, span) exactly at its end', () => {
    for (const fill of [65535, 65536, 65537]) {
      const w = new CollectingWriter();
      const out = new LatinOutput(w);
      const block = new Uint8Array(Buffer.from('abc\ndef\n', 'latin1'));
      out.push('x'.repeat(fill));
      out.pushByte(0x3a);
      out.push('y'.repeat(40));
      out.pushBytes(block, 0, 3);
      out.pushByte(0x0a); // the terminator after it in the block: the span grows over it
      out.pushBytes(block, 4, 7);
      out.pushByte(0x21); // not what follows in the block: the span is copied, then the byte
      out.flush();
      expect(latin1(w.bytes())).toBe('x'.repeat(fill) + ':' + 'y'.repeat(40) + 'abc\ndef!');
    }
  });
});
