// xxd: make a hex dump or reverse one (vim's xxd 2022-01-14, as Debian 12 ships it). Its own
// command line (options.ts), its formats (dump.ts) and -r (revert.ts). An OUTFILE operand is
// refused: rshell builtins do not write files.

import type { CallContext } from '../types.js';
import { defineRawCommand } from '../internal/raw-command.js';
import { ChunkReader, openInput, readFailure, type Input } from '../internal/inputs.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { writeThen } from '../internal/print.js';
import { versionText } from '../internal/version.js';
import { parseXxdArgs, type XxdOptions } from './options.js';
import { dumpC, dumpNormal, dumpPlain, type ByteSource } from './dump.js';
import { revert } from './revert.js';
import { XXD_USAGE } from './usage.js';

/** the most columns a normal, bits or little-endian line holds */
const COLS = 256;

/** bytes of an input one at a time, read in chunks; a read failure throws */
class Bytes implements ByteSource {
  private chunk: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private done = false;
  private sinceCheck = 0;
  private readonly chunks: ChunkReader;

  constructor(private readonly ctx: CallContext, input: Input) {
    this.chunks = new ChunkReader(input.reader);
  }

  next(): number | Promise<number> {
    if (this.pos < this.chunk.length) return this.chunk[this.pos++]!;
    return this.refill();
  }

  private async refill(): Promise<number> {
    while (!this.done) {
      let c = this.chunks.read();
      if (c instanceof Promise) c = await c;
      if (c === null) {
        this.done = true;
        break;
      }
      this.sinceCheck += c.length;
      if (this.sinceCheck >= 4 << 20) {
        this.sinceCheck = 0;
        this.ctx.checkAbort();
      }
      if (c.length === 0) continue;
      this.chunk = c;
      this.pos = 1;
      return c[0]!;
    }
    return -1;
  }

  release(): void {
    this.chunks.release();
  }
}

function defaults(o: XxdOptions): void {
  if (o.cols === 0) o.cols = o.hextype === 'postscript' ? 30 : o.hextype === 'cinclude' ? 12 : o.hextype === 'bits' ? 6 : 16;
  if (o.group < 0) o.group = o.hextype === 'bits' ? 1 : o.hextype === 'normal' ? 2 : o.hextype === 'little' ? 4 : 0;
}

/** the size of a regular file read through `input` (a seekable one), else undefined (a pipe) */
function seekableSize(ctx: CallContext, input: Input): number | undefined {
  const info = input.isStdin ? (ctx.stdin as { info?: { type?: string; size?: number } }).info : input.info;
  return info !== undefined && info.type === 'file' && typeof info.size === 'number' ? info.size : undefined;
}

async function run(ctx: CallContext, args: readonly string[]): Promise<number> {
  const parsed = parseXxdArgs(args);
  if (parsed.kind === 'usage') return writeThen(ctx.stderr, XXD_USAGE, 1);
  // xxd prints its version on stderr; the text is rshell's
  if (parsed.kind === 'version') return writeThen(ctx.stderr, versionText('xxd'), 0);
  const o = parsed.options;
  defaults(o);
  const fail = (text: string, status: number): number | Promise<number> => writeThen(ctx.stderr, `xxd: ${text}\n`, status);
  const normalLike = o.hextype === 'normal' || o.hextype === 'bits' || o.hextype === 'little';
  if (o.cols < 1 || (normalLike && o.cols > COLS)) return fail(`invalid number of columns (max. ${COLS}).`, 1);
  if (o.group < 1 || o.group > o.cols) o.group = o.cols;
  else if (o.hextype === 'little' && (o.group & (o.group - 1)) !== 0) return fail('number of octets per group must be a power of 2 with -e.', 1);
  if (o.operands.length > 2) return writeThen(ctx.stderr, XXD_USAGE, 1);
  const outName = o.operands[1];
  if (outName !== undefined && outName !== '-') {
    return fail('an OUTFILE operand is refused: rshell builtins do not write files (redirect stdout instead)', 1);
  }
  const inName = o.operands[0] ?? '-';
  const opened = openInput(ctx, inName);
  if (!opened.ok) return fail(`${inName}: ${opened.error.message}`, 2);
  const input = opened.value;
  const out = new OutputBuffer(ctx.stdout);
  const src = new Bytes(ctx, input);
  try {
    if (o.revert) {
      if (o.hextype !== 'normal' && o.hextype !== 'postscript') return await fail('Sorry, cannot revert this type of hexdump', 255);
      const status = await revert(src, out, o.cols, o.hextype === 'postscript', o.negSeek ? -o.seek : o.seek, () => ctx.checkAbort());
      if (status === 5) {
        await writeDiagnostic(ctx, out, 'xxd: Sorry, cannot seek backwards.\n');
        return 5;
      }
    } else {
      const seekOff = await seek(ctx, o, input, src);
      if (seekOff === undefined) {
        await writeDiagnostic(ctx, out, 'xxd: Sorry, cannot seek.\n');
        return 4;
      }
      if (o.hextype === 'cinclude') await dumpC(o, src, out, o.varName ?? (input.isStdin ? undefined : inName));
      else if (o.hextype === 'postscript') await dumpPlain(o, src, out);
      else await dumpNormal(o, src, out, seekOff);
    }
  } catch (e) {
    const fe = readFailure(e);
    if (fe === undefined) throw e;
    // huntype reads with plain getc: a failed read is the end of the dump
    if (o.revert) {
      const p = out.flush();
      if (p) await p;
      return 0;
    }
    // getc_or_die: perror(pname)
    await writeDiagnostic(ctx, out, `xxd: ${fe.message}\n`);
    return 2;
  } finally {
    src.release();
    input.close();
  }
  const p = out.flush();
  if (p) await p;
  return 0;
}

/**
 * -s: fseek where the input can seek (a regular file: past its end is no error, before its start
 * is), else read and drop the bytes (a pipe: running out is an error, and so is any negative
 * seek). The offset the addresses start from, or undefined for `Sorry, cannot seek.`
 */
async function seek(ctx: CallContext, o: XxdOptions, input: Input, src: Bytes): Promise<number | undefined> {
  if (!(o.seek !== 0 || o.negSeek || !o.relSeek)) return o.seek;
  const size = seekableSize(ctx, input);
  let target = o.seek;
  if (size !== undefined) {
    if (o.negSeek) target = o.relSeek ? -o.seek : size - o.seek;
    if (target < 0) return undefined;
  } else if (o.negSeek) return undefined;
  else target = o.seek;
  for (let s = 0; s < target; s++) {
    let b = src.next();
    if (b instanceof Promise) b = await b;
    if (b < 0) return size !== undefined ? target : undefined;
  }
  return target;
}

export const xxd = defineRawCommand({
  name: 'xxd',
  summary: 'make a hex dump or do the reverse',
  help: XXD_USAGE,
  run: (ctx, line) => run(ctx, line.args),
});
