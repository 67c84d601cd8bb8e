import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runOurs } from '../../tests/security/write-builtins-harness.js';
import { applyRelation, parseSize } from '../internal/size-arg.js';
import { quote } from '../internal/quote.js';

const FILES = { 'f': 'hello world\n', 'g': 'abc', 'd/': '' };
const sizes = 'wc -c f g new 2>/dev/null';

describe('truncate: same output and same files as GNU truncate', () => {
  it.each([
    'truncate -s 0 f',
    'truncate -s 5 f g new',
    'truncate -s 1K f; truncate --size=1KB g',
    'truncate -s 2KiB f; truncate -s 1k g',
    'truncate -s +3 f; truncate -s -2 g',
    'truncate -s -100 f',
    'truncate -s "<5" f g',
    'truncate -s ">5" f g',
    'truncate -s /5 f g',
    'truncate -s %5 f g',
    'truncate -s "  < 4" f',
    'truncate -c -s 5 nosuch f',
    'truncate --no-create --size 5 nosuch',
    'truncate -r g f',
    'truncate -r g -s +2 f',
    'truncate --reference=nosuch f',
    'truncate -r g -s 4 f',
    'truncate -o -s 1 f',
    'truncate -o f',
    'truncate -s x f',
    'truncate -s 99999999999999999999 f',
    'truncate -s 9E f',
    'truncate -s 1Y f',
    'truncate -s +-1 f',
    'truncate -s /0 f',
    'truncate -s 1Q f',
    'truncate f',
    'truncate -s 1',
    'truncate -s 5 d nodir/x f',
    'truncate -x',
    'truncate --s 1 f',
    'truncate -s 0 -- -c',
  ])('%s', async (script) => {
    const { ours, bash } = await bothWays(`${script}; echo "rc=$?"; ${sizes}`, { files: FILES });
    expect(ours).toEqual(bash);
  });
});

describe('truncate: size grammar', () => {
  it('suffixes and relations', () => {
    const p = (s: string) => parseSize(s, quote);
    expect(p('1KB')).toEqual({ ok: true, relation: 'set', size: 1000n });
    expect(p('1g')).toEqual({ ok: true, relation: 'set', size: 1n << 30n });
    expect(p('2MiB')).toEqual({ ok: true, relation: 'set', size: 2n << 20n });
    expect(p('%4')).toEqual({ ok: true, relation: 'roundUp', size: 4n });
    expect(p('1Kx')).toEqual({ ok: false, message: "Invalid number: '1Kx'" });
    expect(applyRelation('roundUp', 4n, 5n)).toBe(8n);
    expect(applyRelation('relative', -10n, 5n)).toBe(0n);
    expect(applyRelation('relative', (1n << 63n) - 1n, 5n)).toBe(null);
  });
});

describe('truncate: sandbox', () => {
  it('read-only mode: capability not available, nothing changes', async () => {
    const r = await runOurs('truncate -s 0 f', { files: FILES, mode: 'read-only' });
    expect(r.stderr).toBe('truncate: filesystem capability not available (remediation mode required)\n');
    expect(r.code).toBe(1);
    expect(r.tree).toContain('f 12 "hello world\\n"');
  });
  it(':ro root: permission denied', async () => {
    const r = await runOurs('truncate -s 0 f new', { files: FILES, rootMode: 'ro' });
    expect(r.stderr).toBe("truncate: cannot open 'f' for writing: Permission denied\ntruncate: cannot open 'new' for writing: Permission denied\n");
    expect(r.tree).toContain('f 12 "hello world\\n"');
    expect(r.tree).not.toContain('new 0 ""');
  });
  it('symlinks and hard links are refused before any change', async () => {
    const setup = (d: string): void => {
      fs.symlinkSync('f', `${d}/sl`);
      fs.linkSync(`${d}/g`, `${d}/hl`);
    };
    const r = await runOurs('truncate -s 0 sl hl', { files: FILES, setup });
    expect(r.stderr).toBe(
      "truncate: cannot open 'sl' for writing: symlinks are not supported as write targets\n" +
        "truncate: cannot open 'hl' for writing: hard links are not supported as write targets\n",
    );
    expect(r.tree).toContain('f 12 "hello world\\n"');
    expect(r.tree).toContain('g 3 "abc" nlink=2');
  });
});
