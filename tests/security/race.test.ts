// TOCTOU: a separate process swaps a directory (or the final file) with a symlink to outside in a
// tight loop while the sandbox reads through it 20,000 times. Zero outside reads are allowed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../allowedpaths/index.js';
import { pathNative } from '../../allowedpaths/native.js';
import { startSwapper, stopSwapper } from './swapping.js';
import { addCanary, CANARY, expectOutsideUntouched, makeWorld, type World } from './fixture.js';

const ITERATIONS = 20_000;

let w: World;
afterEach(async () => {
  await stopSwapper();
  w?.cleanup();
});

/**
 * Reads ITERATIONS times, and on until `mustSee` has been read once (for at most 20 s): on a
 * loaded machine the swapper can hold the window in which the real directory is in place so
 * briefly that 20,000 reads through the slower fallback walk never land in it, and the test would
 * then prove nothing about the reads that succeed (it used to fail there, now and then).
 */
function tally(read: () => { ok: boolean; text?: string }, mustSee?: string): Record<string, number> {
  const seen: Record<string, number> = {};
  const deadline = Date.now() + 20_000;
  for (let i = 0; i < ITERATIONS || (mustSee !== undefined && seen[mustSee] === undefined && Date.now() < deadline); i++) {
    const r = read();
    const key = r.ok ? (r.text!.includes(CANARY) || r.text!.includes('root:') ? 'LEAK' : r.text!) : 'refused';
    seen[key] = (seen[key] ?? 0) + 1;
  }
  return seen;
}

describe.each([
  ['proc', undefined],
  ['fallback', pathNative()],
] as const)('race (%s resolution)', (_label, nat) => {
  it('intermediate directory swapped with a link to the outside dir', async () => {
    w = makeWorld();
    addCanary(w, 'file');
    fs.writeFileSync(path.join(w.root, 'dir', 'file'), 'inside\n');
    const sb = createSandbox([w.root], nat ? { native: nat } : {});
    const f = sb.at(w.root);
    const stopSwaps = await startSwapper(w.root, 'dir', w.outside, 20);
    const seen = tally(() => {
      const r = f.readFile('dir/file', 1000);
      return r.ok ? { ok: true, text: Buffer.from(r.value).toString() } : { ok: false };
    }, 'inside\n');
    const swaps = await stopSwaps();
    sb.close();
    expect(seen.LEAK).toBeUndefined();
    expect(seen['inside\n']).toBeGreaterThan(0);
    expect(swaps).toBeGreaterThan(10);
    expectOutsideUntouched(w);
  });

  it('intermediate directory swapped with a link to /', async () => {
    w = makeWorld();
    fs.mkdirSync(path.join(w.root, 'dir', 'etc'));
    fs.writeFileSync(path.join(w.root, 'dir', 'etc', 'passwd'), 'inside\n');
    const sb = createSandbox([w.root], nat ? { native: nat } : {});
    const f = sb.at(w.root);
    const stopSwaps = await startSwapper(w.root, 'dir', '/', 20);
    const seen = tally(() => {
      const r = f.readFile('dir/etc/passwd', 1 << 20);
      return r.ok ? { ok: true, text: Buffer.from(r.value).toString() } : { ok: false };
    }, 'inside\n');
    await stopSwaps();
    sb.close();
    expect(seen.LEAK).toBeUndefined();
    expect(seen['inside\n']).toBeGreaterThan(0);
  });

  it('final file swapped with a link to a canary', async () => {
    w = makeWorld();
    const canary = addCanary(w, 'file');
    fs.writeFileSync(path.join(w.root, 'f'), 'inside\n');
    const sb = createSandbox([w.root], nat ? { native: nat } : {});
    const f = sb.at(w.root);
    const stopSwaps = await startSwapper(w.root, 'f', canary, 20);
    const seen = tally(() => {
      const r = f.readFile('f', 1000);
      return r.ok ? { ok: true, text: Buffer.from(r.value).toString() } : { ok: false };
    });
    await stopSwaps();
    sb.close();
    expect(seen.LEAK).toBeUndefined();
    expectOutsideUntouched(w);
  });

  it('writes through a swapped directory never land outside', async () => {
    w = makeWorld({ mode: 'remediation' });
    const sb = createSandbox([`${w.root}:rw`], { mode: 'remediation', ...(nat ? { native: nat } : {}) });
    const f = sb.at(w.root);
    const stopSwaps = await startSwapper(w.root, 'dir', w.outside, 20);
    for (let i = 0; i < ITERATIONS / 4; i++) {
      const r = f.openWrite('dir/pwned.txt', { truncate: true });
      if (r.ok) {
        r.value.writeString('x');
        r.value.close();
      }
    }
    await stopSwaps();
    sb.close();
    expect(fs.existsSync(path.join(w.outside, 'pwned.txt'))).toBe(false);
    expectOutsideUntouched(w);
  });
});
