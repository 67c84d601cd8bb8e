#!/usr/bin/env node
// Lists the scenarios of tests/scenarios/ that the built library (dist/index.mjs, `make build`)
// does not pass, in-process, exactly as tests/scenarios.test.ts runs them.
//
//   node tests/harness/known-failures.mjs           # report: newly failing, now passing
//   node tests/harness/known-failures.mjs --write   # rewrite tests/scenarios/KNOWN_FAILURES
//
// --write keeps the reason of entries that still fail, adds new failures with the first line of
// their failure as the reason, and drops entries that pass now. Expectations are never touched.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findScenarioFiles, loadKnownFailures, loadScenario, runScenarioInProcess } from './scenario-core.mjs';

const ROOT = join(import.meta.dirname, '..', 'scenarios');
const LIST = join(ROOT, 'KNOWN_FAILURES');
const write = process.argv.includes('--write');

const { Runner } = await import(join(import.meta.dirname, '..', '..', 'dist', 'index.mjs'));
const known = loadKnownFailures(LIST);
const failing = new Map();
for (const file of findScenarioFiles([ROOT])) {
  const rel = relative(ROOT, file);
  const outcome = await runScenarioInProcess(loadScenario(file), (opts) => new Runner(opts));
  if (outcome.failure !== null) failing.set(rel, known.get(rel) || outcome.failure.split('\n')[0].slice(0, 140));
}

const added = [...failing.keys()].filter((p) => !known.has(p));
const fixed = [...known.keys()].filter((p) => !failing.has(p));
for (const p of added) console.log(`new failure: ${p}  # ${failing.get(p)}`);
for (const p of fixed) console.log(`passes now:  ${p}`);
console.log(`${failing.size} failing (${added.length} new, ${fixed.length} fixed since the list)`);

if (write) {
  const header = readFileSync(LIST, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .join('\n');
  const body = [...failing].sort(([a], [b]) => a.localeCompare(b)).map(([p, why]) => `${p}  # ${why.replace(/\n/g, ' ')}`);
  writeFileSync(LIST, `${header}\n${body.join('\n')}${body.length ? '\n' : ''}`);
  console.log(`wrote ${LIST}`);
}
process.exitCode = 0;
