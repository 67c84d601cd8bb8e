import { describe, expect, it } from 'vitest';
import { defineFlags, parseFlags, writeUsageError } from './flags.js';
import { CollectingWriter } from './testing.js';
import { decode } from '../../lib/io/encoding.js';

// A grep-like table (long names in grep's table order for the ambiguity message)
const SPEC = defineFlags({
  flags: [
    { name: 'context', short: 'C', long: 'context', kind: 'string' },
    { name: 'color', long: ['color', 'colour'], kind: 'optional' },
    { name: 'count', short: 'c', long: 'count', kind: 'boolean' },
    { name: 'regexp', short: 'e', long: 'regexp', kind: 'array' },
    { name: 'lines', short: 'n', long: 'lines', kind: 'string' },
    { name: 'reverse', short: 'r', long: 'reverse', kind: 'boolean' },
    { name: 'verbose', short: 'v', long: 'verbose', kind: 'counter' },
    { name: 'ignore', short: 'iy', long: 'ignore-case', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
  ],
});

function ok(args: string[], posix = false) {
  const r = parseFlags(SPEC, args, { posixlyCorrect: posix });
  if (!r.ok) throw new Error(r.message);
  return r;
}
function err(args: string[]): string {
  const r = parseFlags(SPEC, args);
  if (r.ok) throw new Error('expected an error');
  return r.message;
}

describe('parseFlags', () => {
  it('with no option, the defaults yargs-parser would give, without calling it', () => {
    const none = ok(['file']);
    const viaYargs = ok(['--count', 'file']);
    expect({ ...none.flags }).toEqual({ ...viaYargs.flags, count: false });
    expect({ ...none.flags }).toEqual({ context: undefined, color: undefined, count: false, regexp: [], lines: undefined, reverse: false, verbose: 0, ignore: false, help: false });
    expect(none.operands).toEqual(['file']);
  });
  it('clusters and attached/separate values', () => {
    const r = ok(['-cr', '-n5', 'x', '-n', '7', '-rn8']);
    expect(r.flags.count).toBe(true);
    expect(r.flags.reverse).toBe(true);
    expect(r.flags.lines).toBe('8');
    expect(r.operands).toEqual(['x']);
    expect(r.order.map((o) => [o.name, o.value])).toEqual([
      ['count', undefined], ['reverse', undefined], ['lines', '5'], ['lines', '7'],
      ['reverse', undefined], ['lines', '8'],
    ]);
  });
  it('long options, =value, separate value, prefixes', () => {
    const r = ok(['--lin=3', '--regexp', 'a', '--reg=b=c', '--regexp=', '--ignore']);
    expect(r.flags.lines).toBe('3');
    expect(r.flags.regexp).toEqual(['a', 'b=c', '']);
    expect(r.flags.ignore).toBe(true);
    expect(r.order[0]!.spelled).toBe('--lines');
  });
  it('values that look like options or numbers stay strings', () => {
    const r = ok(['-e', '-x', '-n', '-5', '--lines=true', '-e', '--', '-e', '__proto__']);
    expect(r.flags.regexp).toEqual(['-x', '--', '__proto__']);
    expect(r.flags.lines).toBe('true');
  });
  it('counters and aliases', () => {
    const r = ok(['-vv', '--verbose', '-y']);
    expect(r.flags.verbose).toBe(3);
    expect(r.flags.ignore).toBe(true);
    expect(ok([]).flags.verbose).toBe(0);
    expect(ok([]).flags.regexp).toEqual([]);
    expect(ok([]).flags.count).toBe(false);
    expect(ok([]).flags.lines).toBeUndefined();
  });
  it('optional argument only when attached', () => {
    expect(ok(['--color', 'x']).flags.color).toBe(true);
    expect(ok(['--color=', 'x']).flags.color).toBe('');
    expect(ok(['--color', 'x']).operands).toEqual(['x']);
    expect(ok(['--colour=always']).flags.color).toBe('always');
    expect(ok(['--col=never']).flags.color).toBe('never'); // color/colour are one option
  });
  it('permutes operands, -- and - ', () => {
    expect(ok(['a', '-c', 'b', '-', '--', '-r']).operands).toEqual(['a', 'b', '-', '-r']);
    expect(ok(['a', '-c', 'b', '-', '--', '-r']).flags.reverse).toBe(false);
    expect(ok(['a', '-c'], true).operands).toEqual(['a', '-c']);
    expect(ok(['a', '-c'], true).flags.count).toBe(false);
  });
  it('immediate flags stop the scan', () => {
    const r = ok(['--help', '--bogus']);
    expect(r.flags.help).toBe(true);
    expect(err(['--bogus', '--help'])).toBe("unrecognized option '--bogus'");
  });
  it('GNU getopt error texts', () => {
    expect(err(['-k'])).toBe("invalid option -- 'k'");
    expect(err(['-ck'])).toBe("invalid option -- 'k'");
    expect(err(['--bogus'])).toBe("unrecognized option '--bogus'");
    expect(err(['--bogus=3'])).toBe("unrecognized option '--bogus=3'");
    expect(err(['-e'])).toBe("option requires an argument -- 'e'");
    expect(err(['--regexp'])).toBe("option '--regexp' requires an argument");
    expect(err(['--reg'])).toBe("option '--regexp' requires an argument");
    expect(err(['--count=3'])).toBe("option '--count' doesn't allow an argument");
    expect(err(['--co'])).toBe("option '--co' is ambiguous; possibilities: '--context' '--color' '--colour' '--count'");
    expect(err(['--re'])).toBe("option '--re' is ambiguous; possibilities: '--regexp' '--reverse'");
    // glibc quotes the whole argument, `=value` included (grep --co=x)
    expect(err(['--co=x'])).toBe("option '--co=x' is ambiguous; possibilities: '--context' '--color' '--colour' '--count'");
  });
  it('digits flag (head -5 style)', () => {
    const spec = defineFlags({ flags: [{ name: 'n', short: 'n', kind: 'string' }, { name: 'q', short: 'q', kind: 'boolean' }], digitsFlag: 'n' });
    const r = parseFlags(spec, ['-15q']);
    expect(r.ok && r.flags.n).toBe('15');
    expect(r.ok && r.flags.q).toBe(true);
  });
});

describe('writeUsageError', () => {
  it('prints the GNU two-line error', async () => {
    const stderr = new CollectingWriter();
    const code = await writeUsageError({ name: 'cut', stderr }, "invalid option -- 'k'", 1);
    expect(code).toBe(1);
    expect(decode(stderr.bytes())).toBe("cut: invalid option -- 'k'\nTry 'cut --help' for more information.\n");
  });
  it('with grep usage line', async () => {
    const stderr = new CollectingWriter();
    const code = await writeUsageError({ name: 'grep', stderr }, "invalid option -- 'k'", 2, 'Usage: grep [OPTION]... PATTERNS [FILE]...');
    expect(code).toBe(2);
    expect(decode(stderr.bytes())).toBe(
      "grep: invalid option -- 'k'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
    );
  });
});
