// Runner.check / `rshell --check`: the static preview of what a script would do. Nothing runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner } from '../../src/index.js';

let dir: string;
let rw: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-preview-'));
  rw = join(dir, 'rw');
  mkdirSync(rw);
  mkdirSync(join(dir, 'ro'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runner = () =>
  new Runner({
    allowedPaths: [join(dir, 'ro'), `${rw}:rw`],
    cwd: join(dir, 'ro'),
    allowedCommands: ['rshell:grep', 'rshell:rm', 'rshell:cat'],
    rules: [{ match: 'rm -*r*', action: 'ask', reason: 'recursive removal' }, { match: 'cat *.key', action: 'deny', reason: 'keys' }],
  });

describe('preview', () => {
  it('each command with its decision, the paths it names and whether they are allowed', () => {
    const r = runner().check('f() { echo in-f; }\ngrep -c ERROR /var/log/syslog app.log > out.txt\n$cmd x\ncat "$f"\ncat id.key\nrm -rf ../rw/old\necho hi\nf');
    expect(r.error).toBeNull();
    expect(r.commands.map((c) => [c.line, c.words.join(' '), c.decision, c.reason ?? ''])).toEqual([
      [1, 'echo in-f', 'not-allowed', ''],
      [2, 'grep -c ERROR /var/log/syslog app.log', 'allow', ''],
      [3, ' x', 'dynamic', ''],
      [4, 'cat ', 'dynamic', ''],
      [5, 'cat id.key', 'deny', 'keys'],
      [6, 'rm -rf ../rw/old', 'ask', 'recursive removal'],
      [7, 'echo hi', 'not-allowed', ''],
      [8, 'f', 'function', ''],
    ]);
    expect(r.commands[1]!.paths).toEqual([
      { path: '/var/log/syslog', absolute: '/var/log/syslog', access: 'read', inside: false, allowed: false },
      { path: 'app.log', absolute: join(dir, 'ro', 'app.log'), access: 'read', inside: true, allowed: true },
      { path: 'out.txt', absolute: join(dir, 'ro', 'out.txt'), access: 'write', inside: true, allowed: false },
    ]);
    expect(r.commands[5]!.paths).toEqual([{ path: '../rw/old', absolute: join(rw, 'old'), access: 'write', inside: true, allowed: true }]);
    expect(r.needsRemediation).toBe(true);
  });

  it('reports what the static pass refuses, and syntax errors', () => {
    expect(runner().check('ulimit -n 1; kill 1').error).toBe('ulimit is not supported');
    expect(runner().check('ulimit -n 1').commands[0]).toMatchObject({ decision: 'refused', reason: 'ulimit is not supported' });
    expect(runner().check('echo (')).toEqual({ error: 'line 2: syntax error: unexpected end of file', commands: [], needsRemediation: false });
  });

  it('runs nothing', () => {
    writeFileSync(join(rw, 'victim'), 'x');
    const r = new Runner({ allowedPaths: [`${rw}:rw`], allowedCommands: 'all', mode: 'remediation' }).check(`rm ${join(rw, 'victim')}; echo hi > ${join(rw, 'made')}`);
    expect(r.commands.map((c) => c.decision)).toEqual(['allow', 'allow']);
    expect(r.needsRemediation).toBe(false);
    expect(existsSync(join(rw, 'victim'))).toBe(true);
    expect(existsSync(join(rw, 'made'))).toBe(false);
  });

  it('rshell --check prints it; its status says whether everything would run', () => {
    const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');
    const cli = (...a: string[]) => spawnSync(process.execPath, [CLI, '-p', `${rw}:rw`, ...a], { encoding: 'utf8', cwd: rw });
    const ok = cli('--allow-all-commands', '--check', '-c', 'cat a.txt');
    expect([ok.stdout, ok.status]).toEqual([`line 1: cat a.txt: allow\n  read ${join(rw, 'a.txt')}: allowed\n`, 0]);
    const no = cli('--allowed-commands', 'rshell:cat', '--check', '-c', 'cat /etc/hostname > x.txt');
    expect([no.stdout, no.status]).toEqual([
      `line 1: cat /etc/hostname: allow\n  read /etc/hostname: outside the allowed paths (refused)\n  write ${join(rw, 'x.txt')}: allowed\nwrites: needs --mode remediation\n`,
      1,
    ]);
    const json = cli('--check', '--json', '-c', 'echo (');
    expect([JSON.parse(json.stdout), json.status]).toEqual([{ error: 'line 2: syntax error: unexpected end of file', commands: [], needsRemediation: false }, 2]);
  });
});
