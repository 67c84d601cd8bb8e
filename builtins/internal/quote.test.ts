import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { quote, quoteaf, quotef } from './quote.js';

// Ask GNU (coreutils 9.1, LANG=C) how it quotes each name: cat uses quotef, head's "cannot open"
// uses quoteaf, head's "invalid number of lines" uses quote.
function gnuQuotes(names: readonly Uint8Array[]): { f: string; af: string; q: string }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-q-'));
  try {
    const input = Buffer.concat(names.flatMap((n) => [Buffer.from(n), Buffer.from([0])]));
    // cat and head take every name at once (one error line each, in order: the directory is
    // empty); `head -n NAME` is one process per name (the alphabet has no digit, so each fails)
    const script =
      'mapfile -d "" n; cat -- "${n[@]}" 2>&1; head -- "${n[@]}" 2>&1; ' +
      'for x in "${n[@]}"; do head -n "$x" </dev/null 2>&1 && echo; done';
    const r = spawnSync('bash', ['-c', script], { cwd: dir, input, env: { LANG: 'C', PATH: '/usr/bin:/bin' } });
    const lines = r.stdout.toString('latin1').split('\n');
    const count = names.length;
    return names.map((_, k) => {
      const [a, b, c] = [lines[k]!, lines[count + k]!, lines[2 * count + k]!];
      return {
        f: a.slice('cat: '.length, a.length - ': No such file or directory'.length),
        af: b.slice('head: cannot open '.length, b.length - ' for reading: No such file or directory'.length),
        q: c.startsWith('head: invalid') ? c.slice('head: invalid number of lines: '.length) : quote(names[k]!),
      };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
const enc = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

describe('quote (GNU quotearg, C locale)', () => {
  it('fixed cases', () => {
    expect(quotef('x')).toBe('x');
    expect(quotef('a b')).toBe("'a b'");
    expect(quotef("it's")).toBe('"it\'s"');
    expect(quotef('a:b')).toBe("'a:b'");
    expect(quotef('')).toBe("''");
    expect(quotef('a\nb')).toBe("'a'$'\\n''b'");
    expect(quoteaf('x')).toBe("'x'");
    expect(quote('a\nb')).toBe("'a\\nb'");
    expect(quote("it's")).toBe("'it\\'s'");
  });

  it('matches GNU on generated names (differential)', () => {
    // every byte class that matters: safe, specials, quotes, controls, high bytes
    const alphabet = enc("ab:{}#~ !\"$&()*;<=>?[\\]^`|'%@\n\t\x01\x7f\xc3\xa9\xff,.-");
    const names = fc.sample(
      fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 6 }).filter((a) => a[0] !== 0x2d && a.some((b) => b !== 0x2e)),
      { numRuns: 400, seed: 42 },
    ).map((a): Uint8Array => Uint8Array.from(a));
    names.push(enc("it's\n"), enc('{'), enc('#a'), enc('a#'), enc('~'), enc("'"), enc("''"));
    const want = gnuQuotes(names);
    const got = names.map((n) => ({ f: quotef(n), af: quoteaf(n), q: quote(n) }));
    for (let k = 0; k < names.length; k++) {
      expect({ name: latin1(names[k]!), ...got[k] }).toEqual({ name: latin1(names[k]!), ...want[k] });
    }
  });
});
