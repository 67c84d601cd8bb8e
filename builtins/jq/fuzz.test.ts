// A differential fuzz of the jq language against jq 1.7.1 (jq-wasm): generated filters over
// generated JSON. A few hundred cases by default; JQ_FUZZ=20000 (any count) for a long run,
// JQ_FUZZ_SEED to replay one. Numbers stay integers: non-integer rendering belongs to the JSON
// layer, and its stand-in differs until that layer lands.

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compileJq } from './program.js';
import { dumpJson, parseJson, tojson } from './json/index.js';
import { JqError, type Json } from './value.js';

/** a small deterministic PRNG (mulberry32) */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['a', 'b', 'c', 'x'];

function genJson(r: () => number, depth: number): string {
  const k = Math.floor(r() * (depth > 2 ? 5 : 8));
  switch (k) {
    case 0:
      return 'null';
    case 1:
      return r() < 0.5 ? 'true' : 'false';
    case 2:
      return String(Math.floor(r() * 21) - 5);
    case 3:
      return JSON.stringify(['', 'a', 'ab', 'b,a', 'A1'][Math.floor(r() * 5)]);
    case 4:
      return String(Math.floor(r() * 7));
    case 5:
    case 6: {
      const n = Math.floor(r() * 4);
      return `[${Array.from({ length: n }, () => genJson(r, depth + 1)).join(',')}]`;
    }
    default: {
      const n = Math.floor(r() * 4);
      const keys = [...new Set(Array.from({ length: n }, () => KEYS[Math.floor(r() * KEYS.length)] as string))];
      return `{${keys.map((key) => `"${key}":${genJson(r, depth + 1)}`).join(',')}}`;
    }
  }
}

const ATOMS = ['.', '.a', '.b', '.[0]', '.[]', '.[]?', '..', '.a?', '.[1:]', '.[-1]', 'keys', 'length', 'type', 'tostring', 'tojson', 'not', 'empty', 'null', '1', '"a"', '[]', '{}', 'add', 'reverse', 'sort', 'unique', 'to_entries', 'paths', '[paths]', 'leaf_paths', 'first', 'last', 'values', 'scalars', 'arrays', 'objects', 'numbers', 'strings', 'flatten', 'min', 'max', 'any', 'all', 'ascii_downcase', 'explode', 'utf8bytelength', 'isempty(.[]?)', 'tostream', '[.[]?]', 'floor', 'abs', 'input_line_number', '$__loc__', 'getpath(["a"])', 'path(..)', 'splits("a")', 'test("a")', 'ltrimstr("a")', 'has("a")', 'has(0)', 'indices(1)', 'index("a")', 'join(",")', 'from_entries', 'with_entries(.)', 'map(.)', 'map_values(.)', 'del(.a)', 'del(.[0])', 'to_entries[]?', 'error', 'error("e")'];
const BIN = [' | ', ', ', ' + ', ' - ', ' * ', ' / ', ' % ', ' == ', ' != ', ' < ', ' >= ', ' and ', ' or ', ' // '];
const WRAP = [
  (x: string) => `[${x}]`,
  (x: string) => `{a: ${x}}`,
  (x: string) => `(${x})?`,
  (x: string) => `try (${x}) catch .`,
  (x: string) => `select(${x})`,
  (x: string) => `map(${x})`,
  (x: string) => `[.[]? | ${x}]`,
  (x: string) => `if ${x} then 1 else 2 end`,
  (x: string) => `reduce .[]? as $v (0; . + 1) | ${x}`,
  (x: string) => `[foreach (.[]?) as $v (0; . + 1; [$v, ${x}])]`,
  (x: string) => `[limit(2; ${x})]`,
  (x: string) => `first(${x})`,
  (x: string) => `[${x}] | length`,
  (x: string) => `. as $d | ${x} | [., $d]`,
  (x: string) => `path(${x})`,
  (x: string) => `[paths(${x})]`,
  (x: string) => `(${x}) |= 1`,
  (x: string) => `(${x}) += 1`,
  (x: string) => `del(${x})`,
  (x: string) => `to_entries | map(${x})`,
  (x: string) => `[limit(5; recurse(${x}; . != null))] | length`,
  (x: string) => `sort_by(${x})`,
  (x: string) => `group_by(${x})`,
  (x: string) => `"s\\(${x})"`,
  (x: string) => `label $f | ${x} | ., break $f`,
  (x: string) => `[.[]? as [$p, $q] ?// $p | ${x}]`,
];

function genFilter(r: () => number, depth: number): string {
  const c = r();
  if (depth > 2 || c < 0.35) return ATOMS[Math.floor(r() * ATOMS.length)] as string;
  if (c < 0.7) return `${genFilter(r, depth + 1)}${BIN[Math.floor(r() * BIN.length)]}${genFilter(r, depth + 1)}`;
  return (WRAP[Math.floor(r() * WRAP.length)] as (x: string) => string)(genFilter(r, depth + 1));
}

class Runaway {}

function ours(input: string, filter: string): { out: string; error?: string } {
  let ticks = 0;
  const r = compileJq(filter, {
    io: { nextInput: () => undefined, stderr: () => undefined, envObject: () => new Map(), filename: () => null, lineNumber: () => 0 },
    vars: [['ENV', new Map()]],
    checkAbort() {
      if (++ticks > 200) throw new Runaway();
    },
  });
  if (!r.ok) return { out: '', error: r.message.trim() };
  const out: string[] = [];
  try {
    r.program.run(parseJson(input), (v: Json) => out.push(dumpJson(v, { indent: 0 })));
  } catch (e) {
    if (!(e instanceof JqError)) throw e;
    const v = e.value;
    return { out: out.join('\n'), error: typeof v === 'string' ? `jq: error (at /dev/stdin:0): ${v}` : `jq: error (at /dev/stdin:0) (not a string): ${tojson(v)}` };
  }
  return { out: out.join('\n') };
}

const COUNT = Number(process.env.JQ_FUZZ ?? 300);
const SEED = Number(process.env.JQ_FUZZ_SEED ?? 20261207);

describe('jq language: differential fuzz against jq 1.7.1', () => {
  it(`${COUNT} generated filters (seed ${SEED})`, async () => {
    // a fresh jq-wasm instance after jq aborts (an assertion in jq 1.7.1 leaves it unusable)
    const factory = createRequire(import.meta.url)('jq-wasm/dist/build/jq.js') as () => Promise<{ raw(i: string, f: string, flags: string[]): Promise<string> }>;
    let jq = await factory();
    const r = rng(SEED);
    const failures: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const input = genJson(r, 0);
      const filter = genFilter(r, 0);
      let got: { out: string; error?: string };
      try {
        got = ours(input, filter);
      } catch (e) {
        if (e instanceof RangeError || e instanceof Runaway) continue;
        throw e;
      }
      let want: { out: string; error?: string };
      try {
        want = { out: await jq.raw(input, filter, ['-c']) };
      } catch (e) {
        want = { out: '', error: String((e as Error).message).replace(/^Failed to execute raw query: /, '') };
        if (/Aborted|RuntimeError|unreachable/.test(want.error ?? '')) {
          jq = await factory();
          continue;
        }
      }
      // outputs the JSON layer renders (non-integers, @formats) are not ours to judge yet
      if (/\d\.\d|e[+-]\d/.test(want.out) || /memory access|is not a valid format|^Aborted/.test(want.error ?? '')) continue;
      // compile errors: the first message (jq's count of repeated undefined names follows its binder)
      const first = (e: string | undefined): string | undefined => (e?.includes('compile error') ? e.split('\n')[0] : e?.trim());
      const same = got.out === want.out && (want.error === undefined || want.out !== '' || first(got.error) === first(want.error));
      // "Invalid path expression" texts name the first non-path step, which our native builtins
      // (map, to_entries...) reach at a different point than jq's jq-coded ones
      const pathMessage = /Invalid path expression/.test(want.error ?? '') && got.error !== undefined;
      if (!same && !pathMessage) failures.push(`${input} | ${filter}\n  jq:   ${JSON.stringify(want)}\n  ours: ${JSON.stringify(got)}`);
    }
    expect(failures.slice(0, 10).join('\n')).toBe('');
  }, 600_000);
});
