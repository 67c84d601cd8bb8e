// The `rshell` command (bundled to dist/rshell.js). Parses flags, finds the script, runs it through
// the Runner with output streamed to the process, and exits with the script's status.
// The REPL (readline, chalk) is imported only when it is needed, to keep cold start small.
import { Runner } from '../interp/runner.js';
import { parseArgs } from './args.js';
import { runnerOptions } from './options.js';
import { executeScript, type ExecuteEnv } from './execute.js';
import { USAGE, VERSION } from './help.js';
import { resolveScript, type Stdin } from './script-source.js';

const encoder = new TextEncoder();

const processStdin: Stdin = {
  isTTY: Boolean(process.stdin.isTTY),
  async readAll() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
  stream: () => process.stdin,
};

const processEnv: ExecuteEnv = {
  stdout: process.stdout,
  stderr: process.stderr,
  onInterrupt(handler) {
    let pressed = false;
    const onSigint = () => {
      // a second Ctrl-C while the run is still stopping ends the process, as a shell user expects
      if (pressed) process.exit(130);
      pressed = true;
      handler();
    };
    process.on('SIGINT', onSigint);
    return () => process.off('SIGINT', onSigint);
  },
};

const writeErr = (s: string) => void process.stderr.write(encoder.encode(s));

export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    writeErr(`error: ${parsed.error}\nRun 'rshell --help' for usage.\n`);
    return 1;
  }
  const opts = parsed.options;
  if (opts.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (opts.version) {
    process.stdout.write(`rshell ${VERSION}\n`);
    return 0;
  }

  const source = await resolveScript(opts, processStdin);
  if (source.kind === 'error') {
    writeErr(`error: ${source.message}\n`);
    return 1;
  }

  const warn = (message: string) => writeErr(`${message}\n`);
  let runner: Runner;
  try {
    runner = new Runner(runnerOptions(opts, process.cwd(), warn));
  } catch (err) {
    writeErr(`error: ${(err as Error).message}\n`);
    return 1;
  }

  if (source.kind === 'repl') {
    const { startRepl } = await import('./repl.js');
    return startRepl(runner, {
      timeoutNs: opts.timeoutNs,
      allowedCommands: opts.allowAllCommands ? 'all' : opts.allowedCommands,
    });
  }
  return executeScript(runner, source.source, { json: opts.json, timeoutNs: opts.timeoutNs }, processEnv);
}

/** exit once everything written so far has reached stdout and stderr */
function exitAfterFlush(code: number): void {
  process.exitCode = code;
  // should a closed stream never confirm, leave as soon as nothing else keeps the process alive
  setTimeout(() => process.exit(code), 2000).unref();
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}

// A closed stderr must not crash the process (stdout's closing is handled per run: execute.ts).
process.stderr.on('error', () => undefined);

// Should the run ever wait on something that cannot happen, Node would empty its event loop and
// exit 0 with the script unfinished; say so and fail instead.
let settled = false;
process.on('beforeExit', () => {
  if (settled) return;
  writeErr('rshell: internal error: the script stopped making progress\n');
  process.exit(1);
});

main(process.argv.slice(2)).then((code) => {
  settled = true;
  exitAfterFlush(code);
}, (err: unknown) => {
  settled = true;
  writeErr(`rshell: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
  exitAfterFlush(1);
});
