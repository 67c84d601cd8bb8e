import { describe, expect, it } from 'vitest';
import { env } from './index.js';
import { splitString } from './split.js';
import { runBuiltin } from '../internal/testing.js';

const E = { B: '2', A: '1' };

describe('env: printing', () => {
  it('prints the environment in its order, -0 with NULs', async () => {
    expect((await runBuiltin(env, [], { env: E })).stdout).toBe('B=2\nA=1\n');
    expect((await runBuiltin(env, ['-0'], { env: E })).stdout).toBe('B=2\0A=1\0');
    expect((await runBuiltin(env, ['--null', '-i', 'X=y'], { env: E })).stdout).toBe('X=y\0');
  });
  it('-i, -, -u and NAME=VALUE (an existing name keeps its place)', async () => {
    expect((await runBuiltin(env, ['-i'], { env: E })).stdout).toBe('');
    expect((await runBuiltin(env, ['-', 'C=3'], { env: E })).stdout).toBe('C=3\n');
    expect((await runBuiltin(env, ['-u', 'B'], { env: E })).stdout).toBe('A=1\n');
    expect((await runBuiltin(env, ['--unset=A', 'B=9', 'C=3'], { env: E })).stdout).toBe('B=9\nC=3\n');
    expect((await runBuiltin(env, ['--ignore-environment', 'X=1'], { env: E })).stdout).toBe('X=1\n');
  });
  it('usage errors are 125', async () => {
    expect(await runBuiltin(env, ['-u', 'A=B'])).toMatchObject({ code: 125, stderr: "env: cannot unset 'A=B': Invalid argument\n" });
    expect(await runBuiltin(env, ['-C', 'x'])).toMatchObject({ code: 125, stderr: "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n" });
    expect(await runBuiltin(env, ['-0', 'true'])).toMatchObject({ code: 125 });
    expect(await runBuiltin(env, ['-x'])).toMatchObject({ code: 125, stderr: "env: invalid option -- 'x'\nTry 'env --help' for more information.\n" });
    expect(await runBuiltin(env, ['-S'])).toMatchObject({ code: 125, stderr: "env: option requires an argument -- 'S'\nTry 'env --help' for more information.\n" });
  });
  it('accepts the signal options and -v', async () => {
    expect(await runBuiltin(env, ['--block-signal', '--default-signal=INT', '--ignore-signal', '--list-signal-handling', '-i'])).toMatchObject({ code: 0, stdout: '' });
    expect(await runBuiltin(env, ['-v', '-i', 'A=1'])).toMatchObject({ code: 0, stdout: 'A=1\n', stderr: 'cleaning environ\nsetenv:   A=1\n' });
    expect(await runBuiltin(env, ['-v', '-S', '-i A=1'])).toMatchObject({ stdout: 'A=1\n', stderr: "split -S:  '-i A=1'\n into:    '-i'\n     &    'A=1'\ncleaning environ\nsetenv:   A=1\n" });
  });
  it('--help', async () => {
    expect((await runBuiltin(env, ['--help'])).stdout).toMatch(/^Usage: env \[OPTION\]\.\.\. \[-\] \[NAME=VALUE\]/);
  });
});

describe('env -S: splitting', () => {
  const get = (n: string): string | undefined => (n === 'V' ? 'val' : undefined);
  const cases: [string, string[] | string][] = [
    ['a b  c', ['a', 'b', 'c']],
    ['"a b" \'c d\'', ['a b', 'c d']],
    ['a\\_b "c\\_d"', ['a', 'b', 'c d']],
    ['x${V}y ${NONE}z', ['xvaly', 'z']],
    ["'${V}'", ['${V}']],
    ['a #b c', ['a']],
    ['a#b', ['a#b']],
    ['""', ['']],
    ['a\\cb c', ['a']],
    ['"\\t\\n"', ['\t\n']],
    ["'a\\'b\\\\c\\n'", ["a'b\\c\\n"]],
    ['"a', 'no terminating quote in -S string'],
    ['a\\', 'invalid backslash at end of string in -S'],
    ['\\x', "invalid sequence '\\x' in -S"],
    ['"\\c"', "'\\c' must not appear in double-quoted -S string"],
    ['$V', 'only ${VARNAME} expansion is supported, error at: $V'],
    ['${1}', 'only ${VARNAME} expansion is supported, error at: ${1}'],
  ];
  for (const [text, want] of cases) {
    it(JSON.stringify(text), () => {
      const r = splitString(text, get);
      expect(r.ok ? r.args : r.message).toEqual(want);
    });
  }
});
