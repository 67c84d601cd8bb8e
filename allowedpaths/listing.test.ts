// Streaming listings: readdir order, stopping at a limit. The listing leaves Node's fs.Dir as it
// found it (a library must not patch the host's modules): its promise API keeps working.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listDirectory } from './listing.js';
import { native } from './native.js';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-listing-')));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
for (const n of ['a', 'b', 'c']) fs.writeFileSync(path.join(base, n), n);
fs.mkdirSync(path.join(base, 'd'));

function listed(limit: number): string[] {
  const fd = fs.openSync(base, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
  try {
    const r = listDirectory(native(), { fd, path: base }, limit);
    if (!r.ok) throw new Error(r.error.code);
    return r.value.map((e) => `${e.name}:${e.type}`);
  } finally {
    fs.closeSync(fd);
  }
}

describe('listDirectory', () => {
  it('streams in the order readdir gives (what opendir reads) and stops at the limit', () => {
    const order: string[] = [];
    const dir = fs.opendirSync(base);
    for (let d = dir.readSync(); d !== null; d = dir.readSync()) order.push(`${d.name}:${d.isDirectory() ? 'dir' : 'file'}`);
    dir.closeSync();
    expect(listed(100)).toEqual(order);
    expect(listed(2)).toEqual(order.slice(0, 2));
    expect(listed(Infinity).sort()).toEqual(['a:file', 'b:file', 'c:file', 'd:dir']);
  });

  it("leaves fs.Dir's promise API working: read(), close(), for await, errors", async () => {
    listed(100);
    const dir = await fs.promises.opendir(base);
    const first = await dir.read();
    expect(first).not.toBeNull();
    const rest: string[] = [];
    for (let d = await dir.read(); d !== null; d = await dir.read()) rest.push(d.name);
    expect(rest.length).toBe(3);
    await dir.close();
    await expect(dir.close()).rejects.toMatchObject({ code: 'ERR_DIR_CLOSED' });
    // Node's read() throws at once on a closed Dir, before any promise exists
    expect(() => dir.read()).toThrow(expect.objectContaining({ code: 'ERR_DIR_CLOSED' }));

    const seen: string[] = [];
    for await (const d of await fs.promises.opendir(base)) seen.push(d.name);
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd']);

    const cb = await new Promise<string | null>((resolve, reject) => {
      const d = fs.opendirSync(base);
      d.read((err, ent) => (err ? reject(err) : d.close(() => resolve(ent?.name ?? null))));
    });
    expect(['a', 'b', 'c', 'd']).toContain(cb);
  });
});
