// Records bash 5.2's behaviour for the interpreter's table-driven tests.
//   node tests/interp/gen-cases.mjs            (re-run after editing tests/interp/cases/*.sh)
// Each cases/*.sh file holds scripts separated by lines `#### name`. For each script bash runs
// with LANG=C in an empty temp dir; stdout, stderr (with bash's `script.sh: line N: ` prefix removed,
// rshell's convention) and the exit status go to cases/<file>.json. Review the JSON when it changes.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = new URL('./cases/', import.meta.url).pathname;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.sh'))) {
  const text = readFileSync(join(dir, f), 'utf8');
  const cases = [];
  for (const chunk of text.split(/^#### /m).slice(1)) {
    const nl = chunk.indexOf('\n');
    const name = chunk.slice(0, nl).trim();
    const script = chunk.slice(nl + 1);
    // bash runs the script from a file, as the scenario oracle does (`bash script.sh`): error
    // handling differs from `bash -c` (an expansion error abandons one command, not the shell)
    const cwd = mkdtempSync(join(tmpdir(), 'gen-'));
    const sdir = mkdtempSync(join(tmpdir(), 'gen-script-'));
    const file = join(sdir, 'script.sh');
    writeFileSync(file, script);
    const r = spawnSync('bash', ['--norc', '--noprofile', file], { cwd, env: { PATH: process.env.PATH, LANG: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    rmSync(cwd, { recursive: true, force: true });
    rmSync(sdir, { recursive: true, force: true });
    const stderr = r.stderr.toString().split(file + ': ').join('').replace(/^line \d+: /gm, '');
    cases.push({ name, script, stdout: r.stdout.toString(), stderr, exitCode: r.status });
  }
  writeFileSync(join(dir, f.replace(/\.sh$/, '.json')), JSON.stringify(cases, null, 1) + '\n');
  console.log(`${f}: ${cases.length} cases`);
}
