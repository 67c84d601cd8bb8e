// defineCommand: what a command declared in a few lines gets for free (GNU getopt_long parsing
// and wording, --help, --version, POSIXLY_CORRECT), every flag kind, and the hooks the GNU tools
// need (checkBefore, claim, stopAtFirstOperand, their own usage errors and help placement).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineCommand, defineRawCommand, flag, reject } from './command.js';
import { quote } from './quote.js';
import { writeThen } from './print.js';
import { runBuiltin, type RunOptions } from './testing.js';
import type { Command } from '../types.js';
import { cut } from '../cut/index.js';
import { sort } from '../sort/index.js';
import { mkdir } from '../mkdir/index.js';

const WHEN = { always: 'always', yes: 'always', never: 'never', no: 'never' } as const;
const GROUP = { prepend: 'prepend', append: 'append', separate: 'separate' } as const;

const demoFlags = {
  number: flag.boolean('-n --number'),
  numberNonblank: flag.boolean('-b --number-nonblank'),
  lines: flag.string('-l --lines'),
  regexp: flag.list('-e --regexp'),
  verbose: flag.counter('-v --verbose'),
  color: flag.optional('--color --colour'),
  width: flag.value('-w --width', (text) => (/^[0-9]+$/.test(text) ? Number(text) : reject(`invalid width: ${quote(text)}`))),
  tab: flag.value('-t --tab', (text) => (text.length === 1 ? text : reject('the tab must be a single character', { usage: true }))),
  keys: flag.values('-k --key', (text) => ({ field: Number(text) })),
  when: flag.choice('--when', WHEN),
  group: flag.choice('-G --group', GROUP, { bare: 'separate', shortBare: true }),
  digits: flag.digits(),
};

/** a new command: declarations, and a run that shows what it received */
const demo = defineCommand({
  name: 'demo',
  summary: 'show the options it was given',
  help: 'Usage: demo [OPTION]... [FILE]...\n',
  flags: demoFlags,
  run(ctx, { flags, operands, order }) {
    return writeThen(ctx.stdout, JSON.stringify({ flags: { ...flags }, operands, order }) + '\n', 0);
  },
});

const run = (args: string[], opts: RunOptions = {}) => runBuiltin(demo, args, opts);
const shown = async (args: string[], opts: RunOptions = {}) => {
  const r = await run(args, opts);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as { flags: Record<string, unknown>; operands: string[]; order: { name: string; value: unknown; spelled: string }[] };
};
const TRY = "Try 'demo --help' for more information.\n";
const usage = (message: string) => ({ stdout: '', stderr: `demo: ${message}\n${TRY}`, code: 1 });

describe('defineCommand: what a new command gets for free', () => {
  it('--help: the help text on stdout, status 0; --version: NAME (rshell) 0.1.0', async () => {
    expect(await run(['--help'])).toMatchObject({ stdout: 'Usage: demo [OPTION]... [FILE]...\n', stderr: '', code: 0 });
    expect(await run(['--version'])).toMatchObject({ stdout: 'demo (rshell) 0.1.0\n', stderr: '', code: 0 });
    expect(await run(['--vers'])).toMatchObject({ stdout: 'demo (rshell) 0.1.0\n', code: 0 });
    expect(demo.usage).toBe('Usage: demo [OPTION]... [FILE]...\n');
  });

  it('GNU diagnostics with the Try line, status 1', async () => {
    expect(await run(['-x'])).toMatchObject(usage("invalid option -- 'x'"));
    expect(await run(['-nx', 'f'])).toMatchObject(usage("invalid option -- 'x'"));
    expect(await run(['--foo'])).toMatchObject(usage("unrecognized option '--foo'"));
    expect(await run(['--foo=1'])).toMatchObject(usage("unrecognized option '--foo=1'"));
    expect(await run(['-l'])).toMatchObject(usage("option requires an argument -- 'l'"));
    expect(await run(['--lines'])).toMatchObject(usage("option '--lines' requires an argument"));
    expect(await run(['--number=3'])).toMatchObject(usage("option '--number' doesn't allow an argument"));
    expect(await run(['--num'])).toMatchObject(usage("option '--num' is ambiguous; possibilities: '--number' '--number-nonblank'"));
    // the appended --help/--version are last in the table, as coreutils' GETOPT_HELP_OPTION_DECL
    expect(await run(['--ver'])).toMatchObject(usage("option '--ver' is ambiguous; possibilities: '--verbose' '--version'"));
  });

  it('abbreviated long options, clustering, attached and separate values', async () => {
    const r = await shown(['--lin=3', '-nvv', '-l5', 'a', '-e', '-x', '--regexp', 'b', '--number-n', '--colour', '-w', '7', '--verb']);
    expect(r.flags).toMatchObject({ number: true, numberNonblank: true, lines: '5', regexp: ['-x', 'b'], verbose: 3, color: true, width: 7 });
    expect(r.operands).toEqual(['a']);
    expect(r.order.map((o) => o.spelled)).toEqual(['--lines', '-n', '-v', '-v', '-l', '-e', '--regexp', '--number-nonblank', '--colour', '-w', '--verbose']);
  });

  it('`--` ends the options, `-` is an operand, options are permuted unless POSIXLY_CORRECT', async () => {
    expect(await shown(['a', '-n', '-', 'b', '--', '-v'])).toMatchObject({ flags: { number: true, verbose: 0 }, operands: ['a', '-', 'b', '-v'] });
    expect(await shown(['a', '-n', 'b'], { env: { POSIXLY_CORRECT: '1' } })).toMatchObject({ flags: { number: false }, operands: ['a', '-n', 'b'] });
    expect(await shown(['-n', 'a', '--help'], { env: { POSIXLY_CORRECT: '' } })).toMatchObject({ flags: { number: true }, operands: ['a', '--help'] });
  });

  it('no option: the defaults, typed', async () => {
    expect(await shown(['f'])).toEqual({
      flags: { number: false, numberNonblank: false, regexp: [], verbose: 0, keys: [], help: false, version: false },
      operands: ['f'],
      order: [],
    });
  });

  it('--help and --version act where getopt meets them', async () => {
    expect(await run(['--help', '--bogus'])).toMatchObject({ stdout: 'Usage: demo [OPTION]... [FILE]...\n', code: 0 });
    expect(await run(['--version', '--help'])).toMatchObject({ stdout: 'demo (rshell) 0.1.0\n', code: 0 });
    expect(await run(['--bogus', '--help'])).toMatchObject(usage("unrecognized option '--bogus'"));
    expect(await run(['-w', 'x', '--help'])).toMatchObject({ stdout: '', stderr: "demo: invalid width: 'x'\n", code: 1 });
    expect(await run(['--help', '-w', 'x'])).toMatchObject({ code: 0 });
  });
});

describe('flag kinds', () => {
  it('run sees each flag with the type its declaration gives (checked by tsc on this file)', async () => {
    const typed = defineCommand({
      name: 'typed',
      summary: '',
      help: '',
      flags: demoFlags,
      run(_ctx, { flags, order }) {
        expectTypeOf(flags.number).toEqualTypeOf<boolean>();
        expectTypeOf(flags.verbose).toEqualTypeOf<number>();
        expectTypeOf(flags.lines).toEqualTypeOf<string | undefined>();
        expectTypeOf(flags.regexp).toEqualTypeOf<string[]>();
        expectTypeOf(flags.color).toEqualTypeOf<string | true | undefined>();
        expectTypeOf(flags.width).toEqualTypeOf<number | undefined>();
        expectTypeOf(flags.keys).toEqualTypeOf<{ field: number }[]>();
        expectTypeOf(flags.when).toEqualTypeOf<'always' | 'never' | undefined>();
        expectTypeOf(flags.group).toEqualTypeOf<'prepend' | 'append' | 'separate' | undefined>();
        expectTypeOf(flags.digits).toEqualTypeOf<string | undefined>();
        for (const o of order) {
          if (o.name === 'width') expectTypeOf(o.value).toEqualTypeOf<number>();
          if (o.name === 'color') expectTypeOf(o.value).toEqualTypeOf<string | undefined>();
          if (o.name === 'number') expectTypeOf(o.value).toEqualTypeOf<undefined>();
        }
        return 0;
      },
    });
    expect((await runBuiltin(typed, ['-n'])).code).toBe(0);
  });
  it('boolean and counter', async () => {
    expect((await shown(['-n', '-n'])).flags).toMatchObject({ number: true, verbose: 0 });
    expect((await shown(['-vvv', '--verbose'])).flags.verbose).toBe(4);
  });
  it('string: the last one wins; list: every one in order', async () => {
    expect((await shown(['-l1', '--lines', '2', '-l', '3'])).flags.lines).toBe('3');
    expect((await shown(['-e', 'a', '-eb', '--regexp=', '--reg=c=d'])).flags.regexp).toEqual(['a', 'b', '', 'c=d']);
  });
  it('optional: true bare, the string when attached, never the next argument', async () => {
    expect(await shown(['--color', 'x'])).toMatchObject({ flags: { color: true }, operands: ['x'] });
    expect((await shown(['--colo=never'])).flags.color).toBe('never');
    expect((await shown(['--color='])).flags.color).toBe('');
    expect((await shown(['--color=a', '--color'])).order.map((o) => o.value)).toEqual(['a', undefined]);
  });
  it('value: parsed where getopt meets it, its reject reported as the command says', async () => {
    const r = await shown(['-w', '12', '--width=3', '-t', 'x']);
    expect(r.flags).toMatchObject({ width: 3, tab: 'x' });
    expect(r.order.map((o) => o.value)).toEqual([12, 3, 'x']);
    expect(await run(['-w', 'x'])).toMatchObject({ stdout: '', stderr: "demo: invalid width: 'x'\n", code: 1 });
    expect(await run(['-t', 'xy'])).toMatchObject(usage('the tab must be a single character'));
    // the first bad value is the one GNU reports, before a bad option further on
    expect(await run(['-w', '1', '-w', 'y', '-t', 'zz', '--bogus'])).toMatchObject({ stderr: "demo: invalid width: 'y'\n", code: 1 });
    expect(await run(['--bogus', '-w', 'y'])).toMatchObject(usage("unrecognized option '--bogus'"));
  });
  it('values: every parsed value in order', async () => {
    expect((await shown(['-k1', '--key', '2'])).flags.keys).toEqual([{ field: 1 }, { field: 2 }]);
  });
  it('choice: argmatch words and prefixes, argmatch_die text and status 1', async () => {
    expect((await shown(['--when=y'])).flags.when).toBe('always');
    // 'n' prefixes 'never' and 'no', which mean the same
    expect((await shown(['--when', 'n'])).flags.when).toBe('never');
    const valid = "Valid arguments are:\n  - 'always', 'yes'\n  - 'never', 'no'\n";
    expect(await run(['--when=x'])).toMatchObject({ stdout: '', stderr: `demo: invalid argument 'x' for '--when'\n${valid}${TRY}`, code: 1 });
    expect(await run(['--when='])).toMatchObject({ stderr: `demo: ambiguous argument '' for '--when'\n${valid}${TRY}`, code: 1 });
  });
  it('choice with a bare value: an optional argument; shortBare: -G takes none', async () => {
    expect((await shown(['--group'])).flags.group).toBe('separate');
    expect(await shown(['-Gn', 'p'])).toMatchObject({ flags: { group: 'separate', number: true }, operands: ['p'] });
    expect((await shown(['--group=p'])).flags.group).toBe('prepend');
    expect(await run(['--group=x'])).toMatchObject({ code: 1, stderr: expect.stringContaining("invalid argument 'x' for '--group'") });
  });
  it('digits: one occurrence per run of digits in a cluster', async () => {
    const r = await shown(['-12', '-n3', 'f']);
    expect(r.flags.digits).toBe('3');
    expect(r.order.map((o) => [o.name, o.value, o.spelled])).toEqual([['digits', '12', '-12'], ['number', undefined, '-n'], ['digits', '3', '-3']]);
  });
});

describe('what GNU tools need beyond that', () => {
  const seen: string[][] = [];
  /** sort-like: status 2, a cross-option check, an obsolete +N operand, version before help */
  const tool: Command = defineCommand({
    name: 'tool',
    summary: 'a GNU-like tool',
    help: 'Usage: tool\n',
    usageStatus: 2,
    flags: {
      bytes: flag.string('-b --bytes'),
      fields: flag.string('-f --fields'),
      skip: flag.value('-s --skip', (text) => (/^[0-9]+$/.test(text) ? Number(text) : reject(`${text}: invalid number of bytes to skip`))),
      version: flag.version(),
      help: flag.help(),
    },
    checkBefore(ctx, before) {
      seen.push(before.map((o) => o.name));
      let lists = 0;
      for (const o of before) if (o.name === 'bytes' || o.name === 'fields') lists++;
      return lists > 1 ? writeUsage(ctx, 'only one list may be specified') : undefined;
    },
    claim: () => (args, i) => {
      const arg = args[i]!;
      if (/^\+[0-9]+$/.test(arg)) return { consumed: 1, occurrence: { name: 'skip', value: arg.slice(1), spelled: arg } };
      if (arg === '+x') return { error: 'bad plus' };
      // a negative number is an operand (seq)
      return /^-[0-9]/.test(arg) ? { operand: true } : undefined;
    },
    run(ctx, { flags, operands }) {
      return writeThen(ctx.stdout, JSON.stringify({ skip: flags.skip ?? null, operands }) + '\n', 0);
    },
  });
  const writeUsage = (ctx: { stderr: { writeString(s: string): void | Promise<void> } }, m: string) =>
    writeThen(ctx.stderr, `tool: ${m}\nTry 'tool --help' for more information.\n`, 2);

  it('the usage status, and --help/--version where the table has them', async () => {
    expect(await runBuiltin(tool, ['-x'])).toMatchObject({ stderr: "tool: invalid option -- 'x'\nTry 'tool --help' for more information.\n", code: 2 });
    expect(await runBuiltin(tool, ['--v'])).toMatchObject({ stdout: 'tool (rshell) 0.1.0\n', code: 0 });
    expect(await runBuiltin(tool, ['--s', '1'])).toMatchObject({ stdout: '{"skip":1,"operands":[]}\n' });
    expect(await runBuiltin(tool, ['--h'])).toMatchObject({ stdout: 'Usage: tool\n', code: 0 });
    // a rejected value takes the usage status
    expect(await runBuiltin(tool, ['-s', 'q'])).toMatchObject({ stderr: 'tool: q: invalid number of bytes to skip\n', code: 2 });
  });
  it('checkBefore: the occurrences before a bad option, a bad value, --help or --version', async () => {
    seen.length = 0;
    const once = "tool: only one list may be specified\nTry 'tool --help' for more information.\n";
    expect(await runBuiltin(tool, ['-b1', '-f1', '--bogus'])).toMatchObject({ stderr: once, code: 2 });
    expect(await runBuiltin(tool, ['-b1', '-f1', '--help'])).toMatchObject({ stdout: '', stderr: once, code: 2 });
    expect(await runBuiltin(tool, ['-b1', '-f1', '-s', 'q'])).toMatchObject({ stderr: once, code: 2 });
    expect(await runBuiltin(tool, ['-b1', '--help', '-f1'])).toMatchObject({ stdout: 'Usage: tool\n', code: 0 });
    // a full scan leaves the checks to run()
    expect(await runBuiltin(tool, ['-b1', '-f1'])).toMatchObject({ code: 0 });
    expect(seen).toEqual([['bytes', 'fields'], ['bytes', 'fields'], ['bytes', 'fields'], ['bytes']]);
  });
  it('claim: obsolete operands recorded as options, operands that look like options, fatal errors', async () => {
    expect(await runBuiltin(tool, ['+3', 'f'])).toMatchObject({ stdout: '{"skip":3,"operands":["f"]}\n' });
    expect(await runBuiltin(tool, ['-1', 'f'])).toMatchObject({ stdout: '{"skip":null,"operands":["-1","f"]}\n' });
    expect(await runBuiltin(tool, ['+x'])).toMatchObject({ stderr: 'tool: bad plus\n', code: 2 });
    expect(await runBuiltin(tool, ['--', '+3'])).toMatchObject({ stdout: '{"skip":null,"operands":["+3"]}\n' });
  });

  it('a value rejected with fatal: false is reported where met, and the scan goes on (du -d)', async () => {
    const depthy = defineCommand({
      name: 'dd',
      summary: 'du-like',
      help: 'Usage: dd\n',
      flags: {
        depth: flag.value('-d --max-depth', (text) => (/^[0-9]+$/.test(text) ? Number(text) : reject(`invalid maximum depth ${quote(text)}`, { usage: true, fatal: false }))),
        size: flag.value('-B', (text) => (text === 'x' ? reject(`invalid -B argument ${quote(text)}`) : text)),
      },
      run: (ctx, { flags, order }) => writeThen(ctx.stdout, `${flags.depth} ${order.length}\n`, 0),
    });
    const tryLine = "Try 'dd --help' for more information.\n";
    // every bad one, then the Try line alone; run is not called
    expect(await runBuiltin(depthy, ['-d', '1', '-d', 'x', '--max-depth=z'])).toMatchObject({
      stdout: '', stderr: `dd: invalid maximum depth 'x'\ndd: invalid maximum depth 'z'\n${tryLine}`, code: 1,
    });
    // then what ends the scan: a fatal value, a bad option, --help
    expect(await runBuiltin(depthy, ['-d', 'x', '-B', 'x', '-d', 'y'])).toMatchObject({
      stderr: "dd: invalid maximum depth 'x'\ndd: invalid -B argument 'x'\n", code: 1,
    });
    expect(await runBuiltin(depthy, ['-d', 'x', '--bogus'])).toMatchObject({
      stderr: `dd: invalid maximum depth 'x'\ndd: unrecognized option '--bogus'\n${tryLine}`, code: 1,
    });
    expect(await runBuiltin(depthy, ['-d', 'x', '--help'])).toMatchObject({ stdout: 'Usage: dd\n', stderr: "dd: invalid maximum depth 'x'\n", code: 0 });
    expect(await runBuiltin(depthy, ['-d', '2', '-d', '3'])).toMatchObject({ stdout: '3 2\n', code: 0 });
  });

  it('stopAtFirstOperand; helpVersion: false; a help option of its own status; procps-style usage errors; rm-style hints; preflight', async () => {
    const procps = defineCommand({
      name: 'pp',
      summary: 'procps-like',
      help: 'Usage:\n pp [options]\n',
      stopAtFirstOperand: true,
      flags: { all: flag.boolean('-a --all'), help: flag.help('-h --help', { status: 255 }), version: flag.version('-V --version') },
      usageError(ctx, message, status) {
        return writeThen(ctx.stderr, `pp: ${message}\nUsage:\n pp [options]\n`, status);
      },
      preflight(ctx, args) {
        return args.includes('@file') ? writeThen(ctx.stderr, 'pp: @file refused\n', 1) : undefined;
      },
      run: (ctx, { flags, operands }) => writeThen(ctx.stdout, `${flags.all} ${operands.join(',')}\n`, 0),
    });
    expect(await runBuiltin(procps, ['x', '-a'])).toMatchObject({ stdout: 'false x,-a\n', code: 0 });
    expect(await runBuiltin(procps, ['-h'])).toMatchObject({ stdout: 'Usage:\n pp [options]\n', code: 255 });
    expect(await runBuiltin(procps, ['-V'])).toMatchObject({ stdout: 'pp (rshell) 0.1.0\n', code: 0 });
    expect(await runBuiltin(procps, ['-q'])).toMatchObject({ stderr: "pp: invalid option -- 'q'\nUsage:\n pp [options]\n", code: 1 });
    expect(await runBuiltin(procps, ['--help', '@file'])).toMatchObject({ stdout: '', stderr: 'pp: @file refused\n', code: 1 });

    const bare = defineCommand({
      name: 'bare',
      summary: 'no --help of its own',
      help: '',
      helpVersion: false,
      flags: { help: flag.boolean('-h') },
      badOption(ctx, message, args) {
        return writeThen(ctx.stderr, `bare: ${message} (in ${args.length} arguments)\n`, 1);
      },
      run: (ctx, { flags }) => writeThen(ctx.stdout, `help=${flags.help}\n`, 0),
    });
    expect(await runBuiltin(bare, ['-h'])).toMatchObject({ stdout: 'help=true\n', code: 0 });
    expect(await runBuiltin(bare, ['--help', 'x'])).toMatchObject({ stderr: "bare: unrecognized option '--help' (in 2 arguments)\n", code: 1 });
  });
});

describe('defineRawCommand: a grammar of its own, --help and --version from the framework', () => {
  /** find-like: leading -L words, then an expression where -help and -version count anywhere */
  const raw = defineRawCommand({
    name: 'walk',
    summary: 'a find-like command',
    help: 'Usage: walk [-L] [path...] [expression]\n',
    run(ctx, line) {
      let i = 0;
      while (line.args[i] === '-L') i++;
      for (const a of line.args.slice(i)) {
        if (a === '-help' || a === '--help') return line.help();
        if (a === '-version' || a === '--version') return line.version();
        if (a === '-usage') return line.help(2);
        if (a.startsWith('-')) return writeThen(ctx.stderr, `walk: unknown predicate \`${a}'\n`, 1);
      }
      return writeThen(ctx.stdout, `${JSON.stringify(line.args)}\n`, 0);
    },
  });

  it('the arguments reach run untouched: no getopt rules, no POSIXLY_CORRECT', async () => {
    expect(await runBuiltin(raw, ['-L', '-L', 'a', 'b'], { env: { POSIXLY_CORRECT: '1' } })).toMatchObject({ stdout: '["-L","-L","a","b"]\n', code: 0 });
    expect(await runBuiltin(raw, ['-LH'])).toMatchObject({ stderr: "walk: unknown predicate `-LH'\n", code: 1 });
    // no abbreviations: --hel is the command's to judge
    expect(await runBuiltin(raw, ['--hel'])).toMatchObject({ stdout: '', stderr: "walk: unknown predicate `--hel'\n", code: 1 });
  });

  it('help() and version() answer as defineCommand does, where the grammar meets them', async () => {
    expect(await runBuiltin(raw, ['.', '-help', '-bogus'])).toMatchObject({ stdout: 'Usage: walk [-L] [path...] [expression]\n', stderr: '', code: 0 });
    expect(await runBuiltin(raw, ['-L', '--version'])).toMatchObject({ stdout: 'walk (rshell) 0.1.0\n', code: 0 });
    expect(await runBuiltin(raw, ['-bogus', '-help'])).toMatchObject({ stdout: '', code: 1 });
    expect(await runBuiltin(raw, ['-usage'])).toMatchObject({ stdout: 'Usage: walk [-L] [path...] [expression]\n', code: 2 });
    expect(raw).toMatchObject({ name: 'walk', summary: 'a find-like command', usage: 'Usage: walk [-L] [path...] [expression]\n' });
  });
});

describe('help and version elsewhere than in the getopt loop', () => {
  /** grep-like: --help and -V noted in the loop, answered after it (version first) */
  const late = defineCommand({
    name: 'late',
    summary: 'help after the loop',
    help: 'Usage: late\n',
    usageStatus: 2,
    flags: {
      count: flag.value('-m', (text) => (/^[0-9]+$/.test(text) ? Number(text) : reject('invalid max count'))),
      extended: flag.boolean('-E'),
      fixed: flag.boolean('-F'),
      help: flag.help('--help', { deferred: true }),
      version: flag.version('-V --version', { deferred: true }),
    },
    checkBefore(ctx, before) {
      const e = before.some((o) => o.name === 'extended');
      const f = before.some((o) => o.name === 'fixed');
      return e && f ? writeThen(ctx.stderr, 'late: conflicting matchers specified\n', 2) : undefined;
    },
    run: (ctx, { flags, operands }) => writeThen(ctx.stdout, `${flags.help} ${flags.version} ${operands.join(',')}\n`, 0),
  });
  const TRY_LATE = "Try 'late --help' for more information.\n";

  it('deferred: a bad option or value anywhere wins; then --version, then --help', async () => {
    expect(await runBuiltin(late, ['--help', '--bogus'])).toMatchObject({ stdout: '', stderr: `late: unrecognized option '--bogus'\n${TRY_LATE}`, code: 2 });
    expect(await runBuiltin(late, ['--help', '-m', 'x'])).toMatchObject({ stdout: '', stderr: 'late: invalid max count\n', code: 2 });
    expect(await runBuiltin(late, ['--help', '-V'])).toMatchObject({ stdout: 'late (rshell) 0.1.0\n', code: 0 });
    expect(await runBuiltin(late, ['--help', 'a', '-E'])).toMatchObject({ stdout: 'Usage: late\n', code: 0 });
    // the short form does not end its cluster
    expect(await runBuiltin(late, ['-VE', 'a'])).toMatchObject({ stdout: 'late (rshell) 0.1.0\n', code: 0 });
    expect(await runBuiltin(late, ['-VQ'])).toMatchObject({ stderr: `late: invalid option -- 'Q'\n${TRY_LATE}`, code: 2 });
  });
  it('deferred: checkBefore sees the whole line first', async () => {
    expect(await runBuiltin(late, ['--help', '-E', '-F'])).toMatchObject({ stdout: '', stderr: 'late: conflicting matchers specified\n', code: 2 });
    expect(await runBuiltin(late, ['-E', 'a'])).toMatchObject({ stdout: 'false false a\n', code: 0 });
  });

  /** expr-like: gnulib's parse_long_options */
  const alone = defineCommand({
    name: 'alone',
    summary: 'no options, --help and --version alone',
    help: 'Usage: alone EXPRESSION\n',
    helpVersion: 'alone',
    flags: {},
    run: (ctx, { operands, order }) => writeThen(ctx.stdout, `${JSON.stringify(operands)} ${order.length}\n`, 0),
  });

  it("helpVersion 'alone': --help/--version (or a prefix) as the one argument, else every argument an operand", async () => {
    expect(await runBuiltin(alone, ['--help'])).toMatchObject({ stdout: 'Usage: alone EXPRESSION\n', code: 0 });
    expect(await runBuiltin(alone, ['--h'])).toMatchObject({ stdout: 'Usage: alone EXPRESSION\n', code: 0 });
    expect(await runBuiltin(alone, ['--vers'])).toMatchObject({ stdout: 'alone (rshell) 0.1.0\n', code: 0 });
    for (const args of [['--help', '1'], ['--', '--help'], ['--help=x'], ['-h'], ['--'], ['---'], ['-1', '+', '1'], ['--bogus'], ['-'], []]) {
      expect(await runBuiltin(alone, args)).toMatchObject({ stdout: `${JSON.stringify(args)} 0\n`, stderr: '', code: 0 });
    }
    expect(await runBuiltin(alone, ['--help'], { env: { POSIXLY_CORRECT: '1' } })).toMatchObject({ stdout: 'Usage: alone EXPRESSION\n', code: 0 });
  });
});

describe('through real commands', () => {
  it('a bad option: message, hint, status 1', async () => {
    const r = await runBuiltin(cut, ['--bogus']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: "cut: unrecognized option '--bogus'\nTry 'cut --help' for more information.\n" });
  });
  it('sort answers a bad option with status 2', async () => {
    const r = await runBuiltin(sort, ['-y']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: "sort: option requires an argument -- 'y'\nTry 'sort --help' for more information.\n" });
  });
  it('--version and --help on stdout, status 0', async () => {
    expect(await runBuiltin(mkdir, ['--version'])).toMatchObject({ code: 0, stdout: 'mkdir (rshell) 0.1.0\n', stderr: '' });
    // getopt answers --help as it meets it, before a bad option later on the line
    const r = await runBuiltin(cut, ['--help', '--bogus']);
    expect(r.code).toBe(0);
    const h = await runBuiltin(cut, ['-b1', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: cut OPTION... [FILE]...\n')).toBe(true);
  });
  it('POSIXLY_CORRECT: options after an operand are operands', async () => {
    const r = await runBuiltin(cut, ['-b1', 'f', '--help'], { files: { f: 'xy\n' }, env: { POSIXLY_CORRECT: '1' } });
    expect(r).toMatchObject({ code: 1, stdout: 'x\n', stderr: "cut: --help: No such file or directory\n" });
  });
});
