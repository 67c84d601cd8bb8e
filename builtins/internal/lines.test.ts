import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LineReader, NUL } from './lines.js';
import { OutputBuffer } from './output.js';
import { CollectingWriter } from './testing.js';
import { countByte, indexOfByte, pastNthByte } from './bytes.js';
import { parseUintmax } from './xstrtol.js';
import type { ByteReader } from '../../lib/io/streams.js';

/** a reader over `data` in the given chunk sizes; async=true returns promises */
function reader(data: Uint8Array, sizes: number[], async: boolean): ByteReader {
  let pos = 0;
  let k = 0;
  return {
    read() {
      if (pos >= data.length) return async ? Promise.resolve(null) : null;
      const n = Math.max(1, sizes[k++ % sizes.length]!);
      const c = data.slice(pos, pos + n);
      pos += n;
      return async ? Promise.resolve(c) : c;
    },
  };
}

async function collect(lr: LineReader): Promise<{ lines: string[]; terminated: boolean[] }> {
  const lines: string[] = [];
  const terminated: boolean[] = [];
  for (;;) {
    let more = lr.next();
    if (typeof more !== 'boolean') more = await more;
    if (!more) break;
    lines.push(Buffer.from(lr.buf.subarray(lr.start, lr.end)).toString('latin1'));
    terminated.push(lr.terminated);
  }
  return { lines, terminated };
}

function expected(text: string, delim: string): { lines: string[]; terminated: boolean[] } {
  if (text === '') return { lines: [], terminated: [] };
  const parts = text.split(delim);
  const last = parts.pop()!;
  const terminated = parts.map(() => true);
  if (last !== '') {
    parts.push(last);
    terminated.push(false);
  }
  return { lines: parts, terminated };
}

describe('LineReader', () => {
  it('splits any chunking like String.split, sync and async', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'b', '\n', '\n', '\0', '\r', '\xff'), { maxLength: 80 }).map((a) => a.join('')),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.boolean(),
        async (text, sizes, async, nul) => {
          const data = new Uint8Array(Buffer.from(text, 'latin1'));
          const lr = new LineReader(reader(data, sizes, async), nul ? NUL : 0x0a);
          expect(await collect(lr)).toEqual(expected(text, nul ? '\0' : '\n'));
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });

  it('stops with tooLong past maxLineBytes, exactly at the limit is fine', async () => {
    const ok = new LineReader(reader(new Uint8Array(Buffer.from('abcd\nxy\n')), [3], false), 0x0a, 4);
    expect((await collect(ok)).lines).toEqual(['abcd', 'xy']);
    const bad = new LineReader(reader(new Uint8Array(Buffer.from('ab\nabcde\nxy\n')), [2], false), 0x0a, 4);
    expect((await collect(bad)).lines).toEqual(['ab']);
    expect(bad.tooLong).toBe(true);
  });

  it('text() is each line decoded, from windows of big chunks and of one reused buffer', async () => {
    // 300 KiB of lines of varied length: windows of 64 KiB end mid-chunk and lines straddle them
    let text = '';
    for (let i = 0; text.length < 300 * 1024; i++) text += 'x'.repeat(i % 200) + String.fromCharCode(0x80 + (i % 128)) + '\n';
    text += 'last';
    const data = new Uint8Array(Buffer.from(text, 'latin1'));
    /** every chunk in the same buffer: a window decoded from an earlier chunk must not be reused */
    const reusing = (size: number): ByteReader => {
      const buf = new Uint8Array(size);
      let pos = 0;
      return {
        read() {
          if (pos >= data.length) return null;
          const n = Math.min(size, data.length - pos);
          buf.set(data.subarray(pos, pos + n));
          pos += n;
          return buf.subarray(0, n);
        },
      };
    };
    for (const src of [reader(data, [256 * 1024], false), reader(data, [70000, 3], true), reusing(100000), reusing(4096)]) {
      const lr = new LineReader(src);
      const lines: string[] = [];
      for (;;) {
        let more = lr.next();
        if (typeof more !== 'boolean') more = await more;
        if (!more) break;
        lines.push(lr.text());
      }
      expect(lines).toEqual(expected(text, '\n').lines);
    }
  });

  it('assembles a 3 MiB line from 64 KiB chunks', async () => {
    const data = new Uint8Array((3 << 20) + 2).fill(0x61);
    data[data.length - 2] = 0x0a;
    const lr = new LineReader(reader(data, [65536], false), 0x0a, 4 << 20);
    const r = await collect(lr);
    expect(r.lines.map((l) => l.length)).toEqual([3 << 20, 1]);
  });
});

describe('OutputBuffer', () => {
  it('keeps order across small, large and string writes', async () => {
    const w = new CollectingWriter();
    const out = new OutputBuffer(w);
    const big = new Uint8Array(100000).fill(0x62);
    out.writeString('a');
    out.write(big);
    out.write(Uint8Array.of(0x63, 0x64, 0x65), 1, 2);
    for (let i = 0; i < 70000; i++) out.write(Uint8Array.of(0x65));
    await out.flush();
    const s = Buffer.from(w.bytes()).toString('latin1');
    expect(s).toBe('a' + 'b'.repeat(100000) + 'd' + 'e'.repeat(70000));
  });
});

describe('bytes', () => {
  it('indexOfByte / countByte / pastNthByte', () => {
    const a = new Uint8Array(Buffer.from('x\ny\n\nz'));
    expect(indexOfByte(a, 10)).toBe(1);
    expect(indexOfByte(a, 10, 2)).toBe(3);
    expect(indexOfByte(a, 10, 99)).toBe(-1);
    expect(countByte(a, 10)).toBe(3);
    expect(countByte(a, 10, 2, 4)).toBe(1);
    expect(pastNthByte(a, 10, 2)).toBe(4);
    expect(pastNthByte(a, 10, 4)).toBe(-1);
  });
});

describe('xstrtol', () => {
  it('parses like gnulib xstrtoumax with coreutils suffixes', () => {
    const s = 'bkKmMGTPEZY0';
    expect(parseUintmax('10', s)).toEqual({ kind: 'ok', value: 10n });
    expect(parseUintmax(' +3', s)).toEqual({ kind: 'ok', value: 3n });
    expect(parseUintmax('2b', s)).toEqual({ kind: 'ok', value: 1024n });
    expect(parseUintmax('1kB', s)).toEqual({ kind: 'ok', value: 1000n });
    expect(parseUintmax('1KiB', s)).toEqual({ kind: 'ok', value: 1024n });
    expect(parseUintmax('k', s)).toEqual({ kind: 'ok', value: 1024n });
    expect(parseUintmax('1Y', s)).toEqual({ kind: 'overflow' });
    expect(parseUintmax('18446744073709551615', s)).toEqual({ kind: 'ok', value: (1n << 64n) - 1n });
    expect(parseUintmax('18446744073709551616', s)).toEqual({ kind: 'overflow' });
    for (const bad of ['', '-1', ' -1', '3 ', '1e', '1Mi', '+k', '0x10', '1.5', '1g']) {
      expect(parseUintmax(bad, s)).toEqual({ kind: 'invalid' });
    }
  });
});
