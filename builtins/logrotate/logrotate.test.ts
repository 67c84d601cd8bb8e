import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runOurs } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'big.log': 'x'.repeat(2000), 'small.log': 'abc', 'd/': '' };

describe('logrotate (rshell subset)', () => {
  it.each([
    ['logrotate -f big.log small.log', '', '', 0, ['big.log 0 ""', 'd/ 755', 'small.log 0 ""']],
    ['logrotate -v --force big.log', 'logrotate: big.log: truncated 2000 bytes\n', '', 0, ['big.log 0 ""', 'd/ 755', 'small.log 3 "abc"']],
    ['logrotate -v -s 1K big.log small.log', 'logrotate: big.log: truncated 2000 bytes\nlogrotate: small.log: 3 bytes below threshold 1024, skipping\n', '', 0, ['big.log 0 ""', 'd/ 755', 'small.log 3 "abc"']],
    ['logrotate -n -s 1KB big.log small.log', 'logrotate: big.log: would truncate 2000 bytes\nlogrotate: small.log: would skip, 3 bytes below threshold 1000\n', '', 0, null],
    ['logrotate big.log', '', 'logrotate: you must specify --size or --force\n', 1, null],
    ['logrotate -f -s 1 big.log', '', 'logrotate: --size and --force cannot be combined\n', 1, null],
    ['logrotate -s x big.log', '', "logrotate: invalid size 'x'\n", 1, null],
    ['logrotate -s +5 big.log', '', "logrotate: invalid size '+5': relative size operators not supported\n", 1, null],
    ['logrotate -f', '', "logrotate: missing file operand\nTry 'logrotate --help' for more information.\n", 1, null],
    ['logrotate -f nosuch d big.log', '', 'logrotate: nosuch: No such file or directory\nlogrotate: d: Is a directory\n', 1, ['big.log 0 ""', 'd/ 755', 'small.log 3 "abc"']],
    ['logrotate -x', '', "logrotate: invalid option -- 'x'\nTry 'logrotate --help' for more information.\n", 1, null],
  ] as const)('%s', async (script, stdout, stderr, code, tree) => {
    const r = await runOurs(script, { files: FILES });
    expect({ stdout: r.stdout, stderr: r.stderr, code: r.code }).toEqual({ stdout, stderr, code });
    if (tree !== null) expect(r.tree).toEqual(tree);
    else expect(r.tree).toContain('big.log 2000 <2000 bytes>');
  });
  it('--help works in every mode', async () => {
    const r = await runOurs('logrotate --help', { mode: 'read-only' });
    expect(r.stdout.startsWith('Usage: logrotate (-s SIZE|-f) [OPTION]... FILE...\n')).toBe(true);
  });
  it('read-only mode and :ro roots change nothing', async () => {
    const ro = await runOurs('logrotate -f big.log', { files: FILES, mode: 'read-only' });
    expect(ro.stderr).toBe('logrotate: filesystem capability not available (remediation mode required)\n');
    const roRoot = await runOurs('logrotate -f big.log', { files: FILES, rootMode: 'ro' });
    expect(roRoot.stderr).toBe('logrotate: big.log: Permission denied\n');
    for (const r of [ro, roRoot]) {
      expect(r.code).toBe(1);
      expect(r.tree).toContain('big.log 2000 <2000 bytes>');
    }
  });
  it('symlinks and hard links are refused', async () => {
    const setup = (d: string): void => {
      fs.symlinkSync('big.log', `${d}/sl`);
      fs.linkSync(`${d}/small.log`, `${d}/hl`);
    };
    const r = await runOurs('logrotate -f sl hl', { files: FILES, setup });
    expect(r.stderr).toBe('logrotate: sl: symlinks are not supported as write targets\nlogrotate: hl: hard links are not supported as write targets\n');
    expect(r.tree).toContain('big.log 2000 <2000 bytes>');
    expect(r.tree).toContain('small.log 3 "abc" nlink=2');
  });
});
