// diff, cmp, comm and join against the escape suite: links leading outside the roots (followed by
// `diff -r` while walking, or named as operands), `..` above the roots, `--from-file`/`-X` files
// outside, and diff's --no-dereference. Canary files outside must never show in either stream.
import { describe, expect, it } from 'vitest';
import { CANARY } from './fixture.js';
import { useSharedLinkedWorld } from './linked-world.js';

const linked = useSharedLinkedWorld({ hardLink: false });
const run = linked.run;

const noLeak = (r: { out: string; err: string }): void => {
  expect(r.out).not.toContain(CANARY);
  expect(r.err).not.toContain(CANARY);
  expect(r.out).not.toContain('secret2.txt');
};

describe('diff, cmp, comm and join stay inside the roots', () => {
  it.each([
    'diff -r . dir', 'diff -r dir .', 'diff -ru . up', 'diff -r out_dir dir', 'diff -r abs_out_dir dir', 'diff -rN . dir',
    'diff abs_secret hello.txt', 'diff rel_secret hello.txt', 'diff -u tricky hello.txt', 'diff hop hello.txt', 'diff chain1 hello.txt',
    'diff $O/secret.txt hello.txt', 'diff ../outside/secret.txt hello.txt', 'diff hello.txt out_dir', 'diff -r slash dir',
    'diff -r --no-dereference . dir', 'diff --from-file=abs_secret hello.txt', 'diff -r -X abs_secret . dir', 'diff -y abs_secret hello.txt',
    'diff -q via_ro_escape hello.txt', 'diff -r dir/deep dir', 'diff proc_root/etc/passwd hello.txt',
    'cmp abs_secret hello.txt', 'cmp -l rel_secret hello.txt', 'cmp hello.txt $O/secret.txt', 'cmp -b tricky hello.txt',
    'comm abs_secret hello.txt', 'comm hello.txt rel_secret', 'join abs_secret hello.txt', 'join -a1 rel_secret hello.txt',
    'comm $O/secret.txt hello.txt', 'join hello.txt ../outside/secret.txt',
  ])('%s', async (script) => {
    const r = await run('ro', script);
    noLeak(r);
  });

  it('diff -r reports a link out of the roots as Permission denied and compares the rest', async () => {
    const r = await run('ro', 'diff -r dir dir; echo rc=$?');
    expect(r.out).toBe('rc=0\n');
    const e = await run('ro', 'diff abs_secret hello.txt; echo rc=$?');
    expect(e.out).toBe('rc=2\n');
    expect(e.err).toBe('diff: abs_secret: Permission denied\n');
  });

  it('a directory loop through a link ends with an error, not a hang', async () => {
    const r = await run('ro', 'diff -r ds dir/deep; echo rc=$?');
    noLeak(r);
    expect(r.out).toContain('rc=');
  });
});
