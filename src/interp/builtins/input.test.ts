import { describe, expect, it } from 'vitest';
import type { ShellBuiltin } from '../state/shell-api.js';
import { getopts } from './getopts.js';
import { mapfile } from './mapfile.js';
import { read } from './read.js';
import { fakeContext, type Fake, type FakeOptions } from './testing-fake-context.js';

/** run several builtin calls on one context (they share stdin) */
async function seq(o: FakeOptions, calls: [ShellBuiltin, string[]][]) {
  const f = fakeContext(o);
  const statuses: number[] = [];
  for (const [b, args] of calls) statuses.push(await b.run(f.ctx, args));
  return { f, statuses, err: f.stderr.text() };
}

const v = (f: Fake, n: string) => f.vars.get(n);

// expectations observed with bash 5.2: printf INPUT | { read ARGS; echo ... }
describe('read', () => {
  const cases: [string, string[], Record<string, string>, Record<string, string>?, number?][] = [
    ['a b c\n', ['x', 'y'], { x: 'a', y: 'b c' }],
    ['  a  b  \n', ['x'], { x: 'a  b' }],
    ['  a  b  \n', [], { REPLY: '  a  b  ' }],
    ['  a  b  c  \n', ['x', 'y'], { x: 'a', y: 'b  c' }],
    ['a\\ b\\\nc d\n', ['x', 'y'], { x: 'a bc', y: 'd' }],
    ['a\\ b\\\nc d\n', ['-r', 'x', 'y'], { x: 'a\\', y: 'b\\' }],
    ['abc', ['x'], { x: 'abc' }, {}, 1],
    ['', ['x'], { x: '' }, {}, 1],
    ['a:b::c\n', ['x', 'y', 'z', 'w'], { x: 'a', y: 'b', z: '', w: 'c' }, { IFS: ':' }],
    ['a:b:c:d\n', ['x', 'y'], { x: 'a', y: 'b:c:d' }, { IFS: ':' }],
    ['a : b : \n', ['x', 'y', 'z'], { x: 'a', y: 'b', z: '' }, { IFS: ' :' }],
    ['a,b,,\n', ['x', 'y'], { x: 'a', y: 'b,,' }, { IFS: ',' }],
    ['a,b,,\n', ['x', 'y', 'z'], { x: 'a', y: 'b', z: '' }, { IFS: ',' }],
    ['ab\ncd\n', ['-n', '3', 'x'], { x: 'ab' }],
    ['ab\ncdef\n', ['-N', '4', 'x'], { x: 'ab\nc' }],
    ['a\\\n', ['x'], { x: 'a' }, {}, 1],
    ['a \\  b\n', ['x', 'y'], { x: 'a', y: '  b' }],
    ['\\a\\\\b\n', ['x'], { x: 'a\\b' }],
    ['a\tb\n', ['x'], { x: 'a\tb' }, { IFS: '' }],
    ['  lead\n', ['-r', 'x'], { x: '  lead' }, { IFS: '' }],
    ['ab', ['-n', '0', 'x'], { x: '' }],
    ['x\0y\n', ['a'], { a: 'xy' }],
    ['x y\n', ['-p', 'prompt> ', 'a'], { a: 'x y' }],
    ['é b\n', ['x'], { x: 'é b' }],
    ['\t:x\\   \n', ['A'], { A: '\t:x' }, { IFS: ' ,:' }],
  ];
  for (const [input, args, want, vars, status] of cases) {
    it(`${JSON.stringify(input)} read ${args.join(' ')}`, async () => {
      for (const chunkSize of [1, 3, 1 << 16]) {
        const { f, statuses } = await seq({ stdin: input, chunkSize, vars }, [[read, args]]);
        expect(statuses[0]).toBe(status ?? 0);
        for (const [k, val] of Object.entries(want)) expect(v(f, k)).toBe(val);
      }
    });
  }
  it('does not consume past its line', async () => {
    for (const chunkSize of [1, 4, 1 << 16]) {
      const { f } = await seq({ stdin: 'l1\nl2\nl3\n', chunkSize }, [[read, ['a']], [read, ['b']]]);
      expect([v(f, 'a'), v(f, 'b')]).toEqual(['l1', 'l2']);
      const g = await seq({ stdin: 'abcdef\n', chunkSize }, [[read, ['-n', '3', 'x']], [read, ['y']]]);
      expect([v(g.f, 'x'), v(g.f, 'y')]).toEqual(['abc', 'def']);
      const h = await seq({ stdin: 'a;b;c', chunkSize }, [[read, ['-d', ';', 'x']], [read, ['-d', '', 'y']]]);
      expect([v(h.f, 'x'), v(h.f, 'y'), ...h.statuses.map(String)]).toEqual(['a', 'b;c', '0', '1']);
    }
  });
  it('-u reads another descriptor', async () => {
    const { f, statuses } = await seq({ fds: { 4: 'fd-line\nrest\n' } }, [[read, ['-u', '4', 'x']], [mapfile, ['-t', '-u', '4', 'm']]]);
    expect(statuses).toEqual([0, 0]);
    expect(v(f, 'x')).toBe('fd-line');
    expect(f.arrays.get('m')).toEqual(['rest']);
  });
  it('reads into an array element', async () => {
    const { f } = await seq({ stdin: 'v\n' }, [[read, ['a[2]']]]);
    expect(f.arrays.get('a')?.[2]).toBe('v');
  });
  it('-a', async () => {
    const { f } = await seq({ stdin: 'a b c\n' }, [[read, ['-a', 'arr']]]);
    expect(f.arrays.get('arr')).toEqual(['a', 'b', 'c']);
    const g = await seq({ stdin: 'a,,b,\n', vars: { IFS: ',' } }, [[read, ['-a', 'arr']]]);
    expect(g.f.arrays.get('arr')).toEqual(['a', '', 'b']);
  });
  it('errors', async () => {
    expect((await seq({}, [[read, ['1x']]])).err).toBe("read: `1x': not a valid identifier\n");
    expect((await seq({}, [[read, ['-q', 'x']]]))).toMatchObject({
      statuses: [2],
      err: 'read: -q: invalid option\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n',
    });
    expect(await seq({ stdin: 'abc\n' }, [[read, ['-n', 'x', 'y']]])).toMatchObject({ statuses: [1], err: 'read: x: invalid number\n' });
    expect(await seq({ stdin: 'a\n' }, [[read, ['-u', '3', 'x']]])).toMatchObject({ statuses: [1], err: 'read: 3: invalid file descriptor: Bad file descriptor\n' });
    expect(await seq({ stdin: 'a\n', readonly: ['r'] }, [[read, ['r']]])).toMatchObject({ statuses: [1], err: 'r: readonly variable\n' });
    expect((await seq({}, [[read, ['-t', '0', 'x']]])).statuses).toEqual([0]);
  });
});

describe('mapfile', () => {
  it('reads lines', async () => {
    const { f } = await seq({ stdin: 'a\nb\n\nc' }, [[mapfile, []]]);
    expect(f.arrays.get('MAPFILE')).toEqual(['a\n', 'b\n', '\n', 'c']);
    const g = await seq({ stdin: 'a\nb\nc\nd\n' }, [[mapfile, ['-t', '-s', '1', '-n', '2', 'arr']]]);
    expect(g.f.arrays.get('arr')).toEqual(['b', 'c']);
    const h = await seq({ stdin: 'x,y,', arrays: { arr: ['0', '1', '2'] } }, [[mapfile, ['-d', ',', '-t', '-O', '1', 'arr']]]);
    expect(h.f.arrays.get('arr')).toEqual(['0', 'x', 'y']);
  });
  it('leaves the rest of the input', async () => {
    const { f } = await seq({ stdin: 'a\nb\nc\n', chunkSize: 64 }, [[mapfile, ['-t', '-n', '1', 'm']], [read, ['r']]]);
    expect(f.arrays.get('m')).toEqual(['a']);
    expect(v(f, 'r')).toBe('b');
  });
  it('refuses -C', async () => {
    expect(await seq({}, [[mapfile, ['-C', 'cb']]])).toMatchObject({ statuses: [2], err: 'mapfile: -C: callbacks are not supported\n' });
  });
});

// expectations from bash 5.2 (/tmp/go.sh in the report): o=…, OPTARG, OPTIND after each call
async function opts(optstring: string, args: string[], vars: Record<string, string> = {}) {
  const f = fakeContext({ vars: { OPTIND: '1', 0: 'script', ...vars } });
  const lines: string[] = [];
  for (let k = 0; k < 10; k++) {
    const s = await getopts.run(f.ctx, [optstring, 'o', ...args]);
    const optarg = f.vars.has('OPTARG') ? f.vars.get('OPTARG') : 'unset';
    if (s !== 0) {
      lines.push(`end o=${f.vars.get('o')} OPTIND=${f.vars.get('OPTIND')}`);
      break;
    }
    lines.push(`o=${f.vars.get('o')} OPTARG=${optarg} OPTIND=${f.vars.get('OPTIND')}`);
  }
  return [...lines, ...f.stderr.text().split('\n').filter(Boolean)];
}

describe('getopts', () => {
  it('clusters, arguments, --', async () => {
    expect(await opts('ab:c', ['-a', '-b', 'val', '-cx', '--', 'rest'])).toEqual([
      'o=a OPTARG=unset OPTIND=2', 'o=b OPTARG=val OPTIND=4', 'o=c OPTARG=unset OPTIND=4', 'o=? OPTARG=unset OPTIND=5', 'end o=? OPTIND=6',
      'script: illegal option -- x',
    ]);
    expect(await opts('ab:', ['-ab'])).toEqual(['o=a OPTARG=unset OPTIND=1', 'o=? OPTARG=unset OPTIND=2', 'end o=? OPTIND=2', 'script: option requires an argument -- b']);
    expect(await opts('ab:', ['-abfoo', 'x'])).toEqual(['o=a OPTARG=unset OPTIND=1', 'o=b OPTARG=foo OPTIND=2', 'end o=? OPTIND=2']);
    expect(await opts(':ab:', ['-x', '-b'])).toEqual(['o=? OPTARG=x OPTIND=2', 'o=: OPTARG=b OPTIND=3', 'end o=? OPTIND=3']);
    expect(await opts('a', ['rest', '-a'])).toEqual(['end o=? OPTIND=1']);
    expect(await opts('a', ['-', '-a'])).toEqual(['end o=? OPTIND=1']);
    expect(await opts('a', ['-a', '-'])).toEqual(['o=a OPTARG=unset OPTIND=2', 'end o=? OPTIND=2']);
    expect(await opts('a:', ['-a', ''])).toEqual(['o=a OPTARG= OPTIND=3', 'end o=? OPTIND=3']);
    expect(await opts('a', ['-x'], { OPTERR: '0' })).toEqual(['o=? OPTARG=unset OPTIND=2', 'end o=? OPTIND=2']);
  });
  it('usage', async () => {
    expect(await seq({}, [[getopts, ['a']]])).toMatchObject({ statuses: [2], err: 'getopts: usage: getopts optstring name [arg ...]\n' });
    expect(await seq({}, [[getopts, ['a', '1x']]])).toMatchObject({ statuses: [1], err: "getopts: `1x': not a valid identifier\n" });
  });
  it('uses the positional parameters', async () => {
    const f = fakeContext({ positional: ['-q'] });
    expect(await getopts.run(f.ctx, ['q', 'o'])).toBe(0);
    expect(f.vars.get('o')).toBe('q');
  });
});
