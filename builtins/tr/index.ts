// tr: translate, squeeze and/or delete bytes from standard input (GNU coreutils 9.1, C locale:
// every byte is a character). Operand parsing is in spec.ts, validation and tables in sets.ts;
// this file handles options, operand counts and the streaming filter.

import type { CallContext, Command } from '../types.js';
import { writeThen } from '../internal/print.js';
import { encode } from '../../src/io/encoding.js';
import { defineFlags, flagBool, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { parseSpec, type Element } from './spec.js';
import { buildTables, type TrTables } from './sets.js';
import { translatorFor } from './translate.js';
import { TR_USAGE } from './usage.js';

const SPEC = defineFlags({
  flags: [
    { name: 'complement', short: 'cC', long: 'complement', kind: 'boolean' },
    { name: 'delete', short: 'd', long: 'delete', kind: 'boolean' },
    { name: 'squeeze', short: 's', long: 'squeeze-repeats', kind: 'boolean' },
    { name: 'truncate', short: 't', long: 'truncate-set1', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
  ],
  // GNU tr's optstring starts with '+': options end at the first operand
  stopAtFirstOperand: true,
});

async function writeErr(ctx: CallContext, text: string): Promise<number> {
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 1;
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  const f = r.flags;
  if (flagBool(f, 'help')) return writeThen(ctx.stdout, TR_USAGE, 0);
  if (flagBool(f, 'version')) return writeThen(ctx.stdout, versionText('tr'), 0);
  const o = {
    complement: flagBool(f, 'complement'),
    delete: flagBool(f, 'delete'),
    squeeze: flagBool(f, 'squeeze'),
    truncate: flagBool(f, 'truncate'),
  };
  const operands = r.operands;
  const minOperands = 1 + (o.delete === o.squeeze ? 1 : 0);
  const maxOperands = 1 + (!o.delete || o.squeeze ? 1 : 0);
  if (operands.length < minOperands) {
    if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
    const why = o.squeeze
      ? 'Two strings must be given when both deleting and squeezing repeats.'
      : 'Two strings must be given when translating.';
    return writeUsageError(ctx, `missing operand after ${quote(args[args.length - 1]!)}\n${why}`, 1);
  }
  if (operands.length > maxOperands) {
    const extra = `extra operand ${quote(operands[maxOperands]!)}`;
    const why = operands.length === 2 ? '\nOnly one string may be given when deleting without squeezing repeats.' : '';
    return writeUsageError(ctx, extra + why, 1);
  }

  const warnings: string[] = [];
  const sets: Element[][] = [];
  for (const operand of operands) {
    const parsed = parseSpec(encode(operand), warnings);
    if (!parsed.ok) {
      for (const w of warnings) await writeErr(ctx, w);
      return writeErr(ctx, parsed.error);
    }
    sets.push(parsed.elements);
  }
  for (const w of warnings) await writeErr(ctx, w);
  const built = buildTables(sets[0]!, sets[1], o);
  if (!built.ok) return writeErr(ctx, built.error);
  await filter(ctx, built.tables);
  return 0;
}

/**
 * Stream stdin through the tables; the squeeze state carries across chunks. Output goes into one
 * buffer reused for every chunk: ByteWriters copy what they keep (streams.ts), and each write is
 * awaited before the buffer is filled again.
 */
async function filter(ctx: CallContext, t: TrTables): Promise<void> {
  const { translate, remove, squeeze } = t;
  const translator = remove === undefined && squeeze === undefined ? translatorFor(translate!) : undefined;
  let out = new Uint8Array(0);
  let last = -1;
  for (;;) {
    let chunk = ctx.stdin.read();
    if (chunk instanceof Promise) chunk = await chunk;
    if (chunk === null) break;
    const len = chunk.length;
    if (out.length < len) out = new Uint8Array(Math.max(len, 64 * 1024));
    let n: number;
    if (translator !== undefined) {
      translator(chunk, out);
      n = len;
    } else if (squeeze === undefined) {
      n = deleteAndTranslate(chunk, out, remove!, translate);
    } else {
      n = 0;
      for (let i = 0; i < len; i++) {
        const b = chunk[i]!;
        if (remove !== undefined && remove[b] === 1) continue;
        const c = translate === undefined ? b : translate[b]!;
        if (c === last && squeeze[c] === 1) continue;
        out[n++] = c;
        last = c;
      }
    }
    if (n > 0) {
      const p = ctx.stdout.write(out.subarray(0, n));
      if (p) await p;
    }
  }
}

/** -d without -s: branch-free, every byte is written and kept only when not removed */
function deleteAndTranslate(chunk: Uint8Array, out: Uint8Array, remove: Uint8Array, translate: Uint8Array | undefined): number {
  const len = chunk.length;
  let n = 0;
  if (translate === undefined) {
    for (let i = 0; i < len; i++) {
      const b = chunk[i]!;
      out[n] = b;
      n += remove[b]! ^ 1;
    }
  } else {
    for (let i = 0; i < len; i++) {
      const b = chunk[i]!;
      out[n] = translate[b]!;
      n += remove[b]! ^ 1;
    }
  }
  return n;
}

export const tr: Command = {
  name: 'tr',
  summary: 'translate, squeeze, and/or delete characters',
  usage: TR_USAGE,
  run,
};
