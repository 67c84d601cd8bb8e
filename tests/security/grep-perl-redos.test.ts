// grep -P and rg against catastrophic backtracking: a pattern V8's linear-time engine can run
// (no look-around, back-references or atomic groups, counts up to 16) falls back to it and ends in
// linear time; a nested repetition that engine cannot take is refused before it runs, since a
// single V8 run cannot be interrupted at the deadline. Either way the run ends well within it.
import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

async function timed(script: string): Promise<{ ms: number; code: number; out: string; err: string }> {
  const runner = new Runner({ allowedCommands: 'all', timeoutMs: 5000 });
  const t0 = performance.now();
  const r = await runner.run(script);
  return { ms: performance.now() - t0, code: r.exitCode, out: r.stdout ?? '', err: r.stderr ?? '' };
}

describe('grep -P ends in time on catastrophic patterns', () => {
  it.each(['(a+)+$', '(a|aa)*c', '(x+x+)+y', '(a*)*b', '(?:a?){10}a{10}b'])('%s runs on the linear engine', async (p) => {
    const r = await timed(`printf '%s!\\n' "$(printf 'a%.0s' $(seq 5000))" | grep -cP '${p}'; echo rc=$?`);
    expect(r.out).toMatch(/^0\nrc=1\n$/);
    expect(r.ms).toBeLessThan(4000);
  });

  it.each(['(?=a)(a+)+$', '(a|aa)*(?<=a)c', '(\\w+)*\\1x', '(?>(a+)+)b', '(a*+)*b', 'x(?!y)(a|a)+$', '(?:a?){25}a{25}b', '(a+){17}b'])(
    '%s is refused before it runs',
    async (p) => {
      const r = await timed(`printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\\n' | grep -P '${p}'; echo rc=$?`);
      expect(r.out).toBe('rc=2\n');
      expect(r.err).toContain('could take exponential time');
      expect(r.ms).toBeLessThan(2000);
    },
  );

  it('rg refuses the same kind of pattern (its Rust syntax never backtracks; V8 would)', async () => {
    const r = await timed(`printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\\n' | rg '(?:a?){25}a{25}b'; echo rc=$?`);
    expect(r.out).toBe('rc=2\n');
    expect(r.err).toContain('could take exponential time');
  });

  it('rg runs a nested repetition V8 can fall back on', async () => {
    const r = await timed(`printf '%s!\\n' "$(printf 'a%.0s' $(seq 5000))" | rg -c '(a+)+$'; echo rc=$?`);
    expect(r.out).toBe('rc=1\n');
    expect(r.ms).toBeLessThan(4000);
  });
});
