// The reader's lazily made fstat: readInto() finds out what the descriptor is from the read itself,
// read() and `info` make the fstat, and every kind of file still ends the way it did.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import type { FileReader, SandboxFS } from './types.js';

let base = '';
let view: SandboxFS;
let close: () => void;

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-reader-')));
  fs.writeFileSync(path.join(base, 'small'), 'hello\n');
  fs.writeFileSync(path.join(base, 'empty'), '');
  fs.writeFileSync(path.join(base, 'big'), Buffer.alloc(300 * 1024, 0x61));
  fs.mkdirSync(path.join(base, 'dir'));
  execFileSync('mkfifo', [path.join(base, 'fifo')]);
  const sb = createSandbox([base]);
  view = sb.at(base);
  close = () => sb.close();
});

afterAll(() => {
  close();
  fs.rmSync(base, { recursive: true, force: true });
});

function open(name: string): FileReader {
  const r = view.open(name);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value;
}

/** every chunk through readInto, copied, until null (a promise fails the test: none expected) */
function drainInto(f: FileReader, buf: Uint8Array): { bytes: number; chunks: number } {
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const c = f.readInto!(buf);
    if (c instanceof Promise) throw new Error('unexpected wait');
    if (c === null) return { bytes, chunks };
    bytes += c.length;
    chunks++;
  }
}

describe('FdReader without an fstat at open', () => {
  it('reads a small file through readInto, then reports its stat when asked', () => {
    const f = open('small');
    const buf = new Uint8Array(64 * 1024);
    const first = f.readInto!(buf) as Uint8Array;
    expect(Buffer.from(first).toString()).toBe('hello\n');
    expect(first.buffer).toBe(buf.buffer);
    expect(f.readInto!(buf)).toBeNull();
    expect(f.error).toBeUndefined();
    expect(f.info.type).toBe('file');
    expect(f.info.size).toBe(6);
    f.close();
  });

  it('reads a file larger than the buffer whole, and an empty one as nothing', () => {
    const f = open('big');
    expect(drainInto(f, new Uint8Array(64 * 1024))).toEqual({ bytes: 300 * 1024, chunks: 5 });
    f.close();
    const e = open('empty');
    expect(drainInto(e, new Uint8Array(16))).toEqual({ bytes: 0, chunks: 0 });
    expect(e.error).toBeUndefined();
    e.close();
  });

  it('a directory opens, and fails on the first read with EISDIR either way', () => {
    const viaInto = open('dir');
    expect(viaInto.readInto!(new Uint8Array(16))).toBeNull();
    expect(viaInto.error).toMatchObject({ code: 'EISDIR', message: 'Is a directory' });
    viaInto.close();
    const viaRead = open('dir');
    expect(viaRead.read()).toBeNull();
    expect(viaRead.error).toMatchObject({ code: 'EISDIR' });
    expect(viaRead.info.type).toBe('dir');
    viaRead.close();
  });

  it('mixes read() and readInto() on one file without losing or repeating bytes', () => {
    const f = open('big');
    const a = f.readInto!(new Uint8Array(1000)) as Uint8Array;
    expect(a.length).toBe(1000);
    let rest = 0;
    for (let c = f.read(); c !== null; c = f.read()) rest += (c as Uint8Array).length;
    expect(1000 + rest).toBe(300 * 1024);
    f.close();
  });

  it('a FIFO without a writer reads as end of file at once', () => {
    const f = open('fifo');
    expect(f.readInto!(new Uint8Array(16))).toBeNull();
    expect(f.error).toBeUndefined();
    f.close();
  });

  it('a FIFO with a writer and nothing written waits (a promise), then reads what comes', async () => {
    const f = open('fifo');
    const w = fs.openSync(path.join(base, 'fifo'), fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    try {
      const pending = f.readInto!(new Uint8Array(16));
      expect(pending).toBeInstanceOf(Promise);
      expect(f.info.type).toBe('fifo');
      fs.writeSync(w, 'late\n');
      const got = await pending;
      expect(Buffer.from(got as Uint8Array).toString()).toBe('late\n');
    } finally {
      fs.closeSync(w);
      f.close();
    }
  });

  it('`info` asked only after close() is a placeholder, not another file\'s stat', () => {
    const f = open('small');
    f.close();
    expect(f.info.size).toBe(0);
    expect(f.info.ino).toBe(0);
  });
});

describe('pace (Sandbox.at): the run deadline check before each read and write', () => {
  it('readFile reads a whole file even when every read is due a turn of the event loop', () => {
    // a promise from read() was taken for the end: `grep --exclude-from=F` under load read F as empty
    const sb = createSandbox([base]);
    try {
      const paced = sb.at(base, () => Promise.resolve());
      for (const [name, size] of [['small', 6], ['big', 300 * 1024]] as const) {
        const r = paced.readFile(name, 1 << 20);
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.length).toBe(size);
      }
    } finally {
      sb.close();
    }
  });

  it('is called before every read of a file and of a device the view opens, and a throw stops the read', () => {
    const sb = createSandbox([`${base}:rw`], { mode: 'remediation' });
    try {
      let calls = 0;
      let stop = false;
      const paced = sb.at(base, () => {
        calls++;
        if (stop) throw new Error('deadline');
      });
      for (const name of ['big', '/dev/zero']) {
        const r = paced.open(name);
        if (!r.ok) throw new Error(r.error.message);
        calls = 0;
        const buf = new Uint8Array(64 * 1024);
        for (let i = 0; i < 3; i++) r.value.readInto!(buf);
        expect(calls).toBeGreaterThanOrEqual(3);
        stop = true;
        expect(() => r.value.read()).toThrow('deadline');
        stop = false;
        r.value.close();
      }
      const w = paced.openWrite('paced.out');
      if (!w.ok) throw new Error(w.error.message);
      calls = 0;
      w.value.write(new Uint8Array(10));
      expect(calls).toBe(1);
      stop = true;
      expect(() => w.value.write(new Uint8Array(10))).toThrow('deadline');
      w.value.close();
      expect(fs.statSync(path.join(base, 'paced.out')).size).toBe(10);
    } finally {
      sb.close();
    }
  });
});
