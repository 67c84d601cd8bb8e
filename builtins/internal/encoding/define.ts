// base64, base32 and basenc share their options (-d -i -w), their one optional FILE operand and
// their failures (coreutils 9.1 base64.c main and finish_and_exit).

import type { CallContext } from '../../types.js';
import { flag, reject, writeUsageError } from '../command.js';
import { openInput, readFailure } from '../inputs.js';
import { OutputBuffer, writeDiagnostic } from '../output.js';
import { quote, quotef } from '../quote.js';
import { parseUintmax } from '../xstrtol.js';
import type { Codec } from './codecs.js';
import { decodeInput, encodeInput } from './run.js';

/**
 * -w: xdectoimax's decimal, leading blanks and '+' allowed. Past INTMAX_MAX GNU 9.1 ends up with
 * no wrapping at all (as -w 0); a width up to it is as good as infinite.
 */
function parseWrap(text: string): number | ReturnType<typeof reject> {
  const r = parseUintmax(text, '');
  if (r.kind === 'invalid') return reject(`invalid wrap size: ${quote(text)}`, { status: 1 });
  if (r.kind === 'overflow' || r.value > INTMAX_MAX) return 0;
  return r.value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(r.value);
}

const INTMAX_MAX = (1n << 63n) - 1n;

/** the options in base64.c's table order */
export const CODEC_FLAGS = {
  decode: flag.boolean('-d --decode'),
  wrap: flag.value('-w --wrap', parseWrap),
  ignoreGarbage: flag.boolean('-i --ignore-garbage'),
};

export interface CodecRun {
  tool: string;
  codec: Codec;
  decode: boolean;
  ignoreGarbage: boolean;
  wrap: number | undefined;
  operands: readonly string[];
}

export async function runCodec(ctx: CallContext, r: CodecRun): Promise<number> {
  if (r.operands.length > 1) return writeUsageError(ctx, `extra operand ${quote(r.operands[1]!)}`, 1);
  const name = r.operands[0] ?? '-';
  const opened = openInput(ctx, name);
  if (!opened.ok) {
    const p = ctx.stderr.writeString(`${r.tool}: ${quotef(name)}: ${opened.error.message}\n`);
    if (p) await p;
    return 1;
  }
  const input = opened.value;
  const out = new OutputBuffer(ctx.stdout);
  let failure: string | undefined;
  try {
    const outcome = r.decode ? await decodeInput(ctx, r.codec, input, r.ignoreGarbage, out) : await encodeInput(ctx, r.codec, input, r.wrap ?? 76, out);
    if (!outcome.ok) failure = outcome.message;
  } catch (e) {
    const fe = readFailure(e);
    if (fe === undefined) throw e;
    failure = `read error: ${fe.message}`;
  } finally {
    input.close();
  }
  if (failure !== undefined) {
    await writeDiagnostic(ctx, out, `${r.tool}: ${failure}\n`);
    return 1;
  }
  const p = out.flush();
  if (p) await p;
  return 0;
}
