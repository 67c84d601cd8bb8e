// sed against the sandbox: -i only in remediation mode and only on files the sandbox lets us
// write (no symlinks, no hard links, no :ro roots, nothing outside); script files (-f) and inputs
// outside the roots are refused like any read; commands that write files or run programs are
// refused at compile time. After every case the canaries outside are unchanged and unread.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useLinkedWorld } from './linked-world.js';

const linked = useLinkedWorld();
const run = linked.run;

const OUTSIDE_TARGETS = [
  '$O/secret.txt', '../outside/secret.txt', 'abs_secret', 'rel_secret', 'out_dir/secret.txt', 'chain1', 'tricky', 'via_ds',
  'hop', 'up/outside/secret.txt', 'hardlink.txt', '$RO/ro.txt', 'to_ro/ro.txt',
];

describe('sed -i cannot write outside, through links, or into :ro roots', () => {
  for (const t of OUTSIDE_TARGETS) {
    it(`sed -i s/./X/ ${t}`, async () => {
      const r = await run('remediation', `sed -i 's/./X/' ${t}; echo "rc=$?"`);
      expect(r.out).toMatch(/rc=[124]\n$/);
      expect(r.out).not.toBe('rc=0\n');
    });
    it(`sed -i --follow-symlinks -n p ${t}`, async () => {
      const r = await run('remediation', `sed -i --follow-symlinks -n p ${t}; echo "rc=$?"`);
      expect(r.out).not.toBe('rc=0\n');
    });
    it(`sed -i.bak p ${t}`, async () => {
      const r = await run('remediation', `sed -i.bak p ${t}; echo "rc=$?"`);
      expect(r.out).not.toBe('rc=0\n');
    });
  }
  it('a backup name outside is refused and the file is left alone', async () => {
    const r = await run('remediation', `sed -i'../outside/*' s/h/J/ hello.txt; echo "rc=$?"; cat hello.txt`);
    expect(r.out).toBe('rc=4\nhello\n');
    expect(r.err).toBe("sed: cannot rename hello.txt: Permission denied\n");
  });
  it('a hard-linked target is refused before anything is written', async () => {
    const r = await run('remediation', 'sed -i s/C/X/ hardlink.txt');
    expect(r).toEqual({ code: 4, out: '', err: "sed: couldn't edit hardlink.txt: hard links are not supported as write targets\n" });
  });
  it('a symlinked target is refused', async () => {
    fs.writeFileSync(path.join(linked.world.root, 'real.txt'), 'abc\n');
    fs.symlinkSync('real.txt', path.join(linked.world.root, 'inlink'));
    const r = await run('remediation', 'sed -i s/a/X/ inlink; echo "rc=$?"; cat real.txt');
    expect(r.out).toBe('rc=4\nabc\n');
    expect(r.err).toBe("sed: couldn't edit inlink: symlinks are not supported as write targets\n");
  });
  it('--follow-symlinks edits the target of a link that stays inside', async () => {
    fs.writeFileSync(path.join(linked.world.root, 'real.txt'), 'abc\n');
    fs.symlinkSync('real.txt', path.join(linked.world.root, 'inlink'));
    const r = await run('remediation', 'sed -i --follow-symlinks s/a/X/ inlink; cat real.txt; test -L inlink && echo link');
    expect(r).toEqual({ code: 0, out: 'Xbc\nlink\n', err: '' });
  });
  it('read-only mode refuses -i and changes nothing', async () => {
    const r = await run('read-only', 'sed -i s/h/J/ hello.txt; echo "rc=$?"; cat hello.txt');
    expect(r.out).toBe('rc=1\nhello\n');
    expect(r.err).toBe('sed: -i/--in-place is refused in read-only mode: editing files needs remediation mode (print the result to stdout instead)\n');
  });
});

describe('sed reads only inside the roots', () => {
  for (const t of OUTSIDE_TARGETS.filter((x) => !x.includes('RO') && !x.includes('to_ro') && x !== 'hardlink.txt')) {
    it(`sed p ${t}`, async () => {
      const r = await run('read-only', `sed p ${t}`);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^sed: can't read .*: (Permission denied|No such file or directory)\n$/);
    });
    it(`sed -f ${t}`, async () => {
      const r = await run('read-only', `echo x | sed -f ${t}`);
      expect(r.code).toBe(4);
      expect(r.err).toMatch(/^sed: couldn't open file .*: (Permission denied|No such file or directory)\n$/);
    });
  }
});

describe('sed commands that write files or run programs are refused', () => {
  const scripts = ['w $O/new.txt', 'W $O/new.txt', 's/x/y/w $O/new.txt', 'r $O/secret.txt', 'R $O/secret.txt', 'e cat $O/secret.txt', 's|.*|cat $O/secret.txt|e', '1e touch $O/new.txt'];
  for (const s of scripts) {
    it(`sed '${s}'`, async () => {
      const r = await run('remediation', `echo x | sed '${s}'`);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^sed: -e expression #1, char \d+: e\/r\/w commands disabled in sandbox mode\n$/);
      expect(r.out).toBe('');
    });
  }
});
