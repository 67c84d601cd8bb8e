// Table-driven interpreter tests: every case in tests/interp/cases/*.json was recorded from bash 5.2
// (LANG=C) by gen-cases.mjs; rshell must match stdout, stderr and the exit status exactly.
// Cases that differ on purpose are listed in KNOWN with the reason.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner } from '../../src/index.js';

interface Case {
  name: string;
  script: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** case name → why rshell differs from bash */
const KNOWN: Record<string, string> = {
  'eval syntax error': 'parse errors use mvdan/sh wording (src/syntax), not bash\'s',
  'invalid identifier': 'the parser rejects `declare 1x=2` as a syntax error (bash reports it at run time)',
  'pipe to head closes writer': 'needs the `yes` command, which is not (yet) a builtin',
};

const dir = new URL('./cases/', import.meta.url).pathname;
for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
  const cases = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Case[];
  describe(f.replace(/\.json$/, ''), () => {
    for (const c of cases) {
      const run = KNOWN[c.name] ? it.skip : it;
      run(c.name, async () => {
        const cwd = mkdtempSync(join(tmpdir(), 'rshell-case-'));
        try {
          const r = new Runner({ allowedCommands: 'all', allowedPaths: [cwd], cwd, timeoutMs: 10000 });
          const res = await r.run(c.script, { stdin: '' });
          expect({ stdout: res.stdout, stderr: res.stderr, exitCode: res.exitCode }).toEqual({
            stdout: c.stdout,
            stderr: c.stderr,
            exitCode: c.exitCode,
          });
        } finally {
          rmSync(cwd, { recursive: true, force: true });
        }
      });
    }
  });
}
