// stat against GNU coreutils 9.1. Access/modify times are set to whole seconds in the setup so
// that both print the same digits (the sandbox's stat carries about a microsecond); change and
// birth times cannot be set, so the default layout is compared with those lines masked.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { both, expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';
import { stat } from './index.js';

const FILES = { 'f.txt': 'x'.repeat(5000), 'empty': '', 'd/g': 'g', 'a b': 'sp', 'frac': '', 'pre1970': '' };
const T = new Date('2021-03-04T05:06:07Z');
const setup = (dir: string): void => {
  fs.symlinkSync('f.txt', path.join(dir, 'sl'));
  fs.symlinkSync('nosuch', path.join(dir, 'dangling'));
  fs.chmodSync(path.join(dir, 'f.txt'), 0o4751);
  for (const p of ['f.txt', 'empty', 'd', 'a b']) fs.utimesSync(path.join(dir, p), T, T);
  fs.lutimesSync(path.join(dir, 'sl'), T, T);
  // sub-second times a double holds exactly, and one before 1970 (tv_sec -1, tv_nsec 250000000)
  fs.utimesSync(path.join(dir, 'frac'), new Date('2020-01-02T03:04:05.25Z'), new Date('2020-01-02T03:04:05.25Z'));
  fs.utimesSync(path.join(dir, 'pre1970'), new Date(-750), new Date(-1250));
};
const same = (args: string[]) => expectSameAsGnu(stat, args, { files: FILES, setup });

const mask = (s: string): string => s.replace(/^(Change| Birth): .*$/gm, '$1: X').replace(/Inode: \d+ */g, 'Inode: N ');

describe('stat matches GNU', () => {
  it.each([
    [['-c', '%n|%N|%F|%a|%A|%s|%b|%B|%o|%h|%u|%U|%g|%G|%f|%t|%T', 'f.txt', 'empty', 'd', 'sl', 'a b', 'dangling']],
    [['-c', '%d %D %Hd %Ld %r %R %Hr %Lr', 'f.txt']],
    [['-c', '%x|%X|%y|%Y', 'f.txt', 'd']],
    [['-c', '%.3Y|%.0Y|%.12Y|%.9x|%.3y', 'f.txt']],
    // GNU's out_epoch_sec: a bare '.' is nine digits; the width counts the point and the digits
    [['-c', '[%.Y] [%12.3Y] [%-12.3Y] [%015.3Y] [%+.12Y] [%5.1Y] [%.0Y] [%-5.0X] [%010.2X] [% 3.1X] [%.X]', 'frac', 'pre1970']],
    [['-c', '%5s|%-5s|%05s|%.3s|%10n|%.1n|%%|%q|%+5h|%#a|%04a|% d', 'f.txt']],
    [['--format=%n %s', 'f.txt', 'nosuch', 'empty']],
    // C printf flags: '+'/' ' for the signed size and times, precision as a minimum digit count
    [['-c', '%.3s|%+s|% s|%+h|%+a|%.5a|%-+7s|%+07s|%.0s|%+.3s|%08.3s|%+Y|%+.3Y|%015.3Y|%.4Ld|%#5a', 'f.txt', 'empty']],
    [['-c', '%#f|%#D|%#R|%.6f|%+h|% u|%.0a|%#.0a|%#x', 'f.txt', 'empty', 'd']],
    [['--printf=%n\\t%s\\n\\101\\0101\\x41\\q', 'f.txt']],
    [['--printf', '%s', 'f.txt', 'empty']],
    [['-L', '-c', '%n %F %s', 'sl', 'f.txt']],
    [['-L', '-c', '%N', 'sl']],
    [['-c', '%N', 'sl']],
    [['-L', 'dangling']],
    [['nosuch']],
    [['--cached=bogus', 'f.txt']], [['--cached=', 'f.txt']], [['--cached=nev', '-c', '%s', 'f.txt']],
    [[]],
    [['-c']],
    [['-c', '%n', '-t', 'empty']],
    [['-t', '-c', '%n', 'empty']],
    [['--foo']],
    [['-q', 'f.txt']],
    [['-c', 'x%', 'f.txt']],
  ])('stat %j', async (args) => same(args));

  it.each([[['f.txt']], [['d']], [['sl']], [['-L', 'sl']], [['empty', 'a b']]])('default layout %j', async (args) => {
    const { ours, gnu } = await both(stat, args, { files: FILES, setup });
    expect({ ...ours, stdout: mask(ours.stdout), stdoutBytes: undefined }).toEqual({ ...gnu, stdout: mask(gnu.stdout), stdoutBytes: undefined });
  });

  it('terse', async () => {
    const { ours, gnu } = await both(stat, ['-t', 'f.txt', 'd'], { files: FILES, setup });
    const cut = (s: string): string => s.split('\n').map((l) => l.split(' ').filter((_x, i) => i !== 7 && i !== 13 && i !== 14).join(' ')).join('\n');
    expect(cut(ours.stdout)).toBe(cut(gnu.stdout));
  });
});

describe('stat refusals', () => {
  it.each([
    [['-f', '.'], 'stat: -f/--file-system is refused: the rshell sandbox does not expose file system statistics\n'],
    [['--file-system', '.'], 'stat: -f/--file-system is refused: the rshell sandbox does not expose file system statistics\n'],
    [['-c', '%m', '.'], 'stat: %m (mount point) is not supported by rshell\n'],
    [['-c', '%C', '.'], 'stat: %C (SELinux context) is not supported by rshell\n'],
  ])('%j', async (args, err) => {
    const r = await runBuiltin(stat, args);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: err });
  });

  it('--help and --version', async () => {
    const h = await runBuiltin(stat, ['--help']);
    expect(h.stdout.startsWith('Usage: stat [OPTION]... FILE...\n')).toBe(true);
    expect((await runBuiltin(stat, ['--version'])).stdout).toBe('stat (rshell) 0.1.0\n');
  });
});
