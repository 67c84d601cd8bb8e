// ctx.exec(argv, { cwd }): the command runs in that directory (find -execdir), PWD unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner } from '../../src/index.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-execdir-'));
  mkdirSync(join(dir, 'd', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'd', 'sub', 'f'), 'inside\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(script: string) {
  const r = new Runner({ allowedCommands: 'all', allowedPaths: [dir], cwd: dir, env: { HOME: '/h' } });
  const res = await r.run(script, { stdin: '' });
  return { out: res.stdout, err: res.stderr, code: res.exitCode };
}

describe('exec with cwd (find -execdir)', () => {
  it('runs the command inside the matched file\'s directory', async () => {
    const r = await run('find d -name f -execdir pwd \\;');
    expect(r).toEqual({ out: `${dir}/d/sub\n`, err: '', code: 0 });
  });
  it('relative paths resolve against that directory', async () => {
    const r = await run('find d -name f -execdir cat {} \\;');
    expect(r).toEqual({ out: 'inside\n', err: '', code: 0 });
  });
  it('leaves the shell\'s own directory alone', async () => {
    const r = await run('find d -name f -execdir true \\; ; pwd; echo "$PWD"');
    expect(r).toEqual({ out: `${dir}\n${dir}\n`, err: '', code: 0 });
  });
});
