import { describe, expect, it } from 'vitest';
import { od } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const bin = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const FLOATS = new Uint8Array(64);
{
  const v = new DataView(FLOATS.buffer);
  v.setFloat32(0, 1, true); v.setFloat32(4, -0.1, true); v.setFloat32(8, 3.4e38, true); v.setFloat32(12, 1e-40, true);
  v.setFloat64(16, Math.PI, true); v.setFloat64(24, -1e300, true); v.setFloat64(32, 5e-324, true); v.setFloat64(40, NaN, true);
  v.setFloat64(48, -Infinity, true); v.setFloat64(56, 123456789, true);
}
// values whose shortest text needs a tie rounded to even (glibc) rather than up (JS)
const TIES = new Uint8Array(32);
{
  const v = new DataView(TIES.buffer);
  v.setFloat32(0, 3751261.25, true); v.setFloat32(4, 3648532.25, true); v.setFloat32(8, 0.5, true); v.setFloat32(12, 1234566.5, true);
  // biome-ignore lint/correctness/noPrecisionLoss: a double exactly (the ULP here is 0.25)
  v.setFloat64(16, -1600153710943511.25, true); v.setFloat64(24, 2.5, true);
}
const LDOUBLE = bin('\x00\x00\x00\x00\x00\x00\x00\x80\xff\x3f\0\0\0\0\0\0' + '\x35\xc2\x68\x21\xa2\xda\x0f\xc9\x00\x40\0\0\0\0\0\0' + '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' + '\x01\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' + '\0\0\0\0\0\0\0\xc0\xff\x7f\0\0\0\0\0\0' + '\0\0\0\0\0\0\0\x80\xff\xff\0\0\0\0\0\0' + '\x9a\x99\x99\x99\x99\x99\x99\xcc\xfb\x3f\0\0\0\0\0\0');
const FILES = {
  't.bin': bin('hello world, this is a test\n\0\x01\xff'),
  'zeros': new Uint8Array(100),
  'floats': FLOATS,
  'ld': LDOUBLE,
  'ties': TIES,
  'empty': '',
  'strs': bin('ab\0cdef\0\x01xyz\0long string here\0tail'),
  'all': new Uint8Array(Array.from({ length: 256 }, (_, i) => i)),
  'dir/x': 'x',
};

describe('od: exact output', () => {
  it('default octal shorts', async () => {
    expect((await runBuiltin(od, [], { stdin: 'ab' })).stdout).toBe('0000000 061141\n0000002\n');
  });
  it('-A n -t x1', async () => {
    expect((await runBuiltin(od, ['-A', 'n', '-t', 'x1'], { stdin: 'hi\n' })).stdout).toBe(' 68 69 0a\n');
  });
  it('--help and --version', async () => {
    expect((await runBuiltin(od, ['--help'])).stdout).toMatch(/^Usage: od \[OPTION\]\.\.\. \[FILE\]\.\.\.\n/);
    expect((await runBuiltin(od, ['--vers'])).stdout).toBe('od (rshell) 0.1.0\n');
  });
  it('a width past the line limit is refused', async () => {
    const r = await runBuiltin(od, ['-w1000000'], { stdin: 'x', limits: { maxLineBytes: 4096 } });
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: "od: -w 1000000 exceeds rshell's line limit of 4096 bytes (GNU od has none)\n" });
  });
  it('-S is supported', async () => {
    expect((await runBuiltin(od, ['-S', '3', 'strs'], { files: FILES })).stdout).toBe('0000003 cdef\n0000011 xyz\n0000015 long string here\n');
  });
});

describe('od: same as GNU', () => {
  const cases: [string[], string?][] = [
    [['t.bin']], [['-c', 't.bin']], [['-a', 't.bin']], [['-b', 't.bin']], [['-d', 't.bin']], [['-f', 'floats']],
    [['-i', 't.bin']], [['-l', 't.bin']], [['-o', 't.bin']], [['-s', 't.bin']], [['-x', 't.bin']],
    [['-D', '-O', '-X', '-H', '-B', '-h', '-e', '-F', '-I', '-L', 't.bin']],
    [['-t', 'x1z', '-w8', 't.bin']], [['-t', 'd1', '-t', 'u2', '-t', 'o4', '-Ax', 't.bin']], [['-t', 'd8', '-t', 'u8', '-t', 'x8', '-t', 'o8', 'all']],
    [['-tdC', '-tuS', '-toI', '-txL', 'all']], [['-t', 'acz', 'all']], [['-t', 'x2z', '-t', 'c', 't.bin']],
    [['-t', 'f4', 'floats']], [['-t', 'f8', 'floats']], [['-t', 'fF', '-t', 'fD', 'floats']], [['-t', 'f4', 't.bin']], [['-t', 'f8', 't.bin']],
    [['-t', 'fL', 'ld']], [['-t', 'f4', 'ties']], [['-t', 'f8', 'ties']], [['-t', 'fL', 'ties']], [['-t', 'f16', '-t', 'x8', 'ld']], [['-t', 'fL', 'floats']], [['-t', 'fL', 'all']],
    [['zeros']], [['-v', 'zeros']], [['-w4', 'zeros']], [['-w', 'all']], [['-w3']], [['-w0']], [['-w', '-tx4'], ''],
    [['-A', 'd', 'all']], [['-A', 'x', 'all']], [['-A', 'n', 'all']], [['-A', 'o', '-c', 'all']], [['-Aq']], [['-A', 'dx', 't.bin']],
    [['-j', '5', 't.bin']], [['-j', '0x10', '-N', '010', 't.bin']], [['-j', '1k', 't.bin']], [['-j', '30', 't.bin', 't.bin']],
    [['-N', '3', 't.bin']], [['-N', '0', 't.bin']], [['-jx']], [['-N5q']], [['--skip-bytes=99999999999999999999']], [['-N', '-1']],
    [['-j', '9223372036854775807', '-N', '1']], [['-N', '1K', 't.bin']], [['-N', '2kB', 't.bin']], [['-j', 'b', 'all']],
    [['--endian=big', '-t', 'x2', 't.bin']], [['--endian=b', '-t', 'x4', '-t', 'd8', 'all']], [['--endian=x']], [['--endian=', 't.bin']],
    [['--endian=big', '-t', 'f4', '-t', 'f8', 'floats']],
    [['-t', 'd3']], [['-t', 'q']], [['-t', 'f5']], [['-t', 'x', '-t', 'q', '-t', 'r']], [['-t', 'fH']], [['-t', 'dLz']],
    [['-S', '3', 'strs']], [['-S1', 'strs']], [['--strings', 'strs']], [['--strings=5', 'strs']], [['-S', '2', '-N', '6', '-j', '1', 'strs']], [['-S', 'x']], [['-S', '3', '-t', 'x']],
    [['-A', 'x', '-S', '2', 'strs']], [['-j1', '-N2', '-A', 'x', '-S1', 't.bin']],
    [['t.bin', 'nosuch', 't.bin']], [['nosuch']], [['dir']], [['empty']], [[], ''], [['-'], 'abc'], [['-', 't.bin'], 'xyz'],
    [['-c', 't.bin', '5']], [['-c', 't.bin', '+5']], [['-c', '+5'], 'hello world'], [['-c', '+8.', 't.bin']], [['-Ad', '-c', 't.bin', '5']],
    [['--traditional', '5', '10'], 'hello world, this is a test'], [['--traditional', '-Ad', '5', '10'], 'hello world, this is a test'],
    [['--traditional', '-An', '-c', '5', '10'], 'hello world, this is a test'], [['--traditional', 't.bin', '5']], [['--traditional', 't.bin', '5', '8']],
    [['--traditional', '-c', '1b', '10'], 'abc'], [['--traditional', '-c', '0x3', '10'], 'hello world'],
    // FILE OFFSET LABEL, and three operands that are not that shape
    [['--traditional', 't.bin', '10', '20']], [['--traditional', '-c', 't.bin', '0x3', '1b']], [['--traditional', 't.bin', '10', 'x']],
    [['t.bin', '10', '20']],
    // xstrtoumax refuses a minus sign even on zero
    [['-j', '-0', 't.bin']], [['-N', '-0', 't.bin']], [['-S', '-0', 'strs']], [['-w-0', 't.bin']], [['--traditional', 't.bin', '-0']],
    [['--s']], [['--bogus']], [['-y']], [['-t']],
  ];
  for (const [args, stdin] of cases) {
    it(JSON.stringify(args), async () => {
      await expectSameAsGnu(od, args, { files: FILES, ...(stdin === undefined ? {} : { stdin }) });
    });
  }
});

describe('od: random input and formats against GNU', () => {
  it('types, widths, radices, skips and limits', async () => {
    const { default: fc } = await import('fast-check');
    const type = fc.constantFrom('a', 'c', 'd1', 'd2', 'd4', 'd8', 'u1', 'u2', 'u4', 'u8', 'o1', 'o2', 'o4', 'o8', 'x1', 'x2', 'x4', 'x8', 'f4', 'f8', 'fL', 'x1z', 'dCz');
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 80 }),
        fc.array(type, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(undefined, '-w8', '-w', '-w32', '-w48'),
        fc.constantFrom('d', 'o', 'x', 'n'),
        fc.constantFrom(undefined, '-j3', '-N17', '-v', '--endian=big'),
        async (bytes, types, width, radix, extra) => {
          const args = ['-A', radix, ...types.flatMap((t) => ['-t', t]), ...(width ? [width] : []), ...(extra ? [extra] : [])];
          await expectSameAsGnu(od, args, { stdin: bytes });
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('od -S holds one string at a time', () => {
  it('a long string prints whole (200,000 bytes once overflowed the stack)', async () => {
    await expectSameAsGnu(od, ['-S3'], { stdin: 'x\0' + 'a'.repeat(200_000) + '\0b' });
  });
  it('a string past the line limit stops with memory exhausted', async () => {
    const r = await runBuiltin(od, ['-S3'], { stdin: 'abcd\0' + 'a'.repeat(50) + '\0', limits: { maxLineBytes: 10 } });
    expect(r).toMatchObject({
      stdout: '0000000 abcd\n',
      stderr: "od: memory exhausted (a string over rshell's line limit of 10 bytes)\n",
      code: 1,
    });
  });
});
