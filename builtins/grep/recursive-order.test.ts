// grep -r searches a directory in readdir order, as GNU grep's fts walk does (no sorting). That
// order depends on the filesystem, so rshell and GNU grep search the very same directory here.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gnuIn, rshellIn } from '../../tests/harness/same-dir.js';

let dir = '';

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-grep-r-')));
  const names = ['b', 'a', 'c', 'zz', '10', 'x.y', 'B', '.h', 'mm m', 'sub/in1', 'sub/in0', 'sub/deeper/q', 'd2/k'];
  for (let i = 0; i < 20; i++) names.push(`f${(i * 7919) % 101}`);
  for (const n of names) {
    fs.mkdirSync(path.dirname(path.join(dir, n)), { recursive: true });
    fs.writeFileSync(path.join(dir, n), `${n}\nmatch\n`);
  }
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('grep -r: readdir order, as GNU grep on the same directory', () => {
  it.each(['grep -r match', 'grep -rl match .', 'grep -rc match sub d2', 'grep -rn a --include=f*', 'grep -R -m1 match'])('%s', async (script) => {
    expect(await rshellIn(dir, script)).toEqual(gnuIn(dir, script));
  });
});
