// du against GNU coreutils 9.1 on the same trees (block counts come from the same file system).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';
import { du } from './index.js';

const FILES = { 'a/f': 'x'.repeat(5000), 'a/b/g': 'x', 'a/b/c/h': 'y'.repeat(70000), 'z': 'zz' };
const setup = (dir: string): void => {
  fs.symlinkSync('nowhere', path.join(dir, 'a/b/broken'));
  fs.linkSync(path.join(dir, 'a/f'), path.join(dir, 'a/hl'));
  fs.symlinkSync('f', path.join(dir, 'a/sl'));
  fs.symlinkSync('b', path.join(dir, 'a/dl'));
};
const same = (args: string[]) => expectSameAsGnu(du, args, { files: FILES, setup });

describe('du matches GNU', () => {
  it.each([
    [[]], [['a']], [['-a', 'a']], [['-s', 'a']], [['-s', 'a', 'a']], [['-s', 'a/f', 'a']], [['-b', 'a']],
    [['--apparent-size', 'a']], [['--apparent-size', '-a', 'a']], [['-h', 'a']], [['--si', '-a', 'a']],
    [['-c', 'a', 'z']], [['-c', 'a', 'a/f']], [['-S', 'a']], [['-Sa', 'a']], [['-d', '0', 'a']], [['-d1', 'a']],
    [['--max-depth=1', '-a', 'a']], [['-k', '-0', 'a']], [['-m', 'a']], [['-L', 'a']], [['-L', '-a', 'a']],
    [['-P', '-a', 'a']], [['-H', 'a/dl']], [['a/dl']], [['-D', 'a/dl']], [['-l', '-a', 'a']], [['-x', 'a']],
    [['-B', '1', 'a']], [['-BK', 'a']], [['-B', '2', 'a']], [['-BM', '-a', 'a']], [['--block-size=1KB', 'a']],
    [['-BKiB', 'a']], [['-B', 'iB', 'a']], [['-B', '1B', 'a']], [['-B', 'GB', 'a']],
    [['-bh', 'a']], [['-hb', 'a']], [['z']], [['-a', 'z']], [['nosuch']], [['nosuch', 'z']], [['']],
    [['-d', 'x', 'a']], [['-d', '-1', 'a']], [['--block-size=x', 'a']], [['-sa', 'a']], [['-s', '-d', '0', 'a']],
    [['-s', '-d', '1', 'a']], [['--foo']], [['-q']],
    // several operands: GNU remembers everything counted (hash_all), -l nothing
    [['-L', 'a/b/broken']], [['-H', 'a/b/broken']], [['-sL', 'a/b/nosuch']],
    [['-sb', 'a', 'a/b']], [['-sb', 'a/b', 'a']], [['-b', 'a/b', 'a']], [['-ab', 'a/b', 'a/b/g', 'a']], [['-sbl', 'a', 'a']], [['-sbl', 'a', 'a/b']],
  ])('du %j', async (args) => same(args));
});

// -B as humblock and xstrtoumax read it: names, bases, units alone, the three messages
describe('du -B matches GNU', () => {
  it.each([
    [['-B', 'h', 'a']], [['-B', 's', 'a']], [['-B', 'hum', 'a']], [['-B', 'si', 'a']], [['-B', '0x10', 'a']],
    [['-B', '010', 'a']], [['-B', ' 4', 'a']], [['-B', '+4', 'a']], [['-B', '-4', 'a']], [['-B', '\'K', 'a']],
    [['-B', '\'', 'a']], [['-B', '1MiB', 'a']], [['-B', '1mB', 'a']], [['-B', 'kB', 'a']],
    [['-B', 'kiB', 'a']], [['-B', 'KD', 'a']], [['-B', 'MD', 'a']], [['-B', '1KD', 'a']], [['-B', 'm', 'a']],
    [['-B', 'g', 'a']], [['-B', 't', 'a']], [['-B', 'P', 'a']], [['-B', 'E', 'a']], [['-B', 'EB', 'a']],
    [['-B', 'Z', 'a']], [['-B', 'ZiB', 'a']], [['-B', '1b', 'a']], [['-B', '1c', 'a']], [['-B', '1e', 'a']],
    [['-B', '1p', 'a']], [['-B', '1Ki', 'a']], [['-B', '1KiX', 'a']], [['-B', 'K0', 'a']],
    [['-B', '08', 'a']], [['-B', ' K', 'a']], [['-B', '', 'a']], [['-B', '18446744073709551616', 'a']],
    [['-B', '99999999999999999999K', 'a']], [['-B', '99999999999999999999x', 'a']], [['-B', '1Q', 'a']],
    [['-B', '0K', 'a']],
    [['-B', 'K', '-h', 'a']], [['-h', '-B', 'K', 'a']], [['--block-size=KiB', '-a', 'a']],
  ])('du %j', async (args) => same(args));
});

describe('du refusals', () => {
  it.each([
    ['--files0-from=x', 'du: --files0-from is refused: rshell reads only the files named as operands\n'],
    ['-Xx', 'du: -X/--exclude-from is refused: rshell reads only the files named as operands\n'],
    ['--exclude=x', 'du: --exclude is not supported by rshell\n'],
    ['--time', 'du: --time is not supported by rshell\n'],
    ['--time-style=iso', 'du: --time-style is not supported by rshell\n'],
    ['--inodes', 'du: --inodes is not supported by rshell\n'],
    ['-t1', 'du: -t/--threshold is not supported by rshell\n'],
  ])('%s', async (flag, err) => {
    const r = await runBuiltin(du, [flag, '.']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: err });
  });

  it('--help and --version', async () => {
    const h = await runBuiltin(du, ['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: du [OPTION]... [FILE]...\n')).toBe(true);
    expect((await runBuiltin(du, ['--version'])).stdout).toBe('du (rshell) 0.1.0\n');
  });
});
