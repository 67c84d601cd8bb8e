// The `rshell` command (bundled to dist/rshell.js). Parses flags, finds the script, runs it through
// the Runner with output streamed to the process, and exits with the script's status.
// Cold start matters (issue #7): the REPL (readline, chalk) is imported only when it is needed,
// and process.stdin / stdout / stderr — streams Node builds on first access — are touched only
// when the script reads its input or writes more than a little (fd-output.ts).
import { DEFAULT_HEAP_MIB, Runner } from '../isolation/runner.js';
import { previewStatus, previewText } from './preview-text.js';
import type { ApproverSlot } from './repl.js';
import { startWatchdog } from './watchdog.js';
import { parseArgs } from './args.js';
import { runnerOptions } from './options.js';
import { executeScript, type ExecuteEnv } from './execute.js';
import { USAGE, VERSION } from './help.js';
import { resolveScript, type Stdin } from './script-source.js';
import { FdOutput } from './fd-output.js';
import { cheapenDirConstruction } from '../../allowedpaths/dir-promisify.js';
import { onFirstDirectory } from '../../allowedpaths/listing.js';

const encoder = new TextEncoder();

/**
 * process.stdin for the script, opened at its first read: the Runner asks for an iterator when the
 * run starts, but `rshell -c 'echo hi'` never reads, so it never pays for the stream.
 */
const lazyProcessStdin: AsyncIterable<Uint8Array> = {
  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    let inner: AsyncIterator<Uint8Array> | undefined;
    const open = () => (inner ??= (process.stdin as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]());
    return {
      next: () => open().next(),
      return: (value?: unknown) => inner?.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
    };
  },
};

const processStdin: Stdin = {
  get isTTY() {
    return Boolean(process.stdin.isTTY);
  },
  async readAll() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
  stream: () => lazyProcessStdin,
};

// stdout and stderr by descriptor: Node's streams only if the output grows (see fd-output.ts)
const stdout = new FdOutput(1, () => process.stdout);
const stderr = new FdOutput(2, () => {
  const stream = process.stderr;
  // a closed stderr must not crash the process (stdout's closing is handled per run: execute.ts)
  stream.on('error', () => undefined);
  return stream;
});

const processEnv: ExecuteEnv = {
  stdout,
  stderr,
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

const writeErr = (s: string) => void stderr.write(encoder.encode(s));

export async function main(argv: readonly string[]): Promise<number> {
  // the CLI owns its process: `find` opens a directory per directory it lists (dir-promisify.ts)
  onFirstDirectory(cheapenDirConstruction);
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    writeErr(`error: ${parsed.error}\nRun 'rshell --help' for usage.\n`);
    return 1;
  }
  const opts = parsed.options;
  if (opts.help) {
    stdout.write(USAGE);
    return 0;
  }
  if (opts.version) {
    stdout.write(`rshell ${VERSION}\n`);
    return 0;
  }

  const source = await resolveScript(opts, processStdin);
  if (source.kind === 'error') {
    writeErr(`error: ${source.message}\n`);
    return 1;
  }

  const warn = (message: string) => writeErr(`${message}\n`);
  let runner: Runner;
  // at the REPL, an `ask` rule asks the person at the terminal (repl.ts answers through this);
  // a script run has nobody to ask: `ask` refuses there
  const asker: ApproverSlot = { ask: null };
  try {
    const ro = runnerOptions(opts, process.cwd(), warn);
    if (source.kind === 'repl' && ro.rules !== undefined && (ro.isolation ?? 'none') === 'none') {
      ro.approve = (request) => (asker.ask === null ? false : asker.ask(request));
      // a person may take a while: the REPL waits for the answer as long as the line's deadline allows
      ro.approvalTimeoutMs = 24 * 60 * 60 * 1000;
    }
    runner = new Runner(ro);
  } catch (err) {
    writeErr(`error: ${(err as Error).message}\n`);
    return 1;
  }

  if (source.kind === 'repl') {
    const { startRepl } = await import('./repl.js');
    return startRepl(runner, {
      allowedCommands: opts.allowAllCommands ? 'all' : opts.allowedCommands,
      asker,
    });
  }
  if (opts.check) {
    const report = runner.check(source.source.script);
    stdout.write(opts.json ? JSON.stringify(report) + '\n' : previewText(report));
    return previewStatus(report);
  }
  // in-process (the default), a thread of its own holds the deadline and the memory cap
  if (runner.isolation === 'none') startWatchdog({ timeoutMs: opts.timeoutNs / 1e6, capMiB: opts.maxHeapMiB ?? DEFAULT_HEAP_MIB });
  return executeScript(runner, source.source, { json: opts.json }, processEnv);
}

/** exit once everything written so far has reached stdout and stderr */
function exitAfterFlush(code: number): void {
  process.exitCode = code;
  // writes by descriptor are done already; a stream that took over may still hold some
  const streams = [stdout.nodeStream, stderr.nodeStream].filter((s) => s !== undefined);
  if (streams.length === 0) process.exit(code);
  // should a closed stream never confirm, leave as soon as nothing else keeps the process alive
  // (a timer only here: the first one costs a plain `rshell -c 'echo hi'` ~0.3 ms)
  setTimeout(() => process.exit(code), 2000).unref();
  let pending = streams.length;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  for (const s of streams) s.write('', done);
}

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
