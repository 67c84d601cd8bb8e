// The per-operand loop of the file-reading tools (head, tail, tac, cat): open each operand, print
// GNU's `==> NAME <==` headers when asked, run the tool's body, and word open/read failures the
// way the tool does (head: `cannot open 'x' for reading: …`, cat: `cat: x: …`). A failure on one
// operand sets status 1 and the loop goes on, as coreutils does.

import type { CallContext } from '../types.js';
import type { Result } from '../../allowedpaths/types.js';
import { openInput, readFailure, type Input } from './inputs.js';
import { OutputBuffer, writeDiagnostic } from './output.js';
import { quoteaf } from './quote.js';

export interface InputLoop {
  /** the tool's name in diagnostics */
  tool: string;
  operands: readonly string[];
  /** print `==> NAME <==` before each operand */
  headers?: boolean;
  /** how an operand is opened (default openInput); head swaps in a stdin that keeps a rest */
  open?: (name: string) => Result<Input>;
  /** the open-failure line (default: `TOOL: cannot open 'NAME' for reading: MSG`) */
  openError?: (name: string, message: string) => string;
  /** the read-failure line (default: `TOOL: error reading 'NAME': MSG`, stdin as 'standard input') */
  readError?: (operand: string, shownName: string, message: string) => string;
  /**
   * the tool's work on one opened input: true, or a diagnostic line to print (status 1). A body
   * that finished without waiting may answer at once instead of with a promise: `cat *` over
   * thousands of small files then costs no promise and microtask per file.
   */
  body: (input: Input, out: OutputBuffer, shownName: string) => true | string | Promise<true | string>;
  /**
   * a read failure ends the loop, status 1, the later operands left unread: GNU tail's
   * dump_remainder dies where its other readers report and go on
   */
  readErrorFatal?: boolean;
  /** after the last operand, before the final flush (cat's pending numbered line) */
  finish?: (out: OutputBuffer) => Promise<void>;
}

/** operands between two checks of the run's deadline */
const ABORT_CHECK_EVERY = 16;

/** runs the loop and flushes; the exit status (1 if any operand failed) */
export async function forEachInput(ctx: CallContext, loop: InputLoop): Promise<number> {
  const out = new OutputBuffer(ctx.stdout);
  const { tool } = loop;
  const openError = loop.openError ?? ((name, msg) => `${tool}: cannot open ${quoteaf(name)} for reading: ${msg}`);
  const readError = loop.readError ?? ((_operand, shown, msg) => `${tool}: error reading ${quoteaf(shown)}: ${msg}`);
  let firstHeader = true;
  let status = 0;
  let sinceCheck = ABORT_CHECK_EVERY;
  for (const name of loop.operands) {
    // a deadline check reads the clock: once per few operands (`cat *` may name thousands), and
    // every read and write of a stream checks the abort flag anyway
    if (++sinceCheck >= ABORT_CHECK_EVERY) {
      sinceCheck = 0;
      ctx.checkAbort();
    }
    const opened = loop.open ? loop.open(name) : openInput(ctx, name);
    if (!opened.ok) {
      await writeDiagnostic(ctx, out, openError(name, opened.error.message) + '\n');
      status = 1;
      continue;
    }
    const input = opened.value;
    const shownName = input.isStdin ? 'standard input' : name;
    if (loop.headers) {
      const p = out.writeString(`${firstHeader ? '' : '\n'}==> ${shownName} <==\n`);
      if (p) await p;
      firstHeader = false;
    }
    try {
      let r = loop.body(input, out, shownName);
      if (r instanceof Promise) r = await r;
      if (r !== true) {
        await writeDiagnostic(ctx, out, r + '\n');
        status = 1;
      }
    } catch (e) {
      const failure = readFailure(e);
      if (failure === undefined) throw e;
      await writeDiagnostic(ctx, out, readError(name, shownName, failure.message) + '\n');
      status = 1;
      if (loop.readErrorFatal === true) break;
    } finally {
      input.close();
    }
  }
  if (loop.finish) await loop.finish(out);
  const p = out.flush();
  if (p) await p;
  return status;
}
