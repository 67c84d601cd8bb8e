import { describe, expect, it } from 'vitest';
import { ChunkReader } from './inputs.js';
import { bytesReader } from './testing.js';
import type { ByteReader } from '../../lib/io/streams.js';

describe('ChunkReader', () => {
  it('passes plain readers through', () => {
    const r = new ChunkReader(bytesReader(new TextEncoder().encode('abcdef'), 4));
    expect(Buffer.from(r.read() as Uint8Array).toString()).toBe('abcd');
    expect(Buffer.from(r.read() as Uint8Array).toString()).toBe('ef');
    expect(r.read()).toBe(null);
    r.release();
  });

  it('reads through one buffer while it holds it, and hands it to the next input after release', () => {
    const seen: ArrayBufferLike[] = [];
    const reusing = (): ByteReader & { readInto(buf: Uint8Array): Uint8Array | null } => {
      let left = 2;
      return {
        read: () => null,
        readInto(buf: Uint8Array) {
          seen.push(buf.buffer);
          if (left-- === 0) return null;
          buf[0] = 42;
          return buf.subarray(0, 1);
        },
      };
    };
    const a = new ChunkReader(reusing());
    expect([...(a.read() as Uint8Array)]).toEqual([42]);
    expect([...(a.read() as Uint8Array)]).toEqual([42]);
    expect(a.read()).toBe(null);
    expect(new Set(seen).size).toBe(1);
    // a second input read at the same time gets a buffer of its own
    const b = new ChunkReader(reusing());
    b.read();
    expect(seen[seen.length - 1]).not.toBe(seen[0]);
    a.release();
    b.release();
    const c = new ChunkReader(reusing());
    c.read();
    expect([seen[0], seen[3]]).toContain(seen[seen.length - 1]);
    c.release();
  });
});
