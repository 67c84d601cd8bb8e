import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { xxd } from './index.js';
import { both, runGnu, runOurs } from '../../tests/harness/gnu-oracle.js';
import { runBuiltin } from '../internal/testing.js';

const bytes = (n: number, f: (i: number) => number): Uint8Array => new Uint8Array(n).map((_, i) => f(i));
const FILES: Record<string, string | Uint8Array> = {
  a: 'hello world, this is xxd\n',
  bin: bytes(100, (i) => (i * 37) & 0xff),
  zeros: bytes(100, (i) => (i >= 30 && i < 90 ? 0 : i + 1)),
  allzero: new Uint8Array(64),
  '9name.c': 'ab',
  'dir/x': 'x',
  dump: '00000000: 6865 6c6c 6f0a                           hello.\n00000020: 4142  AB\n',
  back: '00000010: 6162\n00000000: 6364\n',
  plain: '68656c6c6f\n0a41 42\n',
};

describe('xxd', () => {
  const cases: string[][] = [
    ['a'], ['bin'], [], ['-'], ['-c', '8', 'a'], ['-c8', 'a'], ['-cols', '5', 'a'], ['-c', '0x0a', 'a'], ['-c', '300', 'a'], ['-c', '-1', 'a'],
    ['-g', '4', 'a'], ['-g', '0', 'a'], ['-g3', 'a'], ['-g', '100', 'a'], ['-b', 'a'], ['-b', '-c', '4', '-g', '2', 'a'], ['-e', 'a'],
    ['-e', '-g', '8', 'bin'], ['-e', '-g', '3', 'a'], ['-e', '-c', '5', 'a'], ['-u', 'bin'], ['-p', 'bin'], ['-ps', '-c', '7', 'a'], ['-p', '-u', '-c', '300', 'bin'],
    ['-i', 'a'], ['-i', '9name.c'], ['-i', '-C', '9name.c'], ['-i', '-n', 'my-var', 'a'], ['-i', '-u', '-c', '5', 'a'], ['-i'], ['-i', 'allzero', '-'],
    ['-l', '5', 'a'], ['-len', '0x10', 'bin'], ['-l', '-1', 'a'], ['-l', '0', 'a'], ['-s', '3', 'a'], ['-s', '-3', 'a'], ['-s', '+2', 'a'], ['-s', '100', 'a'],
    ['-s', '-100', 'a'], ['-seek', '2', 'a'], ['-s2', 'a'], ['-s', '3'], ['-s', '-2'], ['-s', '100'], ['-o', '16', 'a'], ['-o', '-1', '-d', 'a'], ['-d', 'bin'],
    ['-o', '0xffffffff0', 'a'], ['-a', 'zeros'], ['-a', 'allzero'], ['-autoskip', '-c', '4', 'zeros'], ['-a', '-a', 'zeros'], ['-E', 'bin'], ['--len', '4', 'a'],
    ['-r', 'dump'], ['-r', 'back'], ['-r', '-p', 'plain'], ['-r', '-s', '4', 'dump'], ['-rp', 'dump'], ['-r', '-c', '2', 'dump'], ['-r', '-b', 'dump'], ['-r', '-i', 'dump'],
    ['nosuch'], ['dir'], ['-r', 'dir'], ['-Z'], ['-h'], ['--help'], ['-c'], ['-n'], ['a', '-', 'x'], ['a', 'out'], ['--', '-x'], ['a', '-'],
  ];
  for (const args of cases) {
    it(`xxd ${JSON.stringify(args)}`, async () => {
      const { ours, gnu } = await both(xxd, args, { files: FILES, stdin: 'stdin data\n' });
      if (args.includes('out')) {
        expect(ours).toEqual({ stdout: '', code: 1, stderr: 'xxd: an OUTFILE operand is refused: rshell builtins do not write files (redirect stdout instead)\n' });
        return;
      }
      expect(ours).toEqual(gnu);
    });
  }
  it('-r to a far offset: NULs fill the gap (stdout cannot seek)', async () => {
    const o = { stdin: '00000000: 4243\nfffff: 41\n' };
    const ours = await runOurs(xxd, ['-r'], o);
    const gnu = runGnu('xxd', ['-r'], o);
    expect({ len: ours.stdout.length, same: ours.stdout === gnu.stdout, code: ours.code }).toEqual({ len: gnu.stdout.length, same: true, code: gnu.code });
  });
  it('-v: the version on stderr', async () => {
    expect(await runBuiltin(xxd, ['-v'])).toMatchObject({ code: 0, stdout: '', stderr: 'xxd (rshell) 0.1.0\n' });
  });
  it('a dump reverses to its input, chunked', async () => {
    const dump = runGnu('xxd', ['bin'], { files: FILES }).stdout;
    for (const chunkSize of [1, 7, 65536]) {
      const r = await runOurs(xxd, ['-r'], { stdin: Buffer.from(dump, 'latin1'), chunkSize });
      expect(r.stdout).toBe(Buffer.from(FILES.bin as Uint8Array).toString('latin1'));
    }
  });
  it('fuzz: random bytes and options', { timeout: 600_000 }, async () => {
    const opt = fc.constantFrom(['-c', '5'], ['-c', '1'], ['-g', '3'], ['-g', '1'], ['-b'], ['-e'], ['-u'], ['-p'], ['-i'], ['-a'], ['-d'], ['-E'], ['-l', '7'], ['-s', '2'], ['-s', '-3'], ['-o', '9'], ['-C']);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 90 }).map((b) => b.map((x) => (x < 100 ? 0 : x))), fc.array(opt, { maxLength: 3 }), async (data, opts) => {
        const args = [...opts.flat(), 'f'];
        const o = { files: { f: data } };
        expect(await runOurs(xxd, args, o)).toEqual(runGnu('xxd', args, o));
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 300), seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 41 },
    );
  });
  it('fuzz: reversing random text', { timeout: 600_000 }, async () => {
    // every line starts at a small offset: a random one would ask for terabytes of NULs
    const piece = fc.constantFrom('0', '1', 'a', 'F', 'g', ' ', '  ', ':', '\r', '4142', 'zz', '\t');
    const line = fc.tuple(fc.constantFrom('00000000: ', '00000004: ', '00000010:'), fc.array(piece, { maxLength: 8 })).map(([o, p]) => o + p.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 4 }), fc.constantFrom([], ['-p'], ['-c', '2'], ['-s', '3']), async (lines, flags) => {
        const ps = [lines.join('\n')];
        const args = ['-r', ...flags];
        const o = { stdin: ps.join('') };
        expect(await runOurs(xxd, args, o)).toEqual(runGnu('xxd', args, o));
      }),
      { numRuns: Number(process.env.RSHELL_FUZZ_RUNS ?? 300), seed: process.env.RSHELL_FUZZ_RUNS ? undefined : 42 },
    );
  });
});
