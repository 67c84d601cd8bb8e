import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapenDirConstruction } from './dir-promisify.js';

// fs.Dir's promise API must behave exactly as before the custom promisify is installed
describe('cheapenDirConstruction', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-dirp-'));
    for (const n of ['a', 'b', 'c']) fs.writeFileSync(path.join(dir, n), n);
    cheapenDirConstruction(fs.Dir.prototype);
    cheapenDirConstruction(fs.Dir.prototype); // idempotent
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('installs a custom promisify on Dir.prototype.close', () => {
    expect(typeof (fs.Dir.prototype.close as unknown as Record<symbol, unknown>)[promisify.custom]).toBe('function');
  });

  it('keeps read(), async iteration and close() as promises', async () => {
    const d = fs.opendirSync(dir);
    const first = await d.read();
    const names = [first!.name];
    for await (const e of d) names.push(e.name);
    expect(names.sort()).toEqual(['a', 'b', 'c']);
    const d2 = await fs.promises.opendir(dir);
    expect(await d2.read()).not.toBeNull();
    await expect(d2.close()).resolves.toBeUndefined();
    await expect(d2.close()).rejects.toMatchObject({ code: 'ERR_DIR_CLOSED' });
  });

  it('keeps readSync, and a read after close throws as before', () => {
    const d = fs.opendirSync(dir);
    let n = 0;
    while (d.readSync() !== null) n++;
    expect(n).toBe(3);
    d.closeSync();
    expect(() => d.readSync()).toThrow();
    expect(() => d.read()).toThrow(expect.objectContaining({ code: 'ERR_DIR_CLOSED' }));
  });

  it('gives read errors to the promise', async () => {
    const d = fs.opendirSync(dir);
    const p = d.read();
    // a second read while one is pending is queued, not an error, and both resolve
    const q = d.read();
    const [a, b] = await Promise.all([p, q]);
    expect(a?.name).not.toBe(b?.name);
    await d.close();
  });
});
