import { describe, expect, it } from 'vitest';
import { OutputBuffer } from './output.js';
import { copyBytes } from './bytes.js';
import { Pipe } from '../../lib/io/pipe.js';
import { CollectingWriter } from './testing.js';

// the buffer is reused after every hand-off: what the sink got must never change afterwards
describe('OutputBuffer', () => {
  const pieces = Array.from({ length: 5000 }, (_, i) => Buffer.from(`line ${i} ${'x'.repeat(i % 97)}\n`));
  const expected = Buffer.concat(pieces).toString();

  it('many small writes into a synchronous sink', async () => {
    const sink = new CollectingWriter();
    const out = new OutputBuffer(sink);
    for (const p of pieces) {
      const w = out.write(p, 0, p.length);
      if (w) await w;
    }
    await out.flush();
    expect(Buffer.from(sink.bytes()).toString()).toBe(expected);
  });

  it('a pipe that makes the writer wait', async () => {
    const pipe = new Pipe(null, 1024);
    const got: Uint8Array[] = [];
    const reading = (async () => {
      for (;;) {
        let c = pipe.reader.read();
        if (c instanceof Promise) c = await c;
        if (c === null) return;
        got.push(c);
      }
    })();
    const out = new OutputBuffer(pipe.writer);
    for (const p of pieces) {
      const w = out.write(p, 1, p.length); // a range, not the whole piece
      if (w) await w;
    }
    await out.flush();
    pipe.writer.close();
    await reading;
    expect(Buffer.concat(got).toString()).toBe(pieces.map((p) => p.subarray(1).toString()).join(''));
  });

  it('copyBytes copies any range at any offset', () => {
    const src = Uint8Array.from({ length: 300 }, (_, i) => (i * 31) & 0xff);
    const dst = new Uint8Array(320);
    for (const [from, to, at] of [[0, 300, 0], [1, 2, 5], [3, 250, 7], [10, 10, 0], [299, 300, 319]] as const) {
      dst.fill(0);
      const end = copyBytes(new DataView(src.buffer), src, from, to, new DataView(dst.buffer), dst, at);
      expect(end).toBe(at + to - from);
      expect(Array.from(dst.subarray(at, end))).toEqual(Array.from(src.subarray(from, to)));
    }
  });
});
