// tee: copy standard input to standard output and to each FILE (GNU coreutils 9.1 wording).
// Files are opened through the sandbox (remediation mode, `:rw` roots; elsewhere EACCES): a file
// that cannot be opened is reported and skipped, the others still get the data, status 1.
// `-` is a file named '-' (coreutils 9.1). -i is accepted and has nothing to do (no signals here).

import type { CallContext, Command } from '../types.js';
import type { FileWriter, FsError, Result } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { createError, fsErrorOf } from '../internal/errors.js';
import { PipeClosedError } from '../../lib/io/errors.js';
import { defineFlags, flagBool, type Occurrence } from '../internal/flags.js';
import { quotef, quote } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { TEE_USAGE } from './usage.js';
import { parseGnuArgs } from '../internal/command.js';

const SPEC = defineFlags({
  flags: [
    { name: 'append', short: 'a', long: 'append', kind: 'boolean' },
    { name: 'ignoreInterrupts', short: 'i', long: 'ignore-interrupts', kind: 'boolean' },
    { name: 'outputError', long: 'output-error', kind: 'optional' },
    { name: 'p', short: 'p', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
});

type OutputErrorMode = 'default' | 'warn' | 'warn-nopipe' | 'exit' | 'exit-nopipe';
const MODES = ['warn', 'warn-nopipe', 'exit', 'exit-nopipe'] as const;

/** gnulib argmatch: exact match, else a unique prefix */
function argmatch(value: string): (typeof MODES)[number] | 'invalid' | 'ambiguous' {
  const exact = MODES.find((m) => m === value);
  if (exact !== undefined) return exact;
  const prefixed = MODES.filter((m) => m.startsWith(value));
  if (prefixed.length === 1) return prefixed[0]!;
  // '' is a prefix of every mode: ambiguous, as gnulib says
  return prefixed.length === 0 ? 'invalid' : 'ambiguous';
}

function badModeText(value: string, kind: 'invalid' | 'ambiguous'): string {
  return (
    `tee: ${kind} argument ${quote(value)} for '--output-error'\nValid arguments are:\n` +
    MODES.map((m) => `  - '${m}'\n`).join('') +
    "Try 'tee --help' for more information.\n"
  );
}

interface Output {
  name: string;
  writer: FileWriter;
  live: boolean;
}

const NO_SUCH_FILE: FsError = { code: 'ENOENT', message: 'No such file or directory' };

/** GNU checks each --output-error as getopt meets it (the first bad one fails); the last wins */
function outputErrorMode(order: readonly Occurrence[]): OutputErrorMode | { bad: string } {
  let mode: OutputErrorMode = 'default';
  for (const o of order) {
    if (o.name === 'p') mode = 'warn-nopipe';
    else if (o.name === 'outputError') {
      if (o.value === undefined) {
        mode = 'warn-nopipe';
        continue;
      }
      const m = argmatch(o.value);
      if (m === 'invalid' || m === 'ambiguous') return { bad: badModeText(o.value, m) };
      mode = m;
    }
  }
  return mode;
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const r = await parseGnuArgs(ctx, SPEC, args, {
    name: 'tee',
    help: TEE_USAGE,
    // a bad --output-error before a bad option is what GNU reports
    checkBefore: (order) => {
      const m = outputErrorMode(order);
      return typeof m === 'object' ? say(ctx.stderr, m.bad).then(() => 1) : undefined;
    },
  });
  if (typeof r === 'number') return r;

  const chosen = outputErrorMode(r.order);
  if (typeof chosen === 'object') {
    await say(ctx.stderr, chosen.bad);
    return 1;
  }
  const mode = chosen;

  let status = 0;
  const outputs: Output[] = [];
  for (const name of r.operands) {
    // open("") is ENOENT; the sandbox would resolve '' to the working directory (EISDIR)
    const opened: Result<FileWriter> = name === ''
      ? { ok: false, error: NO_SUCH_FILE }
      : ctx.fs.openWrite(name, { append: flagBool(r.flags, 'append'), truncate: !flagBool(r.flags, 'append') });
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

export const tee: Command = {
  name: 'tee',
  summary: 'read from standard input and write to standard output and files',
  usage: TEE_USAGE,
  run,
};
