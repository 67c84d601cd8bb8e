// `uniq INPUT OUTPUT`: the output operand is opened through the sandbox (remediation mode, `:rw`
// roots; refused elsewhere as EACCES, "Permission denied", as tee's files are) and truncated, in
// GNU's order: the input is opened first (a missing input leaves OUTPUT untouched), then OUTPUT is
// created or emptied, even when there is nothing to write.

import type { ByteReader } from '../../lib/io/streams.js';
import type { CallContext } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';
import { openInput, readFailure } from '../internal/inputs.js';
import type { FilterOutcome } from '../internal/line-filter.js';
import { OutputBuffer } from '../internal/output.js';
import { printErrorAndFail } from '../internal/print.js';
import { quoteaf, quotef } from '../internal/quote.js';

export async function uniqIntoFile(
  ctx: CallContext,
  inputName: string,
  outputName: string,
  filter: (reader: ByteReader, out: OutputBuffer) => Promise<FilterOutcome>,
): Promise<number> {
  const opened = openInput(ctx, inputName);
  if (!opened.ok) return printErrorAndFail(ctx, `uniq: ${quotef(inputName)}: ${opened.error.detail ?? opened.error.message}\n`);
  const input = opened.value;
  try {
    // a directory is GNU's "Is a directory" in every mode (read-only mode would refuse any write
    // first); fopen("") is ENOENT, where the sandbox would take '' for the working directory
    const st = ctx.fs.stat(outputName);
    if (st.ok && st.value.type === 'dir') return printErrorAndFail(ctx, `uniq: ${quotef(outputName)}: Is a directory\n`);
    const w = outputName === '' ? null : ctx.fs.openWrite(outputName, { truncate: true });
    if (w === null || !w.ok) {
      return printErrorAndFail(ctx, `uniq: ${quotef(outputName)}: ${w === null ? 'No such file or directory' : errorText(w.error)}\n`);
    }
    const writer = w.value;
    try {
      const out = new OutputBuffer(writer);
      let outcome: FilterOutcome;
      try {
        outcome = await filter(input.reader, out);
      } catch (e) {
        if (readFailure(e) === undefined) throw e;
        // GNU checks ferror() once the input ends and names no errno
        return printErrorAndFail(ctx, `uniq: error reading ${quoteaf(inputName)}\n`);
      } finally {
        const f = out.flush();
        if (f) await f;
      }
      if (writer.error !== undefined) return printErrorAndFail(ctx, `uniq: write error: ${writer.error.message}\n`);
      if (outcome === 'too-long') {
        return printErrorAndFail(ctx, `uniq: ${quotef(inputName)}: line too long (over ${ctx.limits.maxLineBytes} bytes)\n`);
      }
      return 0;
    } finally {
      writer.close();
    }
  } finally {
    input.close();
  }
}
