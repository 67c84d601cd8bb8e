// `--rules FILE` and `--audit-log FILE` through the built CLI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-policy-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir });

describe('--rules and --audit-log', () => {
  it('takes YAML rules, a list or under `rules:`, and JSON', () => {
    const files = {
      'list.yaml': '- {match: "echo secret", action: deny, reason: no secrets}\n',
      'keyed.yaml': 'rules:\n  - match: echo secret\n    action: deny\n    reason: no secrets\n',
      'rules.json': '[{"match": "echo secret", "action": "deny", "reason": "no secrets"}]',
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text);
      const r = cli('--allow-all-commands', '--rules', join(dir, name), '-c', 'echo hi; echo secret; echo $?');
      expect([r.stdout, r.stderr, r.status]).toEqual(['hi\n126\n', 'echo secret: refused by policy (no secrets)\n', 0]);
    }
  });

  it('a missing or malformed rules file is an error before anything runs', () => {
    writeFileSync(join(dir, 'bad.yaml'), 'rules: 3\n');
    writeFileSync(join(dir, 'badrule.yaml'), '- {match: x, action: maybe}\n');
    expect(cli('--rules', join(dir, 'none.yaml'), '-c', 'echo').stderr).toBe(`error: --rules: cannot read ${join(dir, 'none.yaml')}: ENOENT\n`);
    expect(cli('--rules', join(dir, 'bad.yaml'), '-c', 'echo').stderr).toBe(`error: --rules: ${join(dir, 'bad.yaml')}: expected a list of rules (or "rules:" holding one)\n`);
    const r = cli('--rules', join(dir, 'badrule.yaml'), '-c', 'echo');
    expect([r.stderr, r.status]).toEqual(['error: Rules: rules[0].action must be "allow", "ask" or "deny"\n', 1]);
  });

  it('--audit-log appends one JSON line per command, refused ones included', () => {
    const log = join(dir, 'audit.jsonl');
    writeFileSync(join(dir, 'deny.yaml'), '- {match: "echo no", action: deny}\n');
    cli('--allowed-commands', 'rshell:echo', '--rules', join(dir, 'deny.yaml'), '--audit-log', log, '-c', 'echo hi; echo no; cat x');
    const events = readFileSync(log, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { argv: string[]; decision: string; exitCode: number; stdoutBytes: number });
    expect(events.map((e) => [e.argv.join(' '), e.decision, e.exitCode, e.stdoutBytes])).toEqual([
      ['echo hi', 'allowed', 0, 3],
      ['echo no', 'denied', 126, 0],
      ['cat', 'not-allowed', 127, 0],
    ]);
  });
});
