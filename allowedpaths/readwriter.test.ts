// openReadWrite (bash's `<>`): one position for reads and writes, created when missing, never
// truncated, refused wherever openWrite is refused.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import type { FileReadWriter, Sandbox, SandboxFS } from './types.js';

let base = '';
let rwDir = '';
let roDir = '';
let sb: Sandbox;
let view: SandboxFS;

const text = (b: Uint8Array | null | Promise<Uint8Array | null>): string => {
  if (b instanceof Promise) throw new Error('unexpected promise');
  return b === null ? '<eof>' : Buffer.from(b).toString();
};

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-rw-')));
  rwDir = path.join(base, 'rw');
  roDir = path.join(base, 'ro');
  fs.mkdirSync(rwDir);
  fs.mkdirSync(roDir);
  fs.writeFileSync(path.join(roDir, 'f'), 'ro\n');
  sb = createSandbox([`${rwDir}:rw`, `${roDir}:ro`], { mode: 'remediation' });
  view = sb.at(rwDir);
});

afterAll(() => {
  sb.close();
  fs.rmSync(base, { recursive: true, force: true });
});

function openRW(v: SandboxFS, p: string): FileReadWriter {
  const r = v.openReadWrite!(p);
  if (!r.ok) throw new Error(`${p}: ${r.error.message}`);
  return r.value;
}

describe('openReadWrite', () => {
  it('writes at position 0 without truncating', () => {
    fs.writeFileSync(path.join(rwDir, 'a'), 'hello\n');
    const h = openRW(view, 'a');
    h.writeString('yo\n');
    h.close();
    expect(fs.readFileSync(path.join(rwDir, 'a'), 'utf8')).toBe('yo\nlo\n');
  });

  it('shares one position between reads and writes, and unread moves it back', () => {
    fs.writeFileSync(path.join(rwDir, 'b'), 'l1\nl2\nl3\n');
    const h = openRW(view, 'b');
    const chunk = h.read() as Uint8Array;
    expect(text(chunk)).toBe('l1\nl2\nl3\n');
    // a `read` that used the first line gives the rest back
    h.unread!(chunk.subarray(3));
    h.writeString('X\n');
    expect(text(h.read())).toBe('\nl3\n');
    expect(text(h.read())).toBe('<eof>');
    expect(h.info.size).toBe(9);
    h.close();
    expect(fs.readFileSync(path.join(rwDir, 'b'), 'utf8')).toBe('l1\nX\n\nl3\n');
  });

  it('creates a missing file', () => {
    const h = openRW(view, 'new');
    expect(text(h.read())).toBe('<eof>');
    h.close();
    expect(fs.existsSync(path.join(rwDir, 'new'))).toBe(true);
  });

  it('refuses what openWrite refuses', () => {
    const ro = view.openReadWrite!(path.join(roDir, 'f'));
    expect(ro.ok ? '' : ro.error.code).toBe('EACCES');
    fs.mkdirSync(path.join(rwDir, 'd'));
    const d = view.openReadWrite!('d');
    expect(d.ok ? '' : d.error.code).toBe('EISDIR');
    fs.symlinkSync('a', path.join(rwDir, 'link'));
    const l = view.openReadWrite!('link');
    expect(l.ok ? '' : l.error.detail).toBe('symlinks are not supported as write targets');
    const z = view.openReadWrite!('/dev/zero');
    expect(z.ok ? '' : z.error.code).toBe('EACCES');
  });

  it('opens only /dev/null in read-only mode', () => {
    const ro = createSandbox([`${rwDir}:rw`]);
    try {
      const v = ro.at(rwDir);
      const f = v.openReadWrite!('a');
      expect(f.ok ? '' : f.error.code).toBe('EACCES');
      const h = openRW(v, '/dev/null');
      h.writeString('gone\n');
      expect(text(h.read())).toBe('<eof>');
      h.close();
      expect(h.closed).toBe(true);
    } finally {
      ro.close();
    }
  });
});
