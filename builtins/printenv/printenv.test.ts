import { describe, expect, it } from 'vitest';
import { printenv } from './index.js';
import { runBuiltin } from '../internal/testing.js';

describe('printenv', () => {
  const env = { A: '1', B: 'x y' };
  it('names, all, -0', async () => {
    expect(await runBuiltin(printenv, ['B', 'A'], { env })).toMatchObject({ code: 0, stdout: 'x y\n1\n' });
    expect(await runBuiltin(printenv, [], { env })).toMatchObject({ code: 0, stdout: 'A=1\nB=x y\n' });
    expect(await runBuiltin(printenv, ['-0', 'A'], { env })).toMatchObject({ code: 0, stdout: '1\0' });
    expect(await runBuiltin(printenv, ['--null'], { env })).toMatchObject({ code: 0, stdout: 'A=1\0B=x y\0' });
  });
  it('a missing name or one with = is status 1', async () => {
    expect(await runBuiltin(printenv, ['A', 'NO', 'A=1'], { env })).toMatchObject({ code: 1, stdout: '1\n', stderr: '' });
  });
  it('usage errors are status 2', async () => {
    expect(await runBuiltin(printenv, ['-x'])).toMatchObject({ code: 2, stderr: "printenv: invalid option -- 'x'\nTry 'printenv --help' for more information.\n" });
    expect((await runBuiltin(printenv, ['--help'])).stdout).toMatch(/^Usage: printenv \[OPTION\]\.\.\. \[VARIABLE\]\.\.\.\n/);
  });
});
