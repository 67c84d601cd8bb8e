// The write builtins (tee touch mkdir rm cp mv truncate logrotate) and ls against the sandbox:
// read-only mode, `:ro` roots, paths outside every root, symlinked and hard-linked targets, and
// `rm -r` / `cp -r` / `ls -R` over trees holding links to the outside. After every case the
// canary files outside are unchanged and unread, nothing new appeared outside, and the `:ro`
// root is as it was.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANARY } from './fixture.js';
import { useLinkedWorld } from './linked-world.js';
import { snapshot } from './write-builtins-harness.js';

const linked = useLinkedWorld();
const run = linked.run;

// every way a write command could name something outside
const OUTSIDE_TARGETS = [
  '$O/secret.txt', '$O/new.txt', '../outside/secret.txt', '../outside/new.txt', 'abs_secret', 'rel_secret', 'out_dir/secret.txt',
  'out_dir/new.txt', 'abs_out_dir/new.txt', 'chain1', 'tricky', 'via_ds', 'hop', 'up/outside/secret.txt', 'dir/deep/escape/new.txt',
  'dangling_out', 'hardlink.txt', '$RO/ro.txt', 'to_ro/ro.txt', 'to_ro/new.txt',
];

const WRITERS: ((t: string) => string)[] = [
  (t) => `echo pwned | tee ${t}`,
  (t) => `echo pwned | tee -a ${t}`,
  (t) => `touch ${t}`,
  (t) => `touch -d @0 ${t}`,
  (t) => `mkdir ${t}`,
  (t) => `mkdir -p ${t}/x`,
  (t) => `rm -f ${t}`,
  (t) => `rm -rf ${t}`,
  (t) => `cp hello.txt ${t}`,
  (t) => `cp -r dir ${t}`,
  (t) => `mv hello.txt ${t}`,
  (t) => `mv ${t} moved`,
  (t) => `truncate -s 0 ${t}`,
  (t) => `truncate -s +10 ${t}`,
  (t) => `logrotate -f ${t}`,
];

describe('remediation mode: nothing outside the :rw root changes', () => {
  for (const writer of WRITERS) {
    const label = writer('T');
    it(label, async () => {
      // afterEach checks the outside (content, access times, listing) once all targets were tried
      for (const target of OUTSIDE_TARGETS) await run('remediation', writer(target));
    });
  }
});

describe('read-only mode: write commands change nothing at all', () => {
  it.each([
    'touch new.txt', 'mkdir newdir', 'rm hello.txt', 'rm -rf dir', 'cp hello.txt copy.txt', 'mv hello.txt moved.txt',
    'truncate -s 0 hello.txt', 'logrotate -f hello.txt',
  ])('%s', async (script) => {
    const before = snapshot(linked.world.root);
    const r = await run('read-only', script);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/: filesystem capability not available \(remediation mode required\)\n$/);
    expect(snapshot(linked.world.root)).toEqual(before);
  });
  it('tee writes to stdout only', async () => {
    const before = snapshot(linked.world.root);
    const r = await run('read-only', 'echo hi | tee new.txt hello.txt');
    expect(r).toEqual({ code: 1, out: 'hi\n', err: 'tee: new.txt: Permission denied\ntee: hello.txt: Permission denied\n' });
    expect(snapshot(linked.world.root)).toEqual(before);
  });
});

describe('recursive commands over trees with links to the outside', () => {
  it('rm -r of the whole root unlinks the links and never follows them', async () => {
    const r = await run('remediation', 'rm -rf ./* 2>&1; ls -A');
    expect(r.out).toBe('');
    expect(fs.readdirSync(linked.world.root)).toEqual([]);
  });
  it('rm -r through a link to a directory outside is refused', async () => {
    const r = await run('remediation', 'rm -r out_dir/ abs_out_dir/sub slash/tmp up/outside');
    expect(r.code).toBe(1);
    expect(r.err).not.toBe('');
  });
  it('cp -r copies links as nothing and never reads through them', async () => {
    const r = await run('remediation', 'mkdir t; cp -r . t/ 2>/dev/null; ls t | wc -l');
    expect(r.code).toBe(0);
    for (const name of fs.readdirSync(path.join(linked.world.root, 't'))) {
      const st = fs.lstatSync(path.join(linked.world.root, 't', name));
      if (st.isFile()) expect(fs.readFileSync(path.join(linked.world.root, 't', name), 'utf8')).not.toContain(CANARY);
    }
  });
  it('cp -rL follows only links that stay inside', async () => {
    await run('remediation', 'mkdir t; cp -rL out_dir abs_secret chain1 tricky to_dir t/ 2>/dev/null');
    const copied = snapshot(path.join(linked.world.root, 't'));
    expect(copied.join('\n')).not.toContain(CANARY);
    expect(copied).toContain('to_dir/file.txt 7 "inside\\n"');
  });
  it('ls -R and ls -lR list links without following them out', async () => {
    const r = await run('read-only', 'ls -R; ls -laR');
    expect(r.out).not.toContain('secret2.txt');
  });
  it('ls -L of links to the outside reads as Permission denied', async () => {
    const r = await run('read-only', 'ls -L abs_secret out_dir; ls -lL rel_secret; ls abs_secret');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "ls: cannot access 'abs_secret': Permission denied\nls: cannot access 'out_dir': Permission denied\n" +
        "ls: cannot access 'rel_secret': Permission denied\nls: cannot access 'abs_secret': Permission denied\n",
    );
  });
  it('mv of a link moves the link, not its target', async () => {
    const r = await run('remediation', 'mv abs_secret moved; ls -l moved');
    expect(r.code).toBe(0);
    expect(fs.lstatSync(path.join(linked.world.root, 'moved')).isSymbolicLink()).toBe(true);
  });
  it('rm of a hard link removes only that name', async () => {
    const r = await run('remediation', 'rm hardlink.txt');
    expect(r).toEqual({ code: 0, out: '', err: '' });
    expect(fs.statSync(path.join(linked.world.outside, 'secret.txt')).nlink).toBe(1);
  });
});

describe('--help and --version work in every mode', () => {
  it.each(['tee', 'touch', 'mkdir', 'rm', 'cp', 'mv', 'truncate', 'logrotate', 'ls'])('%s', async (name) => {
    const help = await run('read-only', `${name} --help`);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(new RegExp(`^Usage: ${name} `));
    expect(await run('read-only', `${name} --version`)).toEqual({ code: 0, out: `${name} (rshell) 0.1.0\n`, err: '' });
  });
});
