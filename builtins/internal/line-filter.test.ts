// The failure paths cut and uniq share through filterOneInput: a missing file, a directory (the
// read fails), and a line over the budget; the output before the failure comes out first.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cut } from '../cut/index.js';
import { uniq } from '../uniq/index.js';
import { runBuiltin } from './testing.js';

const files = { ok: 'ab\n', long: 'x'.repeat(40) + '\n' };
const opts = { files, limits: { maxLineBytes: 16 }, setup: (dir: string) => fs.mkdirSync(path.join(dir, 'd')) };

describe('filterOneInput through cut and uniq', () => {
  it('cut: goes on after each failure, status 1', async () => {
    const r = await runBuiltin(cut, ['-b1', 'ok', 'nosuch', 'd', 'long', 'ok'], opts);
    expect(r).toMatchObject({
      code: 1,
      stdout: 'a\na\n',
      stderr:
        "cut: nosuch: No such file or directory\ncut: d: Is a directory\ncut: long: line too long (over 16 bytes)\n",
    });
  });
  it('uniq: a missing file', async () => {
    const r = await runBuiltin(uniq, ['nosuch'], opts);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'uniq: nosuch: No such file or directory\n' });
  });
  it('uniq: a directory', async () => {
    const r = await runBuiltin(uniq, ['d'], opts);
    // GNU uniq checks ferror() at the end and names no errno (coreutils 9.1: `uniq d`)
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: "uniq: error reading 'd'\n" });
  });
  it('uniq: a line over the budget', async () => {
    const r = await runBuiltin(uniq, ['long'], opts);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('uniq: long: line too long (over 16 bytes)\n');
  });
  it('uniq: fine input, status 0', async () => {
    const r = await runBuiltin(uniq, ['ok'], opts);
    expect(r).toMatchObject({ code: 0, stdout: 'ab\n', stderr: '' });
  });
});
