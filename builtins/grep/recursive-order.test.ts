// grep -r searches a directory in readdir order, as GNU grep's fts walk does (no sorting). That
// order depends on the filesystem, so rshell and GNU grep search the very same directory here.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

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

function gnu(script: string): { stdout: string; stderr: string; code: number } {
  const r = spawnSync('bash', ['--norc', '-c', script], { cwd: dir, env: { LANG: 'C', PATH: '/usr/bin:/bin' } });
  return { stdout: r.stdout.toString(), stderr: r.stderr.toString(), code: r.status ?? -1 };
}

async function ours(script: string): Promise<{ stdout: string; stderr: string; code: number }> {
  const runner = new Runner({ allowedPaths: [dir], allowedCommands: 'all', cwd: dir });
  const r = await runner.run(script, { stdin: '' });
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.exitCode };
}

describe('grep -r: readdir order, as GNU grep on the same directory', () => {
  it.each(['grep -r match', 'grep -rl match .', 'grep -rc match sub d2', 'grep -rn a --include=f*', 'grep -R -m1 match'])('%s', async (script) => {
    expect(await ours(script)).toEqual(gnu(script));
  });
});
