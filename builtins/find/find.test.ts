// find against GNU findutils 4.9 (LANG=C) on the same trees: stdout, stderr and status.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { runBuiltin } from '../internal/testing.js';
import { find } from './index.js';
import { emacsToExtended } from './regex.js';

const FILES = {
  'a/t.txt': 'hello\n',
  'a/b/u.log': '',
  'a/b/c/deep.txt': 'x'.repeat(3000),
  'a/.hidden': 'h',
  'a/B.TXT': 'upper',
  'e/empty.txt': '',
};

const setup = (dir: string): void => {
  fs.mkdirSync(path.join(dir, 'a/emptydir'));
  fs.symlinkSync('t.txt', path.join(dir, 'a/link'));
  fs.symlinkSync('nosuch', path.join(dir, 'a/dangling'));
  fs.symlinkSync('b', path.join(dir, 'a/dirlink'));
  fs.chmodSync(path.join(dir, 'a/t.txt'), 0o640);
  fs.chmodSync(path.join(dir, 'a/b/u.log'), 0o755);
  const old = new Date('2020-01-02T03:04:05Z');
  fs.utimesSync(path.join(dir, 'a/B.TXT'), old, old);
  fs.utimesSync(path.join(dir, 'e/empty.txt'), old, old);
};

const same = (args: string[]) => expectSameAsGnu(find, args, { files: FILES, setup });

describe('find matches GNU', () => {
  it.each([
    [['a']],
    [[]],
    [['a', 'e']],
    [['a/']],
    [['./a']],
    [['a', '-name', '*.txt']],
    [['a', '-iname', '*.txt']],
    [['a', '-name', '.*']],
    [['a', '-path', 'a/b*']],
    [['a', '-ipath', 'A/B/*']],
    [['a', '-wholename', '*c*']],
    [['a', '-regex', '.*\\.txt']],
    [['a', '-regex', 'a/\\(b\\|e\\).*']],
    [['a', '-iregex', '.*U\\.LOG']],
    [['a', '-regextype', 'posix-extended', '-regex', 'a/(t|B)\\.(txt|TXT)']],
    [['a', '-type', 'f']],
    [['a', '-type', 'd']],
    [['a', '-type', 'l']],
    [['a', '-type', 'f,l']],
    [['a', '-xtype', 'f']],
    [['-L', 'a', '-type', 'l']],
    [['-L', 'a', '-xtype', 'l']],
    [['a', '-size', '+1']],
    [['a', '-size', '-1']],
    [['a', '-size', '6c']],
    [['a', '-size', '+2k']],
    [['a', '-empty']],
    [['a', '-newer', 'a/B.TXT']],
    [['a', '-mtime', '+30']],
    [['a', '-mtime', '-1', '-type', 'f']],
    [['a', '-mmin', '-10', '-type', 'f']],
    [['a', '-amin', '+1000']],
    [['a', '-ctime', '0', '-name', 'u*']],
    [['a', '-perm', '640']],
    [['a', '-perm', '-u+x', '-type', 'f']],
    [['a', '-perm', '/o+w']],
    [['a', '-perm', '-g=r']],
    [['a', '-links', '+1', '-type', 'd']],
    [['a', '-uid', '+-1', '-name', 't*']],
    [['a', '-readable', '-name', 't*']],
    [['a', '-executable', '-type', 'f']],
    [['a', '-maxdepth', '1']],
    [['a', '-mindepth', '2']],
    [['a', '-maxdepth', '0']],
    [['a', '-depth']],
    [['a', '-name', 'b', '-prune', '-o', '-print']],
    [['a', '-name', 'b', '-prune']],
    [['a', '-name', 'c', '-quit', '-o', '-print']],
    [['a', '-true']],
    [['a', '-false']],
    [['a', '!', '-type', 'd']],
    [['a', '-not', '-name', '*.txt']],
    [['a', '-type', 'f', '-a', '-name', 't*']],
    [['a', '-type', 'f', '-and', '-name', 't*', '-or', '-name', 'c']],
    [['a', '(', '-name', 'c', '-o', '-name', 'u*', ')', '-print']],
    [['a', '-name', 'c', '-print', ',', '-name', 'u*', '-print']],
    [['a', '-print0']],
    [['a', '-printf', '%p|%f|%h|%P|%H|%d|%y|%m|%M|%s|%n|%l\\n']],
    [['a', '-printf', '%-8f|%8s|%.3p|%%|\\t|\\101\\n']],
    [['a/', '.', '-maxdepth', '0', '-printf', '[%f][%h][%P][%H]\\n']],
    [['a', '-type', 'f', '-printf', '%TY-%Tm-%Td %k %b\\n']],
    [['a', '-name', 'B*', '-printf', '%t %T@ %T+\\n']],
    [['-L', 'a', '-printf', '%p %y %Y\\n']],
    [['-H', 'a/dirlink']],
    [['-H', 'a/dirlink', '-maxdepth', '1']],
    [['a/dirlink']],
    [['-L', 'a/dirlink']],
    [['a/dangling', '-L']],
    [['-L', 'a/dangling']],
    [['nosuch']],
    [['nosuch', 'a', '-maxdepth', '0']],
    [['']],
    [['a', '-lname', 't*']],
    [['a', '-quit']],
    [['a', '-false', '-a', '-quit']],
    [['a', '-true', '-o', '-quit']],
    [['a', '-print', '-quit']],
    [['a', '-name', 'b', '-quit', '-o', '-print']],
    [['a', '-quit', ',', '-print']],
    [['a', '-name', '[a-']],
    [['a', '-name', '[t.tx']],
    [['a', '-size', '-1M']],
    [['a', '-daystart', '-mtime', '0', '-type', 'f']],
    [['a', '-xdev', '-maxdepth', '1']],
    [['a', '-regextype', 'posix-basic', '-regex', 'a/\\(t\\|b\\).*']],
    [['a', '-samefile', 'a/t.txt']],
    [['a', '-samefile', 'a/link']],
    [['-L', 'a', '-samefile', 'a/link']],
    [['a', '-newermm', 'a/B.TXT']],
    [['a', '-neweram', 'e/empty.txt', '-name', '*.*']],
    [['a', '-newercm', 'a/B.TXT', '-type', 'f']],
    [['a', '-newermt', '@1600000000']],
    [['a', '-newermt', '2020-01-03', '-type', 'f']],
    [['a', '-maxdepth', '2147483647', '-name', 't.txt']],
    [['a', '-size', '18446744073709551615']],
    [['a', '-maxdepth', '0', '-printf', '%#m %+d % d|%-5d|%05d|%.3d|%5m|%-5m|%#.5m|%+m|%+S|%.2S|%#S|%08.3S|%05s|%+s\\n']],
    [['a/b/c/deep.txt', 'a/t.txt', '-printf', '%S|%.2S|%#.3S|%-9.4S|%+.1S|%e\\n']],
  ])('find %j', async (args) => same(args));

  it.each([
    ['-foo'], ['-name'], ['-type', 'x'], ['-type'], ['-type', 'f,,d'], ['-type', 'ff'], ['-type', 'f,'],
    ['-type', 'f,f'], ['-type', ''], ['x', '-name', 'a', 'y'], ['-maxdepth', '-1'], ['-maxdepth', 'a'],
    ['-mindepth', '+1'], ['-mtime', 'a'], ['-mmin', ''], ['-size', '3q'], ['-size', ''], ['-size', 'k'],
    ['-size', '-'], ['-perm', '9'], ['-perm', '/a'], ['-perm', '17777'], ['-perm', ''], ['-newer', 'nosuch'],
    ['(', '-name', 'a'], ['-name', 'a', '-o'], ['!'], ['-not'], ['-exec', 'echo'], ['-exec', ';'],
    ['-exec', 'echo', '{}', 'foo', '+'], ['-uid', 'x'], ['-links', 'x'], ['-inum', '+a'], ['-inum', '1.5'],
    ['(', ')'], ['-name', 'a', ')'], ['-name', 'a', '('], ['!', ')'], ['-o'], ['-a'], ['-print', ','],
    ['-empty', '-a'], ['-printf'], ['-printf', '%'], ['-regextype', 'foo'], ['-regextype'], ['-xtype', 'q'],
    ['-user', 'nobodyx'], ['-gid', '+x'],
    // an operator left at the end after an action is "invalid expression" (after a test it is not)
    ['-print', '-o'], ['-print', '-a'], ['-print', '!'], ['-true', ','], ['-true', '-o'], ['(', '-print', '-o'],
    ['-print', ',', '!'], ['-true', ',', '!'],
    // numbers past what GNU's strtoumax / safe_atoi accept
    ['-size', '18446744073709551616'], ['-size', '99999999999999999999k'], ['-maxdepth', '99999999999999999999'],
    ['-maxdepth', '2147483648'], ['-links', '99999999999999999999'], ['-inum', '18446744073709551616'],
    ['-samefile', 'nosuch'], ['-samefile'], ['-newermm'], ['-newerma', 'nosuch'], ['-newerBm', 'a/t.txt'],
    ['-newertm', 'a/t.txt'], ['-newerxm', 'a/t.txt'], ['-newerm', 'a/t.txt'], ['-newermmm', 'a/t.txt'],
    ['-newermt', 'garbage'], ['-used'], ['-used', 'x'],
  ])('error: find a %j', async (...args) => same(['a', ...args]));

  it.each([['0'], ['3'], ['4'], ['-4'], ['-3'], ['+3'], ['+4'], ['3.5'], ['-100'], ['+0']])('-used %s (atime set after ctime)', async (n) => {
    // utimes sets the ctime to now: u is accessed 3 days 1 hour after its change, v 3 days before
    const later = (dir: string): void => {
      const now = Date.now() / 1000;
      fs.utimesSync(path.join(dir, 'u'), now + 3 * 86400 + 3600, now);
      fs.utimesSync(path.join(dir, 'v'), now - 3 * 86400 - 3600, now);
    };
    await expectSameAsGnu(find, ['u', 'v', '-used', n], { files: { u: '', v: '' }, setup: later });
  });

  it('prints directory order, not sorted (readdir order as GNU)', async () => same(['e', 'a', '-maxdepth', '1']));
});

describe('find refusals and rshell specifics', () => {
  it.each(['-delete', '-fprint', '-fprint0', '-fls', '-ok', '-okdir', '-fprintf', '-files0-from', '-nouser', '-nogroup', '-fstype'])('%s is refused', async (pred) => {
    const args = pred.startsWith('-f') && pred !== '-fprintf' && pred !== '-files0-from' ? ['.', pred] : ['.', pred];
    const r = await runBuiltin(find, args, { files: { x: '' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^find: ${pred} is refused: `));
  });

  // root reads any directory: GNU's output here was recorded as an unprivileged user (setpriv)
  it.skipIf(process.getuid?.() === 0)('-empty reports a directory it cannot read (status 1)', async () => {
    const r = await runBuiltin(find, ['.', '-maxdepth', '1', '-name', 'np', '-empty'], {
      setup: (d: string) => fs.mkdirSync(path.join(d, 'np'), { mode: 0 }),
    });
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: "find: './np': Permission denied\n" });
  });

  it('-D is refused', async () => {
    const r = await runBuiltin(find, ['-D', 'tree', '.']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'find: -D debug options are not supported by rshell\n' });
  });

  it('--help and --version', async () => {
    const h = await runBuiltin(find, ['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: find [-H] [-L] [-P] [-Olevel] [-D debugopts] [path...] [expression]\n')).toBe(true);
    const h2 = await runBuiltin(find, ['.', '-name', 'x', '-help']);
    expect(h2.stdout).toBe(h.stdout);
    const v = await runBuiltin(find, ['--version']);
    expect(v).toMatchObject({ code: 0, stdout: 'find (rshell) 0.1.0\n' });
  });

  it('-name does not eat -help as a predicate', async () => {
    const r = await runBuiltin(find, ['.', '-name', '-help'], { files: { x: '' } });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('-L reports a loop and goes on', async () => {
    const r = await runBuiltin(find, ['-L', 'a'], {
      files: { 'a/b/f': '' },
      setup: (d) => fs.symlinkSync('..', path.join(d, 'a/b/up')),
    });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').sort()).toEqual(['', 'a', 'a/b', 'a/b/f']);
    expect(r.stderr).toBe("find: File system loop detected; 'a/b/up' is part of the same file system loop as 'a'.\n");
  });

  it('-ls prints GNU columns', async () => {
    const r = await runBuiltin(find, ['f', '-ls'], {
      files: { f: 'abc' },
      setup: (d) => {
        const t = new Date('2020-01-02T03:04:05Z');
        fs.utimesSync(path.join(d, 'f'), t, t);
      },
    });
    expect(r.stdout).toMatch(/^ +\d+ +\d+ -rw-r--r-- +1 \S+ +\S+ +3 Jan {2}2 {2}2020 f\n$/);
  });

  it('prints names with raw (non-UTF-8) bytes and astral characters byte for byte, across output batches', async () => {
    // 2,000 entries: the output passes find's 16 KiB batches, some batches hold a raw byte (the
    // surrogateescape path) and some only well-formed text (the native UTF-8 path)
    const setup = (d: string): void => {
      fs.mkdirSync(path.join(d, 't'));
      for (let i = 0; i < 2000; i++) fs.writeFileSync(path.join(d, 't', `file-${i}-${i % 7 === 0 ? '\u{1F600}' : 'x'}.txt`), '');
      fs.writeFileSync(Buffer.concat([Buffer.from(path.join(d, 't', 'raw-')), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]), '');
    };
    await expectSameAsGnu(find, ['t', '-name', '*.txt'], { setup });
  });

  it('translates emacs regexes to ERE', () => {
    expect(emacsToExtended('a\\(b\\|c\\)+(x){2}|y')).toBe('a(b|c)+\\(x\\)\\{2\\}\\|y');
    expect(emacsToExtended('[(|]\\.')).toBe('[(|]\\.');
  });
});
