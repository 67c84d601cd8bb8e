// The per-operand loop of head and tail (and tools shaped like them): open each operand, print
// GNU's `==> NAME <==` headers, run the tool's body, and word open/read failures the way
// coreutils does (`TOOL: cannot open 'x' for reading: …`, `TOOL: error reading 'x': …`).
// The body returns false when it ran out of memory budget (`TOOL: memory exhausted`, status 1).

import type { CallContext } from '../types.js';
import type { Result } from '../../allowedpaths/types.js';
import { openInput, readFailure, type Input } from './inputs.js';
import { OutputBuffer, writeDiagnostic } from './output.js';
import { quoteaf } from './quote.js';

export interface HeadedLoop {
  /** the tool's name in diagnostics */
  tool: string;
  operands: readonly string[];
  /** print `==> NAME <==` before each operand */
  headers: boolean;
  /** how an operand is opened (default openInput); head swaps in a stdin that keeps a rest */
  open?: (name: string) => Result<Input>;
  /** the tool's work on one opened input; false = memory exhausted */
  body: (input: Input, out: OutputBuffer) => Promise<boolean>;
}

/** runs the loop and flushes; the exit status (1 if any operand failed) */
export async function forEachHeadedInput(ctx: CallContext, loop: HeadedLoop): Promise<number> {
  const out = new OutputBuffer(ctx.stdout);
  const { tool } = loop;
  let firstHeader = true;
  let status = 0;
  for (const name of loop.operands) {
    const opened = loop.open ? loop.open(name) : openInput(ctx, name);
    if (!opened.ok) {
      await writeDiagnostic(ctx, out, `${tool}: cannot open ${quoteaf(name)} for reading: ${opened.error.message}\n`);
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
      if (!(await loop.body(input, out))) {
        await writeDiagnostic(ctx, out, `${tool}: memory exhausted\n`);
        status = 1;
      }
    } catch (e) {
      const failure = readFailure(e);
      if (failure === undefined) throw e;
      await writeDiagnostic(ctx, out, `${tool}: error reading ${quoteaf(shownName)}: ${failure.message}\n`);
      status = 1;
    } finally {
      input.close();
    }
  }
  const p = out.flush();
  if (p) await p;
  return status;
}
