// The interactive shell, driven through a real terminal: tmux runs `rshell` in a detached pane;
// send-keys types, capture-pane reads the screen. Skipped when tmux is not installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'rshell.js');
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const work = mkdtempSync(join(tmpdir(), 'rshell-repl-'));
mkdirSync(join(work, 'sub'));
writeFileSync(join(work, 'sub', 'f.txt'), 'content\n');
const socket = `rshell-test-${process.pid}`;
let session = 0;
let current = '';

const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });

// a session that lives for the whole file, so the tmux server does not exit between tests
beforeAll(() => {
  if (hasTmux) tmux('new-session', '-d', '-s', 'keeper', 'sleep 600');
});
afterEach(() => {
  if (current) tmux('kill-session', '-t', current);
  current = '';
});
afterAll(() => {
  tmux('kill-server');
  rmSync(work, { recursive: true, force: true });
});

/** start rshell in a fresh pane; the pane stays after exit so its end can be observed */
function start(env: Record<string, string> = { NO_COLOR: '1' }, flags: string[] = []): string {
  current = `s${++session}`;
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  // the pane's sh waits for rshell and prints its status: tmux's own record of it
  // (#{pane_dead_status}) waits on tmux reaping the child, which under a loaded test run was seen
  // not to happen for minutes (the process a zombie, the pane dead, the status empty)
  const rshell = [process.execPath, CLI, '-p', work, '--allow-all-commands', ...flags].map((a) => `'${a}'`).join(' ');
  const cmd = `${rshell}; echo "[rshell exited $?]"`;
  const r = tmux('new-session', '-d', '-s', current, '-x', '150', '-y', '40', '-c', work, ...envArgs, cmd);
  if (r.status !== 0) throw new Error(r.stderr);
  tmux('set-option', '-t', current, 'remain-on-exit', 'on');
  return current;
}

const screen = (escapes = false) => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', current).stdout;
const type = (text: string) => tmux('send-keys', '-t', current, '-l', text);
const key = (...keys: string[]) => tmux('send-keys', '-t', current, ...keys);

async function waitFor(pred: () => boolean, what: string, ms = 20000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (pred()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`);
}
const waitScreen = (re: RegExp) => waitFor(() => re.test(screen()), String(re));
const line = async (text: string, expectAfter: RegExp) => {
  type(text);
  key('Enter');
  await waitScreen(expectAfter);
};

// Each test drives a real terminal through tmux, which a loaded machine slows down: retried.
// (The "pane stays up after `exit`" flake of sessions 4-9 was tmux not reaping the exited rshell
// while the full suite ran; the status now comes from the pane's own sh: see start().)
describe.skipIf(!hasTmux)('rshell REPL', { retry: 2 }, () => {
  test('prompt with cwd; variables, functions and cwd persist', async () => {
    start();
    await waitScreen(new RegExp(`rshell:${work}\\$$`, 'm'));
    await line('x=5; greet() { echo "hello $1"; }', /\$ x=5.*\n.*\$$/m);
    await line('echo "x is $x"; greet you', /^hello you$/m);
    expect(screen()).toMatch(/^x is 5$/m);
    await line('cd sub && cat f.txt', /^content$/m);
    await waitScreen(new RegExp(`rshell:${work}/sub\\$$`, 'm'));
  });

  test('continuation prompt for incomplete input', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('if true; then', /^>$/m);
    await line('echo "two', /^>$/m);
    await line('lines"; fi', /^lines$/m);
    expect(screen()).toMatch(/^two$/m);
  });

  test('here-documents and backslash continuations span lines', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('cat <<EOF', /^>$/m);
    await line('body line', /^> body line\n>$/m);
    await line('EOF', /^body line$/m);
    await line('echo one \\', /^>$/m);
    await line('two', /^one two$/m);
  });

  test('status shows in the prompt; syntax errors do not end the shell', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('false', /\[1\]\$$/m);
    await line('fi', /^syntax error near unexpected token .fi'$/m);
    await line('echo still here', /^still here$/m);
  });

  test('Ctrl-C cancels the running script, not the shell', async () => {
    start();
    await waitScreen(/\$$/m);
    type('while :; do :; done');
    key('Enter');
    await new Promise((r) => setTimeout(r, 400));
    key('C-c');
    await waitScreen(/\[130\]\$$/m);
    await line('echo alive', /^alive$/m);
  });

  test('a line cancelled by Ctrl-C keeps what it changed, as bash does', async () => {
    start();
    await waitScreen(/\$$/m);
    type('y=2; cd sub; while :; do :; done');
    key('Enter');
    await new Promise((r) => setTimeout(r, 400));
    key('C-c');
    await waitScreen(/\[130\]\$$/m);
    await line('echo "y=$y in ${PWD##*/}"', /^y=2 in sub$/m);
  });

  test('an `ask` rule asks the person at the terminal: y runs the command, anything else refuses', async () => {
    writeFileSync(join(work, 'ask.yaml'), '- {match: "echo risky", action: ask, reason: needs a yes}\n');
    start({ NO_COLOR: '1' }, ['--rules', join(work, 'ask.yaml')]);
    await waitScreen(/\$$/m);
    type('echo risky one');
    key('Enter');
    await waitScreen(/^rshell: run `echo risky one` \(needs a yes\)\? \[y\/N\]\s*$/m);
    await line('y', /^risky one$/m);
    type('echo risky two; echo after');
    key('Enter');
    await waitScreen(/^rshell: run `echo risky two` \(needs a yes\)\? \[y\/N\]\s*$/m);
    await line('n', /^echo risky: refused by policy \(not approved\)\nafter$/m);
  });

  test('Ctrl-C discards a half-typed line', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('if true; then', /^>$/m);
    key('C-c');
    await waitScreen(/\^C\n.*\$$/m);
    await line('echo fresh', /^fresh$/m);
  });

  test('Ctrl-D exits with the last status', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('(exit 3)', /\[3\]\$$/m);
    key('C-d');
    await waitScreen(/^\[rshell exited 3\]$/m);
  });

  test('exit N ends the shell', async () => {
    start();
    await waitScreen(/\$$/m);
    type('exit 7');
    key('Enter');
    await waitScreen(/^\[rshell exited 7\]$/m);
  });

  test('colours only without NO_COLOR', async () => {
    start({ TERM: 'xterm-256color' });
    await waitScreen(/\$$/m);
    expect(screen(true)).toContain('\x1b[');
    tmux('kill-session', '-t', current);
    start({ TERM: 'xterm-256color', NO_COLOR: '1' });
    await waitScreen(/\$$/m);
    expect(screen(true)).not.toMatch(/\x1b\[[0-9;]*m/);
  });

  test('tab completes functions and variables from the session', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('my_long_function() { echo "ran $1"; }; my_var=7', /\$ my_long.*\n.*\$$/m);
    // readline completes asynchronously: let each Tab land before typing on (as a person would)
    const pause = () => new Promise((r) => setTimeout(r, 300));
    type('my_long_f');
    key('Tab');
    await waitScreen(/\$ my_long_function$/m);
    type(' $my_v');
    await pause();
    key('Tab');
    await waitScreen(/\$ my_long_function \$my_var$/m);
    key('Enter');
    await waitScreen(/^ran 7$/m);
  });

  test('history: up arrow recalls the previous line', async () => {
    start();
    await waitScreen(/\$$/m);
    await line('echo first-entry', /^first-entry$/m);
    key('Up');
    await waitScreen(/\$ echo first-entry\n(?:.*\n)*.*\$ echo first-entry$/m);
    key('Enter');
    await waitFor(() => (screen().match(/^first-entry$/gm) ?? []).length === 2, 'the recalled line to run');
  });
});
