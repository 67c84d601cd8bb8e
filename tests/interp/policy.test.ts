// RunnerOptions.rules / approve / onCommand: rules judged on the words after expansion where each
// command is dispatched, so no wrapper hides a command; the approver; the audit events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner, type CommandEvent, type RunnerOptions } from '../../src/index.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-policy-'));
  mkdirSync(join(dir, 'conf'));
  writeFileSync(join(dir, 'conf', 'app.ini'), 'k=v\n');
  writeFileSync(join(dir, 'notes.txt'), 'hello\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (script: string, opts: RunnerOptions) =>
  new Runner({ allowedCommands: 'all', allowedPaths: [dir], cwd: dir, ...opts }).run(script);

const DENY_SECRET: RunnerOptions = { rules: [{ match: 'echo secret', action: 'deny', reason: 'no secrets' }] };

describe('rules', () => {
  it('deny refuses the command with its words and the reason, status 126; others run', async () => {
    const r = await run('echo hi; echo a secret b; echo $?', DENY_SECRET);
    expect([r.stdout, r.stderr, r.exitCode]).toEqual(['hi\n126\n', 'echo secret: refused by policy (no secrets)\n', 0]);
  });

  it('is judged after expansion', async () => {
    const r = await run('w=sec; e=echo; $e "${w}ret"', DENY_SECRET);
    expect([r.stdout, r.stderr, r.exitCode]).toEqual(['', 'echo secret: refused by policy (no secrets)\n', 126]);
  });

  it.each([
    ['command', 'command echo secret'],
    ['builtin', 'builtin echo secret'],
    ['eval', 'eval "echo secret"'],
    ['a function', 'f() { echo "$@"; }; f secret'],
    ['a subshell', '(echo secret)'],
    ['a command substitution', 'x=$(echo secret); printf "%s" "$x"'],
    ['a pipeline stage', 'echo secret | cat'],
    ['xargs', 'printf secret | xargs echo'],
    ['find -exec', 'find notes.txt -exec echo secret {} \\;'],
  ])('no wrapper hides the command: %s', async (_what, script) => {
    const r = await run(script, DENY_SECRET);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('echo secret: refused by policy (no secrets)');
  });

  it('each further word matches a later argument in order, with others around it', async () => {
    const rules = [{ match: 'ls -*l*', action: 'deny' as const }];
    const r = await run('ls -a -1 notes.txt; ls -la notes.txt; echo $?', { rules });
    expect(r.stdout).toBe('notes.txt\n126\n');
    expect(r.stderr).toBe('ls -la: refused by policy\n');
  });

  it('the strictest matching rule wins: deny > ask > allow', async () => {
    const rules = [
      { match: 'echo *', action: 'allow' as const },
      { match: 'echo x', action: 'ask' as const },
      { match: 'echo x y', action: 'deny' as const, reason: 'no' },
    ];
    const r = await run('echo a; echo x; echo x y', { rules });
    expect(r.stdout).toBe('a\n');
    expect(r.stderr).toBe('echo x: refused by policy (approval required)\necho x y: refused by policy (no)\n');
  });

  it('`under` narrows a rule to operands inside directories, resolved against the cwd', async () => {
    const rules = [{ match: 'cat', action: 'deny' as const, under: [join(dir, 'conf')], reason: 'config is private' }];
    const r = await run('cat notes.txt; cat conf/app.ini; cd conf && cat ./app.ini; cat ../conf/../conf/app.ini', { rules });
    expect(r.stdout).toBe('hello\n');
    expect(r.stderr).toBe('cat: refused by policy (config is private)\n'.repeat(3));
  });

  it('a pattern in the command word applies to every name it matches', async () => {
    const r = await run('echo a; printf "b\\n"; pwd', { rules: [{ match: '[ep]*', action: 'deny' }] });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('echo: refused by policy\nprintf: refused by policy\npwd: refused by policy\n');
  });

  it.each([
    [[{ match: '', action: 'deny' }], 'Rules: rules[0].match must be a non-empty string'],
    [[{ match: 'x', action: 'maybe' }], 'Rules: rules[0].action must be "allow", "ask" or "deny"'],
    [[{ match: 'x', action: 'deny', under: ['rel'] }], 'Rules: rules[0].under must be a list of absolute directories'],
    ['nope', 'Rules: expected an array of rules'],
  ])('bad rules are an error at construction: %j', (rules, message) => {
    expect(() => new Runner({ rules: rules as never })).toThrow(message);
  });
});

describe('approver', () => {
  const ASK = [{ match: 'echo x', action: 'ask' as const, reason: 'x needs a yes' }];

  it('receives the expanded words, the cwd and the rule; true runs the command', async () => {
    const seen: unknown[] = [];
    const r = await run('cd conf; v=x; echo $v 1', {
      rules: ASK,
      approve: (req) => {
        seen.push(req);
        return true;
      },
    });
    expect([r.stdout, r.stderr]).toEqual(['x 1\n', '']);
    expect(seen).toEqual([{ argv: ['echo', 'x', '1'], cwd: join(dir, 'conf'), rule: ASK[0] }]);
  });

  it('false, a rejection or a throw refuse it; the script goes on', async () => {
    for (const approve of [() => false, () => Promise.reject(new Error('boom')), () => { throw new Error('boom'); }]) {
      const r = await run('echo x; echo after', { rules: ASK, approve });
      expect([r.stdout, r.stderr]).toEqual(['after\n', 'echo x: refused by policy (not approved)\n']);
    }
  });

  it('an async approver makes the script wait; a slow one times out as a refusal', async () => {
    const slow = await run('echo x; echo $?', { rules: ASK, approvalTimeoutMs: 50, approve: () => new Promise(() => {}) });
    expect([slow.stdout, slow.stderr]).toEqual(['126\n', 'echo x: refused by policy (approval timed out)\n']);
    const later = await run('echo x', { rules: ASK, approve: () => new Promise((ok) => setTimeout(() => ok(true), 20)) });
    expect(later.stdout).toBe('x\n');
  });

  it('the run\'s deadline keeps running while it waits', async () => {
    const r = await run('echo x; echo not reached', { rules: ASK, timeoutMs: 100, approve: () => new Promise(() => {}) });
    expect(r.timedOut).toBe(true);
    expect(r.stdout).toBe('');
  });

  it('deny never reaches the approver', async () => {
    let asked = 0;
    await run('echo x y', { rules: [...ASK, { match: 'echo * y', action: 'deny' }], approve: () => ++asked > 0 });
    expect(asked).toBe(0);
  });

  it('worker isolation refuses host functions for now', () => {
    expect(() => new Runner({ isolation: 'worker', approve: () => true })).toThrow("Isolation: approve, onCommand and commands need isolation 'none' for now");
  });
});

describe('audit (onCommand)', () => {
  const audit = async (script: string, opts: RunnerOptions = {}): Promise<CommandEvent[]> => {
    const events: CommandEvent[] = [];
    await run(script, { ...opts, onCommand: (e) => events.push(e) });
    return events;
  };

  it('one event per command with argv, kind, decision, status, bytes and files', async () => {
    // an event is reported as its command ends: a function's after the commands inside it
    const [a, b, inner, c] = await audit('echo hi; cat notes.txt missing; f() { :; }; f 1');
    expect(inner).toMatchObject({ argv: [':'], kind: 'builtin' });
    expect(a).toMatchObject({ argv: ['echo', 'hi'], cwd: dir, kind: 'builtin', decision: 'allowed', exitCode: 0, stdoutBytes: 3, stderrBytes: 0, read: [], written: [] });
    expect(b).toMatchObject({ argv: ['cat', 'notes.txt', 'missing'], kind: 'command', exitCode: 1, stdoutBytes: 6, read: [join(dir, 'notes.txt')] });
    expect(b!.stderrBytes).toBeGreaterThan(0);
    expect(c).toMatchObject({ argv: ['f', '1'], kind: 'function', decision: 'allowed' });
    expect(typeof a!.startMs).toBe('number');
    expect(a!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('refused commands are reported too: rules, approvals and the allowed-commands list', async () => {
    const events: CommandEvent[] = [];
    await new Runner({ allowedCommands: ['rshell:echo'], allowedPaths: [dir], cwd: dir, ...DENY_SECRET, onCommand: (e) => events.push(e) }).run(
      'echo secret; cat notes.txt; command cat notes.txt',
    );
    // a name the list refuses is refused before the rest of its words are expanded
    expect(events.map((e) => [e.argv.join(' '), e.decision, e.exitCode])).toEqual([
      ['echo secret', 'denied', 126],
      ['cat', 'not-allowed', 127],
      ['cat notes.txt', 'not-allowed', 127],
      ['command cat notes.txt', 'allowed', 127],
    ]);
    expect(events[0]!.rule).toEqual(DENY_SECRET.rules![0]);
  });

  it('a hook that throws changes nothing', async () => {
    const r = await run('echo hi', { onCommand: () => { throw new Error('boom'); } });
    expect([r.stdout, r.exitCode]).toEqual(['hi\n', 0]);
  });
});
