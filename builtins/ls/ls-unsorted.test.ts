// ls -U / -f print the directory in readdir order, unsorted, as GNU does. That order depends on
// the filesystem (ext4 hashes names, tmpfs returns newest first), so rshell and GNU ls list the
// very same directory here rather than two copies of it.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gnuIn, rshellIn } from '../../tests/harness/same-dir.js';

let dir = '';

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-ls-U-')));
  const names = ['b', 'a', 'c', 'zz', '10', 'x.y', 'B', '.h', 'mm m', 'z9', 'k.txt', 'q'];
  for (let i = 0; i < 30; i++) names.push(`f${(i * 7919) % 101}`);
  for (const n of names) fs.writeFileSync(path.join(dir, n), n);
  for (const d of ['sub', 'sub2', 'sub/in']) fs.mkdirSync(path.join(dir, d));
  for (const n of ['y', 'x', 'w']) fs.writeFileSync(path.join(dir, 'sub', n), '');
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ls -U: readdir order, as GNU ls on the same directory', () => {
  it.each([
    'ls -U', 'ls -U -1', 'ls -U -r', 'ls -UA', 'ls -U --group-directories-first', 'ls --sort=none -x',
    'ls -U sub', 'ls -UR', 'ls -U1 sub . b a', 'ls -Ur a b c', 'ls -t -U', 'ls -U -t',
    // '.' and '..' sit where the filesystem puts them (ext4: by hash), which rshell cannot see
    "ls -f | grep -v '^\\.\\.\\?$'", "ls -fR | grep -v '^\\.\\.\\?$'",
  ])('%s', async (script) => {
    expect(await rshellIn(dir, script)).toEqual(gnuIn(dir, script));
  });

  it("puts -a's '.' and '..' first", async () => {
    expect((await rshellIn(dir, 'ls -f sub/in; ls -Ua sub | head -2')).stdout).toBe('.\n..\n.\n..\n');
  });
});
