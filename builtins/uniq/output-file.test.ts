import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runOurs, type ScriptOptions } from '../../tests/security/write-builtins-harness.js';

const FILES = { in: 'a\na\nb\n', empty: '', out: 'old\n', 'd/': '' };

async function same(script: string, o: ScriptOptions = { files: FILES }): Promise<void> {
  const { ours, bash } = await bothWays(script, o);
  expect(ours).toEqual(bash);
}

describe('uniq INPUT OUTPUT: writes OUTPUT as GNU does (remediation mode, :rw root)', () => {
  it.each([
    'uniq in new; echo $?; cat new',
    'uniq -c in out; echo $?; cat out',
    // an empty input still creates or empties OUTPUT
    'uniq empty out; echo $?; wc -c out',
    'uniq empty new; echo $?; ls new',
    // a missing input is reported first and OUTPUT is left alone
    'uniq nosuch out; echo $?; cat out',
    'uniq nosuch new; echo $?; ls',
    // OUTPUT that cannot be opened
    'uniq in d; echo $?',
    'uniq in nodir/x; echo $?',
    "uniq in ''; echo $?",
    // the same file: truncated before it is read
    'uniq in in; echo $?; wc -c in',
    'printf "x\\nx\\n" | uniq - out; cat out',
    'uniq in -; echo $?',
    'uniq -d in out extra; echo $?; cat out',
  ])('%s', async (script) => {
    await same(script);
  });
});

describe('uniq INPUT OUTPUT: the sandbox decides', () => {
  it('read-only mode: refused, nothing written', async () => {
    const r = await runOurs('uniq in out; echo $?; cat out', { files: FILES, mode: 'read-only' });
    expect(r.stdout).toBe('1\nold\n');
    expect(r.stderr).toBe('uniq: out: Permission denied\n');
  });
  it('a :ro root: refused', async () => {
    const r = await runOurs('uniq in new; echo $?', { files: FILES, rootMode: 'ro' });
    expect(r).toMatchObject({ stdout: '1\n', stderr: 'uniq: new: Permission denied\n' });
    expect(r.tree).not.toContain('new 0 ""');
  });
  it('outside the roots: refused, nothing written there', async () => {
    const outside = `/tmp/rshell-uniq-escape-${process.pid}`;
    const r = await runOurs(`uniq in ${outside}; echo $?; uniq in ../escape-${process.pid}; echo $?`, { files: FILES });
    expect(r.stdout).toBe('1\n1\n');
    expect(existsSync(outside)).toBe(false);
  });
  it('a missing input is still reported first in read-only mode', async () => {
    const r = await runOurs('uniq nosuch out', { files: FILES, mode: 'read-only' });
    expect(r).toMatchObject({ stderr: 'uniq: nosuch: No such file or directory\n', code: 1 });
  });
});
