// find, du, stat and xargs against the escape suite: links leading outside the roots, -L following
// them, `..` above the roots, programs through -exec/xargs, and writes in read-only mode. Canary
// files outside have their atime at the epoch: any read or listing of them fails the test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';
import { CANARY } from './fixture.js';
import { useSharedLinkedWorld } from './linked-world.js';

const linked = useSharedLinkedWorld({ hardLink: false });
const run = linked.run;

const noLeak = (r: { out: string; err: string }): void => {
  expect(r.out).not.toContain(CANARY);
  expect(r.err).not.toContain(CANARY);
  expect(r.out).not.toContain('secret2.txt');
  expect(r.out).not.toMatch(/(^|\/)secret\.txt$/m);
};

describe('find stays inside the roots', () => {
  it.each([
    'find .', 'find -L .', 'find -H abs_out_dir out_dir', 'find -L . -type f -exec cat {} +', 'find -L . -name "secret*"',
    'find / -name "secret*"', 'find .. -name "secret*"', 'find $O', 'find -L out_dir', 'find -L up/outside',
    'find -L . -printf "%p %s %l\\n"', 'find -L . -ls', 'find -L . -xtype l',
    'find -L . -empty', 'find -L . -newer abs_secret', 'find -L . -readable -type f -exec cat {} \\;',
  ])('%s', async (script) => {
    const r = await run('ro', script);
    noLeak(r);
  });

  it('%l shows the text of links inside the root (their own content), nothing behind them', async () => {
    const r = await run('ro', 'find . -lname "*secret*" -printf "%l\\n" -exec cat {} \\;');
    expect(r.out).not.toContain(CANARY);
    expect(r.out).toContain('../outside/secret.txt\n');
  });

  it('-L reports a link out of the roots as Permission denied, like any refusal', async () => {
    const r = await run('ro', 'find -L abs_secret rel_secret out_dir; echo rc=$?');
    expect(r.out).toBe('rc=1\n');
    expect(r.err).toBe(
      "find: 'abs_secret': Permission denied\nfind: 'rel_secret': Permission denied\nfind: 'out_dir': Permission denied\n",
    );
  });

  it('-L on link loops ends with an error instead of hanging', async () => {
    const r = await run('ro', 'find -L loop1 self up -maxdepth 1 -name nothing; echo rc=$?');
    expect(r.out).toBe('rc=1\n');
    expect(r.err).toContain("find: 'loop1': Too many levels of symbolic links\n");
  });

  it('-newer with a reference outside is refused at parse time', async () => {
    const r = await run('ro', 'find . -newer $O/secret.txt; echo rc=$?');
    expect(r.out).toBe('rc=1\n');
    expect(r.err).toBe(`find: '${linked.world.outside}/secret.txt': Permission denied\n`);
  });

  it('-exec cannot start a program (GTFOBins find -exec /bin/sh)', async () => {
    const r = await run('ro', "find hello.txt -exec /bin/sh -c 'cat $O/secret.txt' \\; -print; echo rc=$?");
    expect(r.out).toBe('rc=0\n');
    expect(r.err).toBe("find: '/bin/sh': No such file or directory\n");
  });

  it('-exec of a disallowed command is refused by the policy', async () => {
    const limited = new Runner({ allowedPaths: [linked.world.root], allowedCommands: ['rshell:find'], cwd: linked.world.root });
    const res = await limited.run('find hello.txt -exec cat {} \\;');
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe('cat: command not allowed\n');
  });

  it.each(['-delete', '-fprint x', '-fprint0 x', '-fprintf x %p', '-fls x', '-ok cat {} ;', '-okdir cat {} ;'])('%s is refused and writes nothing', async (pred) => {
    const before = fs.readdirSync(linked.world.root).sort();
    const r = await run('rw', `find dir ${pred.replace(';', '\\;')}; echo rc=$?`);
    expect(r.out).toBe('rc=1\n');
    expect(r.err).toMatch(/^find: -\w+ is refused: /);
    expect(fs.readdirSync(linked.world.root).sort()).toEqual(before);
    expect(fs.existsSync(path.join(linked.world.root, 'dir', 'file.txt'))).toBe(true);
  });

  it('find -exec rm in read-only mode removes nothing', async () => {
    const r = await run('ro', 'find dir -name file.txt -exec rm {} \\;; echo rc=$?');
    expect(r.out).toBe('rc=0\n');
    expect(r.err).toContain('rm: ');
    expect(fs.existsSync(path.join(linked.world.root, 'dir', 'file.txt'))).toBe(true);
  });
});

describe('du and stat stay inside the roots', () => {
  it.each(['du .', 'du -a -L .', 'du -L out_dir abs_secret', 'du -sL up', 'du -a /', 'du $O', 'du -H abs_out_dir'])('%s', async (script) => {
    const r = await run('ro', script);
    noLeak(r);
  });

  it('du -L reports links out as Permission denied', async () => {
    const r = await run('ro', 'du -L abs_secret out_dir; echo rc=$?');
    expect(r.out).toBe('rc=1\n');
    expect(r.err).toBe("du: cannot access 'abs_secret': Permission denied\ndu: cannot access 'out_dir': Permission denied\n");
  });

  it('stat of a link out shows the link only; -L is refused', async () => {
    const r = await run('ro', 'stat -c "%n %F" abs_secret; stat -L abs_secret; stat $O/secret.txt; echo rc=$?');
    expect(r.out).toBe('abs_secret symbolic link\nrc=1\n');
    expect(r.err).toBe(
      `stat: cannot statx 'abs_secret': Permission denied\nstat: cannot statx '${linked.world.outside}/secret.txt': Permission denied\n`,
    );
  });
});

describe('xargs stays inside the policy and the roots', () => {
  it('cannot run a program', async () => {
    const r = await run('ro', 'echo $O/secret.txt | xargs /bin/cat; echo rc=$?; echo x | xargs sh -c id; echo rc=$?');
    expect(r.out).toBe('rc=127\nrc=127\n');
    noLeak(r);
  });

  it('-a outside the roots is refused', async () => {
    const r = await run('ro', 'xargs -a $O/secret.txt echo; echo rc=$?; xargs -a abs_secret echo; echo rc=$?');
    expect(r.out).toBe('rc=1\nrc=1\n');
    noLeak(r);
    expect(r.err).toContain('Permission denied');
  });

  it('file names from input are read through the sandbox', async () => {
    const r = await run('ro', 'echo abs_secret rel_secret hello.txt | xargs cat; echo rc=$?');
    expect(r.out).toBe('hello\nrc=123\n');
    noLeak(r);
  });

  it('xargs rm in read-only mode removes nothing', async () => {
    const r = await run('ro', 'echo hello.txt | xargs rm; echo rc=$?');
    expect(r.out).toBe('rc=123\n');
    expect(fs.existsSync(path.join(linked.world.root, 'hello.txt'))).toBe(true);
  });
});
