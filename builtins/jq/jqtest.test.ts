// jq 1.7.1's own test file (testdata/jq.test, copied from the jq repository at tag jq-1.7.1;
// jq is copyright (C) 2012 Stephen Dolan, MIT licence, see testdata/COPYING) run through our
// language: program, input, expected outputs, compared as jq's harness does (value equality).
// `%%FAIL` cases must fail to compile with jq's message. Cases we do not pass yet are listed in
// KNOWN with the reason; a listed case that starts passing fails the run, so the list shrinks.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileJq } from './program.js';
import { parseJson, dumpJson } from './json/index.js';
import { equals } from './ops.js';
import { JqError, type Json } from './value.js';

interface Case {
  line: number;
  program: string;
  input: string;
  expected: string[];
  fail?: string | true;
}

function parseTests(text: string): Case[] {
  const lines = text.split('\n');
  const cases: Case[] = [];
  let i = 0;
  const skip = (): void => {
    while (i < lines.length && (lines[i] === '' || (lines[i] as string).startsWith('#'))) i++;
  };
  for (;;) {
    skip();
    if (i >= lines.length) break;
    const start = i + 1;
    let l = lines[i++] as string;
    if (l.startsWith('%%FAIL')) {
      const ignore = l.includes('IGNORE MSG');
      const program = lines[i++] as string;
      const msg: string[] = [];
      while (i < lines.length && lines[i] !== '') msg.push(lines[i++] as string);
      cases.push({ line: start, program, input: 'null', expected: [], fail: ignore ? true : msg[0] ?? true });
      continue;
    }
    const program = l;
    l = lines[i++] as string;
    const input = l;
    const expected: string[] = [];
    while (i < lines.length && lines[i] !== '' && !(lines[i] as string).startsWith('#')) expected.push(lines[i++] as string);
    cases.push({ line: start, program, input, expected });
  }
  return cases;
}

/** line numbers of the cases we do not pass, and why */
const KNOWN: Record<number, string> = {
  1584: 'modules (import/include/module/modulemeta) are not supported',
  1588: 'modules (import/include/module/modulemeta) are not supported',
  1592: 'modules (import/include/module/modulemeta) are not supported',
  1596: 'modules (import/include/module/modulemeta) are not supported',
  1601: 'modules (import/include/module/modulemeta) are not supported',
  1605: 'modules (import/include/module/modulemeta) are not supported',
  1609: 'modules (import/include/module/modulemeta) are not supported',
  1613: 'modules (import/include/module/modulemeta) are not supported',
  1617: 'modules (import/include/module/modulemeta) are not supported',
  1621: 'modules (import/include/module/modulemeta) are not supported',
  1625: 'modules (import/include/module/modulemeta) are not supported',
  1629: 'modules (import/include/module/modulemeta) are not supported',
  1633: 'modules (import/include/module/modulemeta) are not supported',
  1637: 'modules (import/include/module/modulemeta) are not supported',
  1641: 'modules (import/include/module/modulemeta) are not supported',
  1645: 'modules (import/include/module/modulemeta) are not supported',
  1649: 'modules (import/include/module/modulemeta) are not supported',
  1661: 'modules (import/include/module/modulemeta) are not supported',
};

const here = path.dirname(fileURLToPath(import.meta.url));
const CASES = parseTests(fs.readFileSync(path.join(here, 'testdata', 'jq.test'), 'utf8'));

function run(c: Case): { ok: boolean; detail: string } {
  const r = compileJq(c.program, {
    io: { nextInput: () => undefined, stderr: () => undefined, envObject: () => new Map(), filename: () => null, lineNumber: () => 0 },
    vars: [['ENV', new Map()]],
    checkAbort() {},
  });
  if (c.fail !== undefined) {
    if (r.ok) return { ok: false, detail: 'compiled' };
    if (c.fail === true) return { ok: true, detail: '' };
    const first = r.message.split('\n')[0] ?? '';
    return { ok: first === c.fail, detail: first };
  }
  if (!r.ok) return { ok: false, detail: r.message };
  const got: Json[] = [];
  try {
    r.program.run(parseJson(c.input), (v) => {
      got.push(v);
    });
  } catch (e) {
    if (!(e instanceof JqError)) return { ok: false, detail: String(e) };
    // jq's harness: an error after the expected outputs ends the test
    if (got.length < c.expected.length) return { ok: false, detail: `error: ${dumpJson(e.value, { indent: 0 })} after ${got.length}` };
  }
  const want = c.expected.map((t) => parseJson(t));
  const same = got.length === want.length && got.every((g, k) => equals(g, want[k] as Json));
  return { ok: same, detail: got.map((g) => dumpJson(g, { indent: 0 })).join(' | ') };
}

describe('jq 1.7.1 tests/jq.test', () => {
  it('has its cases', () => expect(CASES.length).toBeGreaterThan(400));
  it.each(CASES.map((c) => [c.line, c.program, c] as const))('line %i: %s', (line, _p, c) => {
    const r = run(c);
    if (KNOWN[line] !== undefined) expect(r.ok, `listed as failing (${KNOWN[line]}) but passes`).toBe(false);
    else expect(r.ok, r.detail).toBe(true);
  });
});
