// rg against the escape suite: its walk follows links only with -L and only through the sandbox,
// ignore files above the roots are read through the sandbox too (never from outside), and `..`
// in operands, globs and --ignore-file never reach the canary. Canary files outside have their
// atime at the epoch: any read or listing of them fails the shared world's checks.
import { describe, expect, it } from 'vitest';
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

describe('rg stays inside the roots', () => {
  it.each([
    'rg CANARY', 'rg -L CANARY', 'rg -L -uuu CANARY', 'rg -L --files', 'rg -uuu -L --files .', 'rg -L CANARY out_dir abs_out_dir up slash',
    'rg CANARY ..', 'rg CANARY ../outside', 'rg CANARY $O', 'rg -L -g "../outside/*" CANARY', 'rg -L -g "**/secret*" CANARY',
    'rg -L --max-depth 50 CANARY up', 'rg --ignore-file $O/secret.txt CANARY', 'rg -f $O/secret.txt .', 'rg -f ../outside/secret.txt .',
    'rg -L --json CANARY', 'rg -L -c CANARY', 'rg -L -l CANARY', 'rg -L CANARY tricky via_ro_escape hop chain1 abs_dotdot',
  ])('%s', async (script) => {
    const r = await run('ro', script);
    noLeak(r);
  });

  it('a link out of the roots is refused when named', async () => {
    const r = await run('ro', 'rg CANARY abs_secret rel_secret; echo rc=$?');
    expect(r.out).toBe('rc=2\n');
    expect(r.err).toBe('abs_secret: Permission denied (os error 13)\nrel_secret: Permission denied (os error 13)\n');
  });

  it('-L on link loops ends instead of hanging', async () => {
    const r = await run('ro', 'rg -L --max-depth 3 nothing-here loop1 self; echo rc=$?');
    expect(r.out).toBe('rc=2\n');
  });
});
