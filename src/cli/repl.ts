// The interactive shell: `rshell` with no script and a terminal. node:readline gives line editing
// and history; a line that leaves the script incomplete (open quote, `if` without `fi`, trailing
// `|`) gets a continuation prompt; Ctrl-C cancels the running script, or discards the line being
// typed; Ctrl-D (or `exit`) ends the shell. State persists between lines through a ShellSession:
// the library's native session (native-session.ts), or a replay of state as text in worker mode.
import type { Interface } from 'node:readline';
import type { ApprovalRequest } from '../api.js';
import { completeness } from '../syntax/chunks.js';
import type { ScriptRunner } from './execute.js';
import { commandNames, complete } from './repl-complete.js';
import { colourLevel, promptStyle } from './repl-style.js';
import { ReplaySession } from './session.js';
import { NativeSession } from './native-session.js';
import { Runner } from '../isolation/runner.js';

export interface ReplOptions {
  /** the command policy, for completion: 'all' or `rshell:NAME` entries */
  allowedCommands: readonly string[] | 'all';
  /** where the Runner's approver (main.ts) finds the REPL's question for `ask` rules */
  asker?: ApproverSlot;
}

/** the approver's way to the person at the terminal: set while the REPL runs */
export interface ApproverSlot {
  ask: ((request: ApprovalRequest) => Promise<boolean>) | null;
}

export async function startRepl(runner: ScriptRunner, opts: ReplOptions): Promise<number> {
  // the shell itself persists where the runner can keep it; a worker's run replays state as text
  const session = runner instanceof Runner && runner.isolation === 'none' ? new NativeSession(runner.session(), process.cwd()) : new ReplaySession(runner, process.cwd());
  const commands = commandNames(opts.allowedCommands);
  const completionSource = { functions: () => session.functionNames(), variables: () => session.variableNames() };
  const style = promptStyle(colourLevel({ isTTY: Boolean(process.stdout.isTTY), env: process.env }), process.env.HOME);
  // loaded here, not at start-up: only the interactive shell needs it
  const { createInterface } = await import('node:readline');
  const rl: Interface = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    historySize: 1000,
    removeHistoryDuplicates: true,
    completer: (line: string) => complete(line, commands, completionSource),
  });

  if (opts.asker) {
    // `ask` rules: the next line typed answers (readline hands it to the question, not to 'line')
    opts.asker.ask = (request) =>
      new Promise<boolean>((resolve) => {
        const why = request.rule.reason === undefined ? '' : ` (${request.rule.reason})`;
        const query = `rshell: run \`${request.argv.join(' ')}\`${why}? [y/N] `;
        const answer = (text: string) => resolve(/^\s*y(es)?\s*$/i.test(text));
        // Ctrl-C cancels the line and its question with it (the run stops waiting on its own)
        if (running) rl.question(query, { signal: running.signal }, answer);
        else rl.question(query, answer);
      });
  }

  let pending = ''; // lines of an incomplete script
  let running: AbortController | undefined;
  const queue: string[] = []; // lines typed while a script runs
  let busy = false;
  let finished = false;
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((r) => (resolveDone = r));

  const showPrompt = () => {
    rl.setPrompt(pending === '' ? style.prompt(session.cwd(), session.status()) : style.continuation());
    rl.prompt();
  };
  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    rl.close();
    resolveDone(code);
  };

  const runScript = async (script: string) => {
    running = new AbortController();
    try {
      const { result, exited } = await session.run(script, {
        stdout: process.stdout,
        stderr: process.stderr,
        signal: running.signal,
      });
      // (a timeout's message is in the run's stderr already: the library writes it)
      if (result.cancelled) process.stdout.write('\n');
      if (exited) finish(result.exitCode);
    } finally {
      running = undefined;
    }
  };

  const handleLine = async (line: string) => {
    const text = pending === '' ? line : pending + '\n' + line;
    const state = completeness(text);
    if (state.kind === 'incomplete') {
      pending = text;
      return;
    }
    pending = '';
    if (state.kind === 'error') {
      process.stderr.write(style.error(state.message) + '\n');
      return;
    }
    if (text.trim() !== '') await runScript(text);
  };

  const drain = async () => {
    if (busy) return;
    busy = true;
    while (queue.length > 0 && !finished) {
      try {
        await handleLine(queue.shift()!);
      } catch (err) {
        // the shell survives whatever one line does
        process.stderr.write(style.error(`rshell: internal error: ${(err as Error)?.message ?? String(err)}`) + '\n');
      }
    }
    busy = false;
    if (!finished) showPrompt();
  };

  rl.on('line', (line) => {
    queue.push(line);
    void drain();
  });
  rl.on('SIGINT', () => {
    if (running) {
      running.abort(); // cancel the script, not the shell
      return;
    }
    // discard what was being typed, as bash does
    pending = '';
    queue.length = 0;
    process.stdout.write('^C\n');
    rl.write(null, { ctrl: true, name: 'u' });
    showPrompt();
  });
  rl.on('close', () => {
    if (!finished) {
      process.stdout.write('exit\n');
      finished = true;
      resolveDone(session.status());
    }
  });

  showPrompt();
  return done;
}
