// tee: copy standard input to standard output and to each FILE (GNU coreutils 9.1 wording).
// Files are opened through the sandbox (remediation mode, `:rw` roots; elsewhere EACCES): a file
// that cannot be opened is reported and skipped, the others still get the data, status 1.
// `-` is a file named '-' (coreutils 9.1). -i is accepted and has nothing to do (no signals here).

import type { CallContext } from '../types.js';
import type { FileWriter, FsError, Result } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { createError, fsErrorOf } from '../internal/errors.js';
import { PipeClosedError } from '../../lib/io/errors.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { quotef } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { TEE_USAGE } from './usage.js';

type OutputErrorMode = 'default' | 'warn' | 'warn-nopipe' | 'exit' | 'exit-nopipe';

// output_error_args, in GNU's order (argmatch's error lists them so)
const MODES = { warn: 'warn', 'warn-nopipe': 'warn-nopipe', exit: 'exit', 'exit-nopipe': 'exit-nopipe' } as const;

const FLAGS = {
  append: flag.boolean('-a --append'),
  ignoreInterrupts: flag.boolean('-i --ignore-interrupts'),
  outputError: flag.choice('--output-error', MODES, { bare: 'warn-nopipe' }),
  p: flag.boolean('-p'),
};

/** -p and --output-error set the mode; the last one wins */
function outputErrorMode(order: CommandLine<typeof FLAGS>['order']): OutputErrorMode {
  let mode: OutputErrorMode = 'default';
  for (const o of order) {
    if (o.name === 'p') mode = 'warn-nopipe';
    else if (o.name === 'outputError') mode = o.value;
  }
  return mode;
}

interface Output {
  name: string;
  writer: FileWriter;
  live: boolean;
}

const NO_SUCH_FILE: FsError = { code: 'ENOENT', message: 'No such file or directory' };

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const mode = outputErrorMode(order);

  let status = 0;
  const outputs: Output[] = [];
  for (const name of operands) {
    // open("") is ENOENT; the sandbox would resolve '' to the working directory (EISDIR)
    const opened: Result<FileWriter> = name === ''
      ? { ok: false, error: NO_SUCH_FILE }
      : ctx.fs.openWrite(name, { append: flags.append, truncate: !flags.append });
    if (!opened.ok) {
      await say(ctx.stderr, `tee: ${quotef(name)}: ${errorText(createError(ctx.fs, name, opened.error))}\n`);
      status = 1;
      // --output-error=exit[-nopipe]: GNU dies at the first file it cannot open, before the
      // later files are opened and before anything is copied
      if (mode === 'exit' || mode === 'exit-nopipe') {
        for (const o of outputs) o.writer.close();
        return 1;
      }
      continue;
    }
    outputs.push({ name, writer: opened.value, live: true });
  }

  let stdoutLive = true;
  try {
    for (;;) {
      ctx.checkAbort();
      let chunk: Uint8Array | null;
      try {
        const r = ctx.stdin.read();
        chunk = r instanceof Promise ? await r : r;
      } catch (e) {
        // stdin that cannot be read (a directory): GNU's `tee: read error: Is a directory`
        const failed = fsErrorOf(e);
        if (failed === undefined) throw e;
        await say(ctx.stderr, `tee: read error: ${failed.message}\n`);
        status = 1;
        break;
      }
      if (chunk === null) break;
      if (stdoutLive) {
        const outcome = await writeStdout(ctx, chunk, mode);
        if (outcome === 'exit') return 1;
        if (outcome !== 'ok') {
          stdoutLive = false;
          if (outcome === 'failed') status = 1;
        }
      }
      for (const o of outputs) {
        if (!o.live) continue;
        const p = o.writer.write(chunk);
        if (p) await p;
        if (o.writer.error !== undefined) {
          await say(ctx.stderr, `tee: ${quotef(o.name)}: ${errorText(o.writer.error)}\n`);
          o.live = false;
          status = 1;
          if (mode === 'exit' || mode === 'exit-nopipe') return 1;
        }
      }
      if (!stdoutLive && outputs.every((o) => !o.live) && mode !== 'default') {
        // nothing left to write to: GNU tee stops reading too
        break;
      }
    }
  } finally {
    for (const o of outputs) o.writer.close();
  }
  if (stdoutLive) {
    const p = ctx.stdout.flush();
    if (p) await p;
  }
  return status;
}

/** 'ok', 'dropped' (a pipe reader left, ignored under -p), 'failed' (reported), 'exit' */
async function writeStdout(ctx: CallContext, chunk: Uint8Array, mode: OutputErrorMode): Promise<'ok' | 'dropped' | 'failed' | 'exit'> {
  try {
    const p = ctx.stdout.write(chunk);
    if (p) await p;
    return 'ok';
  } catch (e) {
    if (!(e instanceof PipeClosedError) || mode === 'default') throw e;
    if (mode === 'warn-nopipe' || mode === 'exit-nopipe') return 'dropped';
    await say(ctx.stderr, `tee: 'standard output': Broken pipe\n`);
    return mode === 'exit' ? 'exit' : 'failed';
  }
}

export const tee = defineCommand({
  name: 'tee',
  summary: 'read from standard input and write to standard output and files',
  help: TEE_USAGE,
  flags: FLAGS,
  run,
});
