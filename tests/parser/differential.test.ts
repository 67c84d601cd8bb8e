// Differential test against sh-syntax (mvdan/sh as wasm): same accept/reject decision, same error
// text and line:col, same top-level statement spans (UTF-8 bytes) and redirect operators.
//
// - tests/scenarios/**.yaml and grammar-generated scripts must agree 100%;
// - ../shared/{upstream,oils}-scenarios report an agreement rate (skipped when absent);
// - PARSER_FUZZ_LONG=1 runs ten times more generated scripts.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { mutatedArb, scriptArb } from './gen.js';
import { oracleSummary, ourSummary, saveOracleCache } from './oracle.js';

const ROOT = join(import.meta.dirname, '..', '..');
const LONG = process.env.PARSER_FUZZ_LONG === '1';
const GENERATED = LONG ? 100_000 : 10_000;
const MUTATED = LONG ? 20_000 : 2_000;

function yamlFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (p.endsWith('.yaml') || p.endsWith('.yml')) out.push(p);
  }
  return out;
}

function scriptsOf(dir: string): { file: string; script: string }[] {
  const out: { file: string; script: string }[] = [];
  for (const file of yamlFiles(dir)) {
    try {
      const doc = yaml.load(readFileSync(file, 'utf8')) as { input?: { script?: unknown } } | null;
      const script = doc?.input?.script;
      if (typeof script === 'string') out.push({ file, script });
    } catch {
      // not a scenario file
    }
  }
  return out;
}

/**
 * The constructs bash runs and mvdan/sh rejects that parse() accepts in its second (bashCompat)
 * pass, one pattern each, as listed in docs/PARSER_DIVERGENCES.md.
 */
const DOCUMENTED_DIVERGENCES: readonly [string, RegExp][] = [
  ['`((` / `$((` read as nested parentheses', /\(\(/],
  ['empty slice length `${a:1:}`', /:\s*\}/],
  ['empty extglob `@()` inside [[ ]]', /\[\[[^\n]*[?*+@!]\(\)/],
  ['expansion in a here-doc delimiter', /<<-?\s*[^\s;|&<>()]*\$/],
  ['`let x=( … )`', /\blet\b[^\n]*=\(/],
  ['`[k]+=v` in an array literal', /\]\+=/],
  ['assignment, `++`/`--` or `[i]` on a word with an expansion in arithmetic (`x$foo[5] = 1`)', /\$[\w{@*#?$!-][^\s()]*\s*(\[|\+\+|--|[-+*/%&|^]?=(?!=)|<<=|>>=)/],
  ['arithmetic that does not parse, kept as text (`$((5 +))`, `(( ))`, `$[1 +]`)', /\(\(|\$\[/],
  ['a subscript that does not parse as arithmetic, kept as text (`m[a.b]`, `${m[two words]}`, `a[]`)', /\[/],
  ['`${…}` that bash calls a bad substitution (`${x!}`, `${%}`, `${x:}`)', /\$\{/],
  ['an invalid name given to declare & co (`declare 9x=1`)', /\b(declare|local|export|readonly|typeset|nameref)\b/],
  ['`let` arguments that are not expressions, as words (`let`, `let v = 3`)', /\blet\b/],
  ['`! !` (each `!` inverts the status)', /!\s+!/],
  ['bytes that are not UTF-8 (surrogate-escaped), read as themselves', /[\udc80-\udcff]/],
];

/**
 * The documented constructs the other way round: mvdan/sh accepts the script, bash (and parse())
 * refuse it; our first pass reads it as mvdan/sh does (docs/PARSER_DIVERGENCES.md). One pattern
 * each, for the ParseError's message.
 */
const DOCUMENTED_REFUSALS: readonly [string, RegExp][] = [
  ['a command named `else` where no `if` is open', /^ERR \d+:\d+: syntax error near unexpected token `else'/],
  ['a function body that is no compound command (`f() echo hi`)', /^ERR \d+:\d+: a function body must be a compound command$/],
];

function documentedRefusal(script: string, oracle: string, ours: string): boolean {
  return !oracle.startsWith('ERR ') && DOCUMENTED_REFUSALS.some(([, re]) => re.test(ours)) &&
    ourSummary(script, false) === oracle;
}

/**
 * A disagreement that is one of the documented divergences: mvdan/sh rejects the script, our
 * first pass (mvdan/sh's grammar alone) gives exactly its error, our second pass accepts it, and
 * the script has one of the documented constructs in it.
 */
function documentedDivergence(script: string, oracle: string, ours: string): boolean {
  if (documentedRefusal(script, oracle, ours)) return true;
  if (!oracle.startsWith('ERR ') || ours.startsWith('ERR ') || ours.startsWith('CRASH ')) return false;
  if (ourSummary(script, false) !== oracle) return false;
  return DOCUMENTED_DIVERGENCES.some(([, re]) => re.test(script));
}

/** Scripts accepted only as documented divergences, by corpus run (reported, not failures). */
let documented: string[] = [];

async function disagreements(scripts: { file: string; script: string }[]) {
  const bad: { file: string; script: string; oracle: string; ours: string }[] = [];
  documented = [];
  for (const { file, script } of scripts) {
    const oracle = await oracleSummary(script);
    const ours = ourSummary(script);
    if (oracle === ours) continue;
    if (documentedDivergence(script, oracle, ours)) documented.push(file);
    else bad.push({ file, script, oracle, ours });
  }
  saveOracleCache();
  return bad;
}

/** Scripts on which mvdan/sh itself cannot be an oracle (documented in docs/PARSER_DIVERGENCES.md). */
function oracleUsable(script: string): boolean {
  // lone surrogates: sh-syntax's TextEncoder turns them into U+FFFD, so the wasm never sees the byte
  return !/[\ud800-\udfff]/u.test(script.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));
}

describe('parser vs sh-syntax', () => {
  it('agrees on every tests/scenarios script', async () => {
    const scripts = scriptsOf(join(ROOT, 'tests', 'scenarios')).filter((s) => oracleUsable(s.script));
    const bad = await disagreements(scripts);
    expect(bad.slice(0, 5)).toEqual([]);
  }, 300_000);

  for (const name of ['upstream-scenarios', 'oils-scenarios']) {
    const dir = join(ROOT, '..', 'shared', name);
    it.skipIf(!existsSync(dir))(`reports agreement on ../shared/${name}`, async () => {
      const scripts = scriptsOf(dir);
      const bad = await disagreements(scripts);
      const rate = ((scripts.length - bad.length) / Math.max(1, scripts.length)) * 100;
      console.log(`parser agreement on ${name}: ${scripts.length - bad.length}/${scripts.length} (${rate.toFixed(2)}%), of which ${documented.length} documented divergences`);
      for (const f of documented) console.log(`  documented divergence: ${f}`);
      for (const b of bad.slice(0, 10)) console.log(`  ${b.file}\n    oracle: ${b.oracle}\n    ours:   ${b.ours}`);
      expect(rate).toBeGreaterThan(99);
    }, 300_000);
  }

  it(`agrees on ${GENERATED} generated scripts`, async () => {
    const scripts = fc.sample(scriptArb, { numRuns: GENERATED, seed: 20261130 });
    const bad = await disagreements(scripts.map((script) => ({ file: 'generated', script })));
    expect(bad.slice(0, 5)).toEqual([]);
  }, 600_000);

  it(`agrees on ${MUTATED} mutated scripts`, async () => {
    const scripts = fc.sample(mutatedArb, { numRuns: MUTATED, seed: 424242 });
    const bad = await disagreements(scripts.map((script) => ({ file: 'mutated', script })));
    expect(bad.slice(0, 5)).toEqual([]);
  }, 600_000);
});
