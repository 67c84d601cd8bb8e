// sed unit tests: what GNU comparison cannot cover (limits, refusals, --help/--version, chunk
// boundaries, large inputs).
import { describe, expect, it } from 'vitest';
import { sed } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { SED_USAGE } from './usage.js';
import { Runner } from '../../src/index.js';

describe('sed: options', () => {
  it('--help prints the usage, --version ours', async () => {
    expect(await runBuiltin(sed, ['--help'])).toMatchObject({ stdout: SED_USAGE, stderr: '', code: 0 });
    expect(await runBuiltin(sed, ['--version'])).toMatchObject({ stdout: 'sed (rshell) 0.1.0\n', code: 0 });
  });
  it('--debug is refused', async () => {
    expect(await runBuiltin(sed, ['--debug', 'p'], { stdin: 'x\n' })).toMatchObject({
      stdout: '',
      stderr: 'sed: --debug is refused: rshell does not annotate sed execution\n',
      code: 1,
    });
  });
  it('-i is refused in read-only mode', async () => {
    expect(await runBuiltin(sed, ['-i', 'p', 'f'], { files: { f: 'x\n' } })).toMatchObject({ code: 1, stdout: '' });
    expect((await runBuiltin(sed, ['--in-place=.bak', 'p', 'f'], { files: { f: 'x\n' } })).stderr).toContain('refused in read-only mode');
  });
  it('-f - is refused (the script would come from stdin)', async () => {
    expect(await runBuiltin(sed, ['-f', '-'], { stdin: 'p\n' })).toMatchObject({ code: 4 });
  });
});

describe('sed: chunk boundaries and binary data', () => {
  for (const chunkSize of [1, 2, 3]) {
    it(`chunkSize ${chunkSize}`, async () => {
      const r = await runBuiltin(sed, ['-n', '$!N;s/\\n/+/;p'], { stdin: 'ab\ncd\nef\r\ngh', chunkSize });
      expect(r.stdout).toBe('ab+cd\nef\r+gh');
      const z = await runBuiltin(sed, ['-z', 's/^./X/'], { stdin: 'ab\0cd\0', chunkSize });
      expect(z.stdoutBytes).toEqual(new Uint8Array(Buffer.from('Xb\0Xd\0', 'latin1')));
    });
  }
  it('bytes that are not UTF-8 pass through unchanged', async () => {
    const r = await runBuiltin(sed, ['s/\\xfe/<fe>/'], { stdin: Buffer.from('a\xfe\xff\n', 'latin1') });
    expect(Buffer.from(r.stdoutBytes).toString('latin1')).toBe('a<fe>\xff\n');
  });
});

describe('sed: limits', () => {
  it(':a;N;$!ba joins a large input (the pattern space may exceed a line budget)', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i}`);
    const r = await runBuiltin(sed, [':a;N;$!ba;s/\\n/,/g'], { stdin: lines.join('\n') + '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(lines.join(',') + '\n');
  });
  it('the pattern space is bounded by the command budget: GNU\'s memory exhausted', async () => {
    const r = await runBuiltin(sed, [':a;N;$!ba'], { stdin: 'x'.repeat(100) + '\n' + 'y'.repeat(100) + '\n', limits: { maxSortBytes: 150 } });
    expect(r).toMatchObject({ stdout: '', stderr: "sed: memory exhausted (over rshell's per-command memory budget of 150 bytes, maxMemoryBytes)\n", code: 1 });
  });
  it('the hold space too (G;h doubling)', async () => {
    const r = await runBuiltin(sed, ['h;:a;G;h;ba'], { stdin: 'abc\n', limits: { maxSortBytes: 1000 } });
    expect(r).toMatchObject({ stdout: '', stderr: "sed: memory exhausted (over rshell's per-command memory budget of 1000 bytes, maxMemoryBytes)\n", code: 1 });
  });
  it('both spaces count together, and each append\'s rope node (H;$!d on many short lines)', async () => {
    // 3,000 lines of 2 bytes: 6,000 bytes of hold space, well under 100,000; the appends are
    // flattened away as they pile up, so the whole input fits
    const ok = await runBuiltin(sed, ['H;$!d;x'], { stdin: 'y\n'.repeat(3000), limits: { maxSortBytes: 100_000 } });
    expect(ok).toMatchObject({ stdout: '\n' + 'y\n'.repeat(3000), stderr: '', code: 0 });
    // pattern space and hold space each under the budget, together over it
    const both = await runBuiltin(sed, ['h;G;G'], { stdin: 'z'.repeat(40) + '\n', limits: { maxSortBytes: 150 } });
    expect(both).toMatchObject({ stdout: '', stderr: "sed: memory exhausted (over rshell's per-command memory budget of 150 bytes, maxMemoryBytes)\n", code: 1 });
  });
  it('N on endless input stops at the budget', async () => {
    const r = await runBuiltin(sed, [':a;N;ba'], { stdin: 'y\n'.repeat(50_000), limits: { maxSortBytes: 20_000 } });
    expect(r).toMatchObject({ stdout: '', stderr: "sed: memory exhausted (over rshell's per-command memory budget of 20000 bytes, maxMemoryBytes)\n", code: 1 });
  });
  it('y keeps its bytes', async () => {
    const r = await runBuiltin(sed, ['y/abc/BCA/'], { stdin: new Uint8Array([0x61, 0x62, 0xff, 0x63, 0x80, 0x0a]) });
    expect([...r.stdoutBytes]).toEqual([0x42, 0x43, 0xff, 0x41, 0x80, 0x0a]);
  });
  it('an input line longer than maxLineBytes stops with a clear error', async () => {
    const r = await runBuiltin(sed, ['p'], { stdin: 'a'.repeat(50) + '\n', limits: { maxLineBytes: 10 } });
    expect(r).toMatchObject({ stdout: '', stderr: 'sed: -: line too long (over 10 bytes)\n', code: 4 });
  });
  it('a branch loop with no end stops at the run deadline', async () => {
    const runner = new Runner({ allowedPaths: [], allowedCommands: 'all', timeoutMs: 300 });
    const started = Date.now();
    const r = await runner.run("echo x | sed ':a;s/x/x/;ta'");
    expect(r.exitCode).toBe(124);
    expect(Date.now() - started).toBeLessThan(5000);
  });
  it('a branch loop whose every pass copies a growing pattern space stops at the deadline too', async () => {
    // s/^/x/ copies the pattern space: counting jumps alone, 4,096 passes over 200 KB between
    // looks ran 3.9 s past a 1 s timeout; the passes are now weighed by the space's size
    const runner = new Runner({ allowedPaths: [], allowedCommands: 'all', timeoutMs: 500 });
    const started = Date.now();
    const r = await runner.run("echo x | sed ':a;s/^/x/;ba'");
    expect(r.exitCode).toBe(124);
    expect(Date.now() - started).toBeLessThan(500 + 700);
    expect((await runner.run('echo ok')).stdout).toBe('ok\n');
  });
  it('nested repetition next to a back-reference runs (the step-counted matcher), as GNU does', async () => {
    await expectSameAsGnu(sed, ['s/\\(a*\\)*b\\1/x/'], { stdin: 'aab\naabaa\n' });
  });
  it('catastrophic patterns finish (linear-time fallback)', async () => {
    const r = await runBuiltin(sed, ['-E', 's/(a+)+$/X/'], { stdin: 'a'.repeat(5000) + 'b\n' });
    expect(r).toMatchObject({ stdout: 'a'.repeat(5000) + 'b\n', code: 0 });
  });
});
