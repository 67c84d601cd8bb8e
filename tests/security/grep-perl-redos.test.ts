// grep -P against catastrophic backtracking: a pattern V8's linear-time engine can run (no
// look-around, back-references or atomic groups) falls back to it and ends in linear time; one
// that needs the backtracking engine and nests repetitions is refused before it runs, since a
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
  it.each(['(a+)+$', '(a|aa)*c', '(x+x+)+y', '(a*)*b', '(?:a?){25}a{25}b'])('%s runs on the linear engine', async (p) => {
    const r = await timed(`printf '%s!\\n' "$(printf 'a%.0s' $(seq 5000))" | grep -cP '${p}'; echo rc=$?`);
    expect(r.out).toMatch(/^0\nrc=1\n$/);
    expect(r.ms).toBeLessThan(4000);
  });
  it.each(['(?=a)(a+)+$', '(a|aa)*(?<=a)c', '(\\w+)*\\1x', '(?>(a+)+)b', '(a*+)*b', 'x(?!y)(a|a)+$'])('%s is refused before it runs', async (p) => {
    const r = await timed(`printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\\n' | grep -P '${p}'; echo rc=$?`);
    expect(r.out).toBe('rc=2\n');
    expect(r.err).toContain('could take exponential time');
    expect(r.ms).toBeLessThan(2000);
  });
});
