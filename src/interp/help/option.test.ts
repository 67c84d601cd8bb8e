import { describe, expect, it } from 'vitest';
import { parse } from '../../syntax/index.js';
import type { LetClause } from '../../syntax/ast.js';
import type { ByteWriter } from '../../../lib/io/streams.js';
import { defineOptions, Ended, isLetHelp, parseOptions, scanOptions, type OptionIO } from './option.js';

class Sink implements ByteWriter {
  text = '';
  readonly closed = false;
  write(chunk: Uint8Array): void {
    this.text += Buffer.from(chunk).toString('latin1');
  }
  writeString(s: string): void {
    this.text += s;
  }
  flush(): void {}
}

function io(): OptionIO & { out: Sink; err: Sink } {
  const out = new Sink();
  const err = new Sink();
  return { stdout: out, stderr: err, out, err };
}

const READ = defineOptions({ name: 'read', letters: 'ra:d:', synopsis: 'read [-r] [-a array] [-d delim] [name ...]' });
const SET = defineOptions({ name: 'set', letters: 'eo;', plus: true, synopsis: 'set [-e] [-o option-name]', invalidStatus: (c) => (c === '?' ? 0 : 2) });
const EVAL = defineOptions({ name: 'eval', synopsis: 'eval [arg ...]' });
const EXIT = defineOptions({ name: 'exit', style: 'help' });
const ECHO = defineOptions({ name: 'echo', style: 'echo', letters: 'neE' });

/** every option the scan reports, as `sign letter=value` */
function scan(t: Parameters<typeof scanOptions>[1], args: string[]) {
  const o = io();
  const seen: string[] = [];
  const r = scanOptions(o, t, args, (c, v, sign) => {
    seen.push(`${sign}${c}${v === undefined ? '' : `=${v}`}`);
    return undefined;
  });
  return { at: r instanceof Ended ? 'ended' : r, status: r instanceof Ended ? r.status : undefined, seen, err: o.err.text };
}

describe('scanOptions (bash internal_getopt)', () => {
  it('stops at the first operand, a lone - or after --', () => {
    expect(scan(READ, ['-r', 'x', '-d', ':'])).toMatchObject({ at: 1, seen: ['-r'] });
    expect(scan(READ, ['-', '-r'])).toMatchObject({ at: 0, seen: [] });
    expect(scan(READ, ['-r', '--', '-d'])).toMatchObject({ at: 2, seen: ['-r'] });
    expect(scan(READ, [])).toMatchObject({ at: 0 });
    expect(scan(READ, [''])).toMatchObject({ at: 0 });
  });
  it('clusters letters; an argument is the rest of the word or the next word, whatever it is', () => {
    expect(scan(READ, ['-rd:', 'x']).seen).toEqual(['-r', '-d=:']);
    expect(scan(READ, ['-rd', '-x', 'y'])).toMatchObject({ at: 2, seen: ['-r', '-d=-x'] });
    expect(scan(READ, ['-a', '--help'])).toMatchObject({ at: 2, seen: ['-a=--help'] });
  });
  it('reports an invalid option or a missing argument with the usage line, status 2', () => {
    expect(scan(READ, ['-rx', '-d'])).toMatchObject({
      at: 'ended', status: 2, seen: ['-r'],
      err: 'read: -x: invalid option\nread: usage: read [-r] [-a array] [-d delim] [name ...]\n',
    });
    expect(scan(READ, ['-d'])).toMatchObject({ status: 2, err: 'read: -d: option requires an argument\nread: usage: read [-r] [-a array] [-d delim] [name ...]\n' });
    // `--x` is the letter `-`; a multibyte letter is named by its first byte, as bash's C code does
    expect(scan(READ, ['--x']).err).toMatch(/^read: --: invalid option\n/);
    expect(scan(READ, ['-é']).err).toMatch(/^read: -\udcc3: invalid option\n/);
  });
  it('meets --help only where an option word may start', () => {
    expect(scan(READ, ['-r', '--help'])).toMatchObject({ at: 'ended', seen: ['-r'] });
    expect(scan(READ, ['-x', '--help'])).toMatchObject({ status: 2 });
    expect(scan(READ, ['--', '--help'])).toMatchObject({ at: 1 });
    expect(scan(READ, ['x', '--help'])).toMatchObject({ at: 0 });
  });
  it('takes +x words where the builtin has them, and an optional argument only when no option follows', () => {
    expect(scan(SET, ['+e', '-o', 'pipefail', 'x']).seen).toEqual(['+e', '-o=pipefail']);
    expect(scan(SET, ['-o', '-e']).seen).toEqual(['-o', '-e']);
    expect(scan(SET, ['-o']).seen).toEqual(['-o']);
    expect(scan(READ, ['+r'])).toMatchObject({ at: 0 });
  });
  it('lets the table choose the status of an invalid option (set -? is 0)', () => {
    expect(scan(SET, ['-?'])).toMatchObject({ status: 0 });
    expect(scan(SET, ['-Z'])).toMatchObject({ status: 2 });
  });
  it('a status from the callback ends the scan there', () => {
    const r = scanOptions(io(), READ, ['-d', 'x', '-Z'], () => 1);
    expect(r).toBeInstanceOf(Ended);
    expect((r as Ended).status).toBe(1);
  });
  it('no_options: any option word is invalid, -- is skipped', () => {
    expect(scan(EVAL, ['-x'])).toMatchObject({ status: 2, err: 'eval: -x: invalid option\neval: usage: eval [arg ...]\n' });
    expect(scan(EVAL, ['--', '-x'])).toMatchObject({ at: 1 });
    expect(scan(EVAL, ['echo', '-x'])).toMatchObject({ at: 0 });
  });
  it('CHECK_HELPOPT: a first --help only', () => {
    expect(scan(EXIT, ['--help'])).toMatchObject({ at: 'ended' });
    expect(scan(EXIT, ['-x', '--help'])).toMatchObject({ at: 0 });
    expect(scan(EXIT, ['--', '--help'])).toMatchObject({ at: 0 });
  });
  it("echo's: whole words of valid letters only", () => {
    expect(scan(ECHO, ['-ne', '-E', 'x']).seen).toEqual(['-n', '-e', '-E']);
    expect(scan(ECHO, ['-nx', '-n'])).toMatchObject({ at: 0, seen: [] });
    expect(scan(ECHO, ['--', '-n'])).toMatchObject({ at: 0 });
    expect(scan(ECHO, ['--help'])).toMatchObject({ at: 0 });
  });
});

describe('parseOptions', () => {
  it('collects what was given, the last value winning, and the operands', () => {
    const p = parseOptions(io(), READ, ['-a', 'x', '-ra', 'y', 'n1', 'n2']);
    expect(p).not.toBeInstanceOf(Ended);
    const q = p as Exclude<typeof p, Ended>;
    expect([...q.opts]).toEqual([['a', 'y'], ['r', '']]);
    expect(q.order).toEqual(['a', 'r', 'a']);
    expect(q.operands).toEqual(['n1', 'n2']);
  });
  it('hands back the words themselves when there is no option word', () => {
    const args = ['x', '-r'];
    const p = parseOptions(io(), READ, args) as Exclude<ReturnType<typeof parseOptions>, Ended>;
    expect(p.operands).toBe(args);
    expect(p.opts.size).toBe(0);
  });
});

describe('isLetHelp', () => {
  const letOf = (src: string): LetClause => parse(src).Stmts[0]!.Cmd as LetClause;
  it('recognises `let --help` written as one word', () => {
    expect(isLetHelp(letOf('let --help'))).toBe(true);
    expect(isLetHelp(letOf('let --help x'))).toBe(true);
  });
  it('leaves arithmetic alone', () => {
    expect(isLetHelp(letOf('let --x'))).toBe(false);
    expect(isLetHelp(letOf('let help--'))).toBe(false);
    expect(isLetHelp(letOf('let x --help'))).toBe(false);
    // bash's end of options: ../exec/compile.ts skips it
    expect(isLetHelp(letOf('let -- help'))).toBe(false);
  });
});
