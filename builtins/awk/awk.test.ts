// rshell's own awk behaviour: budgets, refusals and the sandbox (what gawk has no counterpart for).
import { describe, expect, it } from 'vitest';
import { awk } from './index.js';
import { runBuiltin } from '../internal/testing.js';

const run = (args: string[], opts: Parameters<typeof runBuiltin>[2] = {}) => runBuiltin(awk, args, opts);

describe('awk budgets and refusals', () => {
  it('refuses output files outside remediation mode', async () => {
    const r = await run(['BEGIN { print "x" > "f.txt" }']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "awk: cmd. line:1: fatal: cannot redirect to `f.txt': filesystem capability not available (remediation mode required)\n",
    });
  });

  it('bounds the call depth', async () => {
    const r = await run(['function f(n) { return f(n + 1) } BEGIN { f(1) }']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('awk: cmd. line:1: fatal: function call nesting too deep (more than 2000 calls)\n');
  });

  it('bounds what arrays hold', async () => {
    const r = await run(['BEGIN { for (i = 0; i < 1000; i++) a[i] = i }'], { limits: { maxSortBytes: 10000 } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('awk: cmd. line:1: fatal: arrays hold more than 10000 bytes (the awk memory budget, maxSortBytes)\n');
  });

  it('gives deleted elements back to the budget', async () => {
    const r = await run(['BEGIN { for (i = 0; i < 1000; i++) { a[i] = i; delete a[i] }; print "ok" }'], { limits: { maxSortBytes: 10000 } });
    expect(r).toMatchObject({ code: 0, stdout: 'ok\n' });
  });

  it('bounds a record', async () => {
    const r = await run(['{ n++ } END { print n }'], { stdin: `${'x'.repeat(5000)}\n`, limits: { maxLineBytes: 1000 } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('awk: fatal: record longer than 1000 bytes (the line budget; gawk has no limit)\n');
  });

  it('bounds strings', async () => {
    const r = await run(['BEGIN { s = "xxxxxxxx"; while (1) s = s s }'], { limits: { maxSortBytes: 1 << 20 } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('awk: cmd. line:1: fatal: string longer than 1048576 bytes (the awk memory budget)\n');
  });

  it('refuses the options that write files or change the language', async () => {
    for (const [opt, long] of [['--posix', '--posix'], ['-c', '--traditional'], ['-M', '--bignum'], ['-l', '--load'], ['-p', '--profile']]) {
      const r = await run([opt!, 'BEGIN { }']);
      expect(r).toMatchObject({ code: 2, stderr: `awk: option ${long} is not supported by rshell's awk\n` });
    }
  });

  it('accepts the options that change nothing here', async () => {
    const r = await run(['-b', '-r', '-s', '-O', '-S', 'BEGIN { print "ok" }']);
    expect(r).toMatchObject({ code: 0, stdout: 'ok\n' });
  });

  it('reads ENVIRON from the exported variables only', async () => {
    const r = await run(['BEGIN { print ENVIRON["ONLY"]; for (k in ENVIRON) n++; print n }'], { env: { ONLY: 'yes' } });
    expect(r).toMatchObject({ code: 0, stdout: 'yes\n1\n' });
  });

  it('answers --help and --version from the framework', async () => {
    expect((await run(['--version'])).stdout).toBe('awk (rshell) 0.1.0\n');
    const h = await run(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: awk [POSIX or GNU style options] -f progfile [--] file ...\n')).toBe(true);
  });

  it('keeps bytes as bytes', async () => {
    const r = await run(['{ print length($0), toupper($0) }'], { stdin: new Uint8Array([0xc3, 0xa9, 0x61, 0xff, 0x0a]) });
    expect([...r.stdoutBytes]).toEqual([...Buffer.from('4 '), 0xc3, 0xa9, 0x41, 0xff, 0x0a]);
  });

  it('reads its input in small chunks the same', async () => {
    const r = await run(['BEGIN { RS = "--" } { print NR ": " $0 }'], { stdin: 'a--bb--ccc', chunkSize: 1 });
    expect(r.stdout).toBe('1: a\n2: bb\n3: ccc\n');
  });

  it('makes an untyped global a scalar when length() reads it, as gawk 5.2', async () => {
    const r = await run(['BEGIN { print length(c); c[1] = 1; print "no" }']);
    expect(r.stdout).toBe('0\n');
    expect(r.stderr).toBe("awk: cmd. line:1: fatal: attempt to use scalar `c' as an array\n");
    expect(r.code).toBe(2);
  });

  it('evaluates every substr() argument (a[k] there creates k)', async () => {
    const r = await run(['BEGIN { x = substr("abc", "-nan", a["k"]); print ("k" in a) }']);
    expect(r.stdout).toBe('1\n');
  });
});
