#!/usr/bin/env node
// Records YAML scenarios from a spec: every scenario's script runs in bash with the oracles first
// on PATH (runScenarioBash: jq is jq 1.7.1, awk is gawk) and its stdout, stderr and exit status
// become `expect`. Expectations are never written by hand.
//
//   node tests/harness/record-scenarios.mjs SPEC.mjs OUT_DIR [name-filter]
//   (RECORD_MISSING=1: only the scenarios that have no file yet)
//
// SPEC.mjs exports `scenarios`: { group, name, description, script, files?, stdin? }[]; each is
// written to OUT_DIR/<group>/<name>.yaml (files go to the scenario directory, and the directory
// is an allowed path). A scenario whose recorded output shows an oracle artefact (the wasm jq's
// abort) is refused.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mapConcurrent, runScenarioBash } from './scenario-runner.mjs';

/**
 * a YAML double-quoted scalar: JSON's escapes are YAML's; the characters YAML does not allow raw
 * (C1 controls, U+FFFE/U+FFFF, BOM, line separators) are escaped as well
 */
const q = (s) =>
  JSON.stringify(s).replace(/[\u0080-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** a `|+` block when the text reads back unchanged that way, else a quoted scalar */
function block(s, indent) {
  const safe = s.endsWith('\n') && !/[\r\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029\ufeff]/.test(s) && !/^[ \t]/m.test(s) && !/[ \t]$/m.test(s);
  if (!safe) return ` ${q(s)}`;
  const pad = ' '.repeat(indent);
  return ` |+\n${s
    .slice(0, -1)
    .split('\n')
    .map((l) => (l === '' ? '' : pad + l))
    .join('\n')}\n`;
}

function toYaml(spec, out) {
  const lines = [`description: ${q(spec.description)}`];
  const files = Object.entries(spec.files ?? {});
  if (files.length > 0) {
    lines.push('setup:', '  files:');
    for (const [path, content] of files) lines.push(`    - path: ${q(path)}`, `      content: ${q(content)}`);
  }
  lines.push('input:');
  if (files.length > 0) lines.push('  allowed_paths: ["$DIR"]');
  lines.push(`  script:${block(spec.script, 4).replace(/\n$/, '')}`);
  lines.push('expect:', `  stdout: ${q(out.stdout)}`, `  stderr: ${q(out.stderr)}`, `  exit_code: ${out.exitCode}`);
  return `${lines.join('\n')}\n`;
}

async function main() {
  const [specPath, outDir, filter] = process.argv.slice(2);
  if (!specPath || !outDir) {
    console.error('usage: record-scenarios.mjs SPEC.mjs OUT_DIR [name-filter]');
    process.exit(2);
  }
  const { scenarios } = await import(pathToFileURL(resolve(specPath)).href);
  const missingOnly = process.env.RECORD_MISSING === '1';
  const chosen = scenarios.filter(
    (s) =>
      (!filter || `${s.group}/${s.name}`.includes(filter)) &&
      !(missingOnly && existsSync(join(outDir, s.group, `${s.name}.yaml`))),
  );
  const seen = new Set();
  for (const s of chosen) {
    const key = `${s.group}/${s.name}`;
    if (seen.has(key)) throw new Error(`duplicate scenario ${key}`);
    seen.add(key);
  }
  let bad = 0;
  // each oracle run is a node process compiling jq's wasm: more at once only times out on 2 cores
  await mapConcurrent(chosen, Number(process.env.RECORD_JOBS ?? 2), async (s) => {
    const script = s.script.endsWith('\n') ? s.script : `${s.script}\n`;
    const scenario = {
      path: `${s.group}/${s.name}.yaml`,
      description: s.description,
      skipAssertAgainstBash: false,
      containerized: false,
      files: Object.entries(s.files ?? {}).map(([path, content]) => ({ path, content })),
      script,
      envs: {},
      interpreterEnv: {},
      expect: { stdout: '', stderr: '', exitCode: 0 },
    };
    const r = await runScenarioBash(scenario);
    if (/Aborted\(|RuntimeError|node:internal|\[timed out after|1\.7\.1-dirty/.test(r.stderr + r.stdout)) {
      console.error(`REFUSED ${s.group}/${s.name}: oracle artefact\n${r.stderr}`);
      bad++;
      return;
    }
    mkdirSync(join(outDir, s.group), { recursive: true });
    writeFileSync(join(outDir, s.group, `${s.name}.yaml`), toYaml({ ...s, script }, r));
  });
  console.log(`recorded ${chosen.length - bad} of ${chosen.length}`);
  if (bad > 0) process.exitCode = 1;
}

await main();
