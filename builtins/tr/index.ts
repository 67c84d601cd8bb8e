// tr: translate, squeeze and/or delete bytes from standard input (GNU coreutils 9.1, C locale:
// every byte is a character). Operand parsing is in spec.ts, validation and tables in sets.ts;
// this file handles options, operand counts and the streaming filter.

import type { CallContext, Command } from '../types.js';
import { encode } from '../../src/io/encoding.js';
import { defineFlags, flagBool, parseFlags, versionText, writeUsageError } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { parseSpec, type Element } from './spec.js';
import { buildTables, type TrTables } from './sets.js';
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
  if (flagBool(f, 'help')) return writeText(ctx, TR_USAGE);
  if (flagBool(f, 'version')) return writeText(ctx, versionText('tr'));
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

/** stream stdin through the tables; the squeeze state carries across chunks */
async function filter(ctx: CallContext, t: TrTables): Promise<void> {
  const translate = t.translate;
  const remove = t.remove;
  const squeeze = t.squeeze;
  let last = -1;
  let pairTable: Uint16Array | undefined;
  for (;;) {
    let chunk = ctx.stdin.read();
    if (chunk instanceof Promise) chunk = await chunk;
    if (chunk === null) break;
    const len = chunk.length;
    const out = new Uint8Array(len);
    let n = 0;
    if (remove === undefined && squeeze === undefined) {
      translateChunk(chunk, out, translate!, pairTable ??= buildPairTable(translate!));
      n = len;
    } else {
      for (let i = 0; i < len; i++) {
        const b = chunk[i]!;
        if (remove !== undefined && remove[b] === 1) continue;
        const c = translate === undefined ? b : translate[b]!;
        if (squeeze !== undefined && c === last && squeeze[c] === 1) continue;
        out[n++] = c;
        last = c;
      }
    }
    if (n > 0) {
      const p = ctx.stdout.write(n === len ? out : out.subarray(0, n));
      if (p) await p;
    }
  }
}

/**
 * The translation table applied to two bytes at once (65536 entries): half the loop iterations
 * of a byte-by-byte lookup, measured ~1.8x faster on a 200 MB log. Byte order does not matter:
 * the same view is used to read and to write.
 */
function buildPairTable(table: Uint8Array): Uint16Array {
  // identity over all 16-bit values, then translate its bytes in place: whatever the platform's
  // byte order, pairs[v] is v with both of its bytes translated
  const pairs = new Uint16Array(65536);
  for (let v = 0; v < 65536; v++) pairs[v] = v;
  const bytes = new Uint8Array(pairs.buffer);
  for (let j = 0; j < bytes.length; j++) bytes[j] = table[bytes[j]!]!;
  return pairs;
}

function translateChunk(chunk: Uint8Array, out: Uint8Array, table: Uint8Array, pairs: Uint16Array): void {
  const len = chunk.length;
  let i = 0;
  if ((chunk.byteOffset & 1) === 0 && len >= 2) {
    const half = len >> 1;
    const src = new Uint16Array(chunk.buffer, chunk.byteOffset, half);
    const dst = new Uint16Array(out.buffer, out.byteOffset, half);
    for (let k = 0; k < half; k++) dst[k] = pairs[src[k]!]!;
    i = half << 1;
  }
  for (; i < len; i++) out[i] = table[chunk[i]!]!;
}

function writeText(ctx: CallContext, text: string): number | Promise<number> {
  const p = ctx.stdout.writeString(text);
  return p ? p.then(() => 0) : 0;
}

export const tr: Command = {
  name: 'tr',
  summary: 'translate, squeeze, and/or delete characters',
  usage: TR_USAGE,
  run,
};
