// The jq command line: every flag, compared with jq 1.7.1 (jq-wasm) on stdout; exit statuses and
// stderr as jq 1.7.1's src/main.c writes them (jq-wasm does not report the status).

import { describe, expect, it } from 'vitest';
import { jq } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { JQ_HELP } from './usage.js';

async function oracle(input: string, args: string[]): Promise<string> {
  const m = await import('jq-wasm');
  const filterAt = args.findIndex((a, i) => !a.startsWith('-') && !['--arg', '--argjson', '--indent'].includes(args[i - 1] ?? '') && !['--arg', '--argjson'].includes(args[i - 2] ?? ''));
  const filter = args[filterAt] as string;
  const flags = args.filter((_, i) => i !== filterAt);
  try {
    return await m.raw(input, filter, flags);
  } catch (e) {
    return `ERR ${(e as Error).message}`;
  }
}

const FLAG_CASES: [string, string[]][] = [
  ['{"b":[1,"x"],"a":null}', ['.']],
  ['{"b":[1,"x"],"a":null}', ['-c', '.']],
  ['{"b":[1,"x"],"a":null}', ['--compact-output', '.']],
  ['{"b":[1,"x"],"a":null}', ['-S', '.']],
  ['{"b":[1,"x"],"a":null}', ['--sort-keys', '-c', '.']],
  ['{"b":[1,"x"],"a":{"c":[]}}', ['--tab', '.']],
  ['{"b":[1,"x"],"a":{"c":[]}}', ['--indent', '4', '.']],
  ['{"b":[1,"x"],"a":{"c":[]}}', ['--indent', '0', '.']],
  ['{"b":[1,"x"],"a":{"c":[]}}', ['--indent', '7', '.b']],
  ['["a","b\\n",1]', ['-r', '.[]']],
  ['["a","b\\n",1]', ['--raw-output', '.[]']],
  ['["a","b",1]', ['-j', '.[]']],
  ['["a","b",1]', ['--join-output', '.[]']],
  ['["é","☃"]', ['-a', '.']],
  ['["é","☃"]', ['--ascii-output', '-r', '.[]']],
  ['1 2 3', ['-s', '-c', '.']],
  ['1 2 3', ['--slurp', 'add']],
  ['1 2 3', ['-n', '.']],
  ['1 2 3', ['--null-input', '[inputs]', '-c']],
  ['1 2 3', ['-n', 'input']],
  ['a\nb\n', ['-R', '.']],
  ['a\nb', ['--raw-input', '-c', '[., input_line_number]']],
  ['a\nb\n', ['-R', '-s', '.']],
  ['a\nb\n', ['-R', '-n', '[inputs]', '-c']],
  ['null', ['-n', '--arg', 'x', '1', '--arg', 'x', '2', '$x']],
  ['null', ['-n', '-c', '--argjson', 'v', '{"a":[1]}', '$v, $ARGS']],
  ['[1,{"a":2}]', ['-c', '--stream', '.']],
  ['{"a":[1,{"b":2}]}', ['-c', '--stream', '.']],
  ['3', ['--stream', '-c', '.']],
  ['{"a":1}', ['-e', '.a']],
  ['{"a":1}', ['--exit-status', '.b']],
  ['{"a":1}', ['-M', '.']],
  ['{"a":1}', ['--monochrome-output', '-c', '.']],
  ['{"a":1}', ['-nr', '"x"']],
  ['{"a":1}', ['-cr', '.a, "y"']],
  ['{"a":1}', ['-sc', '.']],
  ['{"a":1}', ['--unbuffered', '-c', '.']],
];

describe('jq: flags against jq 1.7.1', () => {
  it.each(FLAG_CASES)('%s with %j', async (input, args) => {
    const want = await oracle(input, args);
    const got = await runBuiltin(jq, args, { stdin: input });
    expect(got.stdout.replace(/\n$/, '').replace(/^\n+|\n+$/g, '')).toBe(want.replace(/^\n+|\n+$/g, ''));
  });
});

describe('jq: statuses and messages (jq 1.7.1 main.c)', () => {
  const run = (args: string[], stdin = '', files?: Record<string, string>) => runBuiltin(jq, args, { stdin, files });
  it('--help and -h print the usage on stdout', async () => {
    expect(await run(['--help'])).toMatchObject({ stdout: JQ_HELP, code: 0 });
    expect(await run(['-h'])).toMatchObject({ stdout: JQ_HELP, code: 0 });
  });
  it('--version and -V', async () => {
    expect(await run(['--version'])).toMatchObject({ stdout: 'jq-1.7.1\n', code: 0 });
    expect(await run(['-V'])).toMatchObject({ stdout: 'jq-1.7.1\n', code: 0 });
  });
  it('an unknown option is status 2 with the --help hint', async () => {
    const r = await run(['-x', '.']);
    expect(r.stderr).toBe('jq: Unknown option -x\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n');
    expect(r.code).toBe(2);
    expect((await run(['--bogus'])).stderr).toMatch(/^jq: Unknown option --bogus\n/);
    expect((await run(['-nx', '.'])).code).toBe(2);
  });
  it('option parameters', async () => {
    expect((await run(['--arg', 'x'])).stderr).toMatch(/^jq: --arg takes two parameters \(e\.g\. --arg varname value\)\n/);
    expect((await run(['--argjson', 'x'])).stderr).toMatch(/^jq: --argjson takes two parameters/);
    expect((await run(['--argjson', 'x', '{', '.'])).stderr).toMatch(/^jq: invalid JSON text passed to --argjson\n/);
    expect((await run(['--indent'])).stderr).toMatch(/^jq: --indent takes one parameter\n/);
    expect((await run(['--indent', '8', '.'])).stderr).toMatch(/^jq: --indent takes a number between -1 and 7\n/);
    expect((await run(['--slurpfile', 'x'])).stderr).toMatch(/^jq: --slurpfile takes two parameters/);
    expect((await run(['--rawfile', 'x'])).stderr).toMatch(/^jq: --rawfile takes two parameters/);
    expect((await run(['-n', '--jsonargs', '.', '{'])).stderr).toMatch(/^jq: invalid JSON text passed to --jsonargs\n/);
  });
  it('--slurpfile and --rawfile read through the sandbox', async () => {
    const files = { 'v.json': '1 [2]', 'r.txt': 'raw\n' };
    expect((await run(['-n', '-c', '--slurpfile', 'a', 'v.json', '--rawfile', 'b', 'r.txt', '[$a, $b]'], '', files)).stdout).toBe('[[1,[2]],"raw\\n"]\n');
    const bad = await run(['-n', '--rawfile', 'b', 'nope', '.'], '', files);
    expect(bad).toMatchObject({ stderr: 'jq: Bad JSON in --rawfile b nope: Could not open nope: No such file or directory\n', code: 2 });
  });
  it('--args and --jsonargs: the words after them are $ARGS.positional', async () => {
    expect((await run(['-n', '-c', '$ARGS', '--args', 'a', 'b'])).stdout).toBe('{"positional":["a","b"],"named":{}}\n');
    expect((await run(['-n', '-c', '$ARGS', '--jsonargs', '1', '{"a":2}'])).stdout).toBe('{"positional":[1,{"a":2}],"named":{}}\n');
    expect((await run(['-n', '-c', '--args', '[$ARGS.positional[], $x]', 'a', '--arg', 'x', 'y'])).stdout).toBe('["a","y"]\n');
  });
  it('--seq writes RS before each JSON output', async () => {
    expect((await run(['--seq', '-c', '.[]'], '[1,"a"]')).stdout).toBe('\u001e1\n\u001e"a"\n');
    expect((await run(['--seq', '-r', '.[]'], '[1,"a"]')).stdout).toBe('\u001e1\na\n');
  });
  it('-f reads the filter from a file; the first operand is its name', async () => {
    const files = { 'p.jq': '.a # comment\n', 'in.json': '{"a":5}' };
    expect((await run(['-f', 'p.jq', 'in.json'], '', files)).stdout).toBe('5\n');
    expect((await run(['--from-file', 'p.jq'], '{"a":6}', files)).stdout).toBe('6\n');
    expect((await run(['-f', 'nope.jq'], '', files))).toMatchObject({ stderr: 'jq: Could not open nope.jq: No such file or directory\n', code: 2 });
  });
  it('-L is refused', async () => {
    expect(await run(['-L', 'lib', '.'])).toMatchObject({ code: 2, stderr: "jq: error: -L is refused: rshell's jq has no module search path (modules are not supported)\n" });
  });
  it('compile errors are status 3', async () => {
    expect(await run(['-n', '.a |'])).toMatchObject({
      code: 3,
      stderr: 'jq: error: syntax error, unexpected end of file (Unix shell quoting issues?) at <top-level>, line 1:\n.a |   \njq: 1 compile error\n',
    });
    expect(await run(['-n', 'nosuch'])).toMatchObject({ code: 3, stderr: 'jq: error: nosuch/0 is not defined at <top-level>, line 1:\nnosuch\njq: 1 compile error\n' });
  });
  it('runtime errors are status 5 and name the input position', async () => {
    expect(await run(['.a'], '1\n')).toMatchObject({ code: 5, stderr: 'jq: error (at <stdin>:1): Cannot index number with string "a"\n' });
    expect(await run(['-n', 'error({a:1})'])).toMatchObject({ code: 5, stderr: 'jq: error (at <unknown>) (not a string): {"a":1}\n' });
    // the last input decides the status, as in jq's main loop
    expect(await run(['.a'], '1\n{}\n')).toMatchObject({ code: 0, stdout: 'null\n' });
  });
  it('input parse errors are status 5 after the values before them', async () => {
    const r = await run(['-c', '.'], '1 {');
    expect(r).toMatchObject({ code: 5, stdout: '1\n' });
    expect(r.stderr).toMatch(/^jq: parse error: Unfinished JSON term at EOF at line \d+, column \d+\n$/);
  });
  it('-e: 1 for a last output of false or null, 4 for none', async () => {
    expect((await run(['-e', '.'], 'false')).code).toBe(1);
    expect((await run(['-e', '.'], 'null')).code).toBe(1);
    expect((await run(['-e', '.'], '1')).code).toBe(0);
    expect((await run(['-e', 'empty'], '1')).code).toBe(4);
    expect((await run(['-e', '.a'], '1')).code).toBe(5);
  });
  it('halt and halt_error', async () => {
    expect(await run(['-n', '"bye\\n" | halt_error'])).toMatchObject({ code: 5, stderr: 'bye\n', stdout: '' });
    expect(await run(['-n', '{"a":1} | halt_error(3)'])).toMatchObject({ code: 3, stderr: '{"a":1}\n' });
    expect(await run(['-n', '1, halt, 2'])).toMatchObject({ code: 0, stdout: '1\n' });
    expect(await run(['.'], '1 2')).toMatchObject({ stdout: '1\n2\n' });
    expect(await run(['halt'], '1 2')).toMatchObject({ stdout: '' });
  });
  it('a missing file is reported, the rest still read, status 2', async () => {
    const r = await run(['-c', '.', 'nope.json', 'a.json'], '', { 'a.json': '[1]' });
    expect(r).toMatchObject({ code: 2, stdout: '[1]\n', stderr: 'jq: error: Could not open file nope.json: No such file or directory\n' });
  });
  it('--raw-output0 refuses a string with NUL', async () => {
    const r = await run(['--raw-output0', '.[]'], '["a","c\\u0000d","b"]');
    expect(r).toMatchObject({ stdout: 'a\0', code: 5, stderr: 'jq: error (at <stdin>:0): Cannot dump a string containing NUL with --raw-output0 option\n' });
  });
  it('-s and input/inputs hold the input within the command memory budget', async () => {
    const big = '[1,2,3]\n'.repeat(100);
    const msg = "jq: error: input exceeds rshell's per-command memory budget of 200 bytes (maxMemoryBytes)\n";
    expect(await runBuiltin(jq, ['-s', 'length'], { stdin: big, limits: { maxSortBytes: 200 } })).toMatchObject({ code: 2, stderr: msg });
    expect(await runBuiltin(jq, ['-n', '[inputs] | length'], { stdin: big, limits: { maxSortBytes: 200 } })).toMatchObject({ code: 2, stderr: msg });
    expect((await runBuiltin(jq, ['-s', 'length'], { stdin: big })).stdout).toBe('100\n');
  });
  it('debug and stderr write to stderr', async () => {
    expect(await run(['-n', '-c', '1 | debug | stderr'])).toMatchObject({ stdout: '1\n', stderr: '["DEBUG:",1]\n1' });
  });
  it('$ENV and env read the exported environment', async () => {
    const r = await runBuiltin(jq, ['-n', '-r', '$ENV.HOME, env.HOME'], { env: { HOME: '/h' } });
    expect(r.stdout).toBe('/h\n/h\n');
  });
});
