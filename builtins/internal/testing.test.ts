import { describe, expect, it } from 'vitest';
import type { Command } from '../types.js';
import { runBuiltin } from './testing.js';
import { fileErrorLine } from './errors.js';

// a tiny cat: enough to prove the harness wires stdin, files, stdout, stderr and status
const miniCat: Command = {
  name: 'minicat',
  summary: '',
  usage: '',
  async run(ctx, args) {
    let status = 0;
    for (const name of args.length ? args : ['-']) {
      if (name === '-') {
        for (let c = await ctx.stdin.read(); c; c = await ctx.stdin.read()) await ctx.stdout.write(c);
        continue;
      }
      const r = ctx.fs.open(name);
      if (!r.ok) {
        await ctx.stderr.writeString(fileErrorLine(ctx.name, name, r.error));
        status = 1;
        continue;
      }
      for (let c = r.value.read(); c; c = r.value.read()) await ctx.stdout.write(c as Uint8Array);
      r.value.close();
    }
    return status;
  },
};

describe('runBuiltin', () => {
  it('stdin, files, missing file', async () => {
    const r = await runBuiltin(miniCat, ['a.txt', 'nosuch', '-', 'd/b.txt'], {
      stdin: 'IN\n', files: { 'a.txt': 'A\n', 'd/b.txt': new Uint8Array([0xff, 0x0a]) }, chunkSize: 1,
    });
    expect(r.stdout).toBe('A\nIN\n\udcff\n');
    expect(Array.from(r.stdoutBytes)).toEqual([65, 10, 73, 78, 10, 0xff, 10]);
    expect(r.stderr).toBe('minicat: nosuch: No such file or directory\n');
    expect(r.code).toBe(1);
  });
  it('cwd and outside paths', async () => {
    const r = await runBuiltin(miniCat, ['b.txt', '/etc/passwd'], { files: { 'd/b.txt': 'B' }, cwd: 'd' });
    expect(r.stdout).toBe('B');
    expect(r.stderr).toBe('minicat: /etc/passwd: Permission denied\n');
  });
});
