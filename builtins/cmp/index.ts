// cmp: compare two files byte by byte (GNU diffutils 3.8, LANG=C). Streams both inputs through
// the sandbox, holding one chunk of each; the first difference (or, with -l, every one) and the
// `EOF on NAME …` notes are GNU's, as are the skip and limit values (base 0, kMG… suffixes).

import type { CallContext } from '../types.js';
import type { ByteReader } from '../../lib/io/streams.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { defineCommand, flag, reject, type CommandLine, type OccurrenceOf, type Reject } from '../internal/command.js';
import { openInput, readFailure } from '../internal/inputs.js';
import { OutputBuffer } from '../internal/output.js';
import { CMP_HELP } from './usage.js';

const OFF_MAX = (1n << 63n) - 1n;
const POWERS = 'kKMGTPEZY';

/**
 * gnulib xstrtoimax(s, &end, 0, &v, "kKMGTPEZY0"): a C integer (0x hex, 0 octal) and an
 * optional suffix (K = 1024, KB = 1000, KiB = 1024…); `rest` is what follows (cmp's -i stops at
 * ':'). undefined when invalid.
 */
export function parseOffset(s: string, stopAt = ''): { value: bigint; rest: string } | undefined {
  const m = /^\s*([-+]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)/.exec(s);
  if (m === null) return undefined;
  if (m[1] === '-') return undefined;
  const digits = m[2]!;
  let v = /^0[xX]/.test(digits) ? BigInt(digits) : digits.startsWith('0') && digits.length > 1 ? BigInt('0o' + digits.slice(1)) : BigInt(digits);
  let rest = s.slice(m[0].length);
  if (rest !== '' && rest[0] !== stopAt) {
    const c = rest[0]!;
    let mult: bigint;
    let used = 1;
    if (POWERS.includes(c)) {
      let base = 1024n;
      if (rest[1] === 'B' || rest[1] === 'D') {
        base = 1000n;
        used = 2;
      } else if (rest[1] === 'i' && rest[2] === 'B') used = 3;
      mult = base ** BigInt(POWERS.indexOf(c.toUpperCase() === 'K' ? 'k' : c) + 1);
    } else if (c === 'b') mult = 512n;
    else if (c === 'B') mult = 1024n;
    else if (c === 'c') mult = 1n;
    else if (c === 'w') mult = 2n;
    else return undefined;
    // "kKMGTPEZY0" does not list b, B, c, w: they are invalid suffixes here
    if (!POWERS.includes(c)) return undefined;
    v *= mult;
    rest = rest.slice(used);
    if (rest !== '' && rest[0] !== stopAt) return undefined;
  }
  return { value: v > OFF_MAX ? OFF_MAX + 1n : v, rest };
}

function skipOf(text: string): [bigint, bigint | undefined] | Reject {
  const bad = reject(`invalid --ignore-initial value '${text}'`, { usage: true });
  const a = parseOffset(text, ':');
  if (a === undefined || a.value > OFF_MAX) return bad;
  if (a.rest === '') return [a.value, undefined];
  const b = parseOffset(a.rest.slice(1));
  if (b === undefined || b.rest !== '' || b.value > OFF_MAX) return reject(`invalid --ignore-initial value '${a.rest.slice(1)}'`, { usage: true });
  return [a.value, b.value];
}

function bytesOf(text: string): bigint | Reject {
  const r = parseOffset(text);
  if (r === undefined || r.rest !== '') return reject(`invalid --bytes value '${text}'`, { usage: true });
  return r.value;
}

const FLAGS = {
  printBytes: flag.boolean('-b --print-bytes'),
  printChars: flag.boolean('-c --print-chars'),
  ignoreInitial: flag.values('-i --ignore-initial', skipOf),
  verbose: flag.boolean('-l --verbose'),
  bytes: flag.values('-n --bytes', bytesOf),
  silent: flag.boolean('-s --silent --quiet'),
  version: flag.version('-v --version'),
  help: flag.help(),
};

type Occurrence = OccurrenceOf<typeof FLAGS>;
type Mode = 'first' | 'all' | 'status';

/** -l and -s exclude each other where getopt meets the second */
function modeOf(order: readonly Occurrence[]): Mode | 'conflict' {
  let mode: Mode = 'first';
  for (const o of order) {
    const want: Mode | null = o.name === 'verbose' ? 'all' : o.name === 'silent' ? 'status' : null;
    if (want === null) continue;
    if (mode !== 'first' && mode !== want) return 'conflict';
    mode = want;
  }
  return mode;
}

async function fail(ctx: CallContext, message: string, tryHelp: boolean): Promise<number> {
  let text = message === '' ? '' : `cmp: ${message}\n`;
  if (tryHelp) text += "cmp: Try 'cmp --help' for more information.\n";
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 2;
}

/** a read that failed, named by its input */
class SourceFailure extends Error {}

/** one input, read chunk by chunk */
class Source {
  chunk: Uint8Array = new Uint8Array(0);
  pos = 0;
  done = false;
  constructor(
    readonly reader: ByteReader,
    readonly name: string,
  ) {}
  get avail(): number {
    return this.chunk.length - this.pos;
  }
  async fill(): Promise<void> {
    while (!this.done && this.avail === 0) {
      let c: Uint8Array | null;
      try {
        const r = this.reader.read();
        c = r instanceof Promise ? await r : r;
      } catch (e) {
        const fe = readFailure(e);
        if (fe === undefined) throw e;
        throw new SourceFailure(`${this.name}: ${fe.message}`);
      }
      if (c === null) this.done = true;
      else {
        this.chunk = c;
        this.pos = 0;
      }
    }
  }
  async skip(n: bigint): Promise<void> {
    while (n > 0n) {
      await this.fill();
      if (this.avail === 0) return;
      const k = Number(n < BigInt(this.avail) ? n : BigInt(this.avail));
      this.pos += k;
      n -= BigInt(k);
    }
  }
}

/** cat -t's rendering of a byte (sprintc) */
function shown(c: number): string {
  let s = '';
  if (!(c >= 0x20 && c < 0x7f)) {
    if (c >= 128) {
      s = 'M-';
      c -= 128;
    }
    if (c < 32) return `${s}^${String.fromCharCode(c + 64)}`;
    if (c === 127) return `${s}^?`;
  }
  return s + String.fromCharCode(c);
}

const oct3 = (c: number): string => c.toString(8).padStart(3, ' ');

async function run(ctx: CallContext, { flags, order, operands, args }: CommandLine<typeof FLAGS>): Promise<number> {
  const mode = modeOf(order);
  if (mode === 'conflict') return fail(ctx, 'options -l and -s are incompatible', true);
  const printBytes = flags.printBytes || flags.printChars;
  const skip: [bigint, bigint] = [0n, 0n];
  for (const [a, b] of flags.ignoreInitial) {
    if (skip[0] < a) skip[0] = a;
    if (b !== undefined) {
      if (skip[1] < b) skip[1] = b;
    } else if (skip[1] < skip[0]) skip[1] = skip[0];
  }
  let limit = -1n;
  for (const n of flags.bytes) if (!(0n <= limit && limit < n)) limit = n;
  if (operands.length === 0) return fail(ctx, `missing operand after '${args[args.length - 1] ?? 'cmp'}'`, true);
  const names = [operands[0]!, operands[1] ?? '-'] as const;
  for (let f = 0; f < 2 && 2 + f < operands.length; f++) {
    const t = operands[2 + f]!;
    const r = parseOffset(t);
    if (r === undefined || r.rest !== '' || r.value > OFF_MAX) return fail(ctx, `invalid --ignore-initial value '${t}'`, true);
    if (skip[f]! < r.value) skip[f] = r.value;
  }
  if (operands.length > 4) return fail(ctx, `extra operand '${operands[4]!}'`, true);
  const sources: Source[] = [];
  const infos: (FileInfo | undefined)[] = [];
  const closers: (() => void)[] = [];
  try {
    for (let f = 0; f < 2; f++) {
      if (f === 1 && skip[0] === skip[1] && names[0] === names[1]) return 0;
      const r = openInput(ctx, names[f]!);
      if (!r.ok) return mode === 'status' ? 2 : fail(ctx, `${names[f]!}: ${r.error.message}`, false);
      closers.push(() => r.value.close());
      sources.push(new Source(r.value.reader, names[f]!));
      infos.push(r.value.isStdin ? undefined : r.value.info);
    }
    const [i0, i1] = infos;
    if (i0 !== undefined && i1 !== undefined && i0.ino !== 0 && i0.dev === i1.dev && i0.ino === i1.ino && skip[0] === skip[1]) return 0;
    if (mode === 'status' && i0?.type === 'file' && i1?.type === 'file') {
      const s0 = BigInt(Math.max(0, i0.size - Number(skip[0])));
      const s1 = BigInt(Math.max(0, i1.size - Number(skip[1])));
      if (s0 !== s1 && (limit < 0n || (s0 < s1 ? s0 : s1) < limit)) return 1;
    }
    let width = 1;
    if (mode === 'all') {
      let max = limit >= 0n ? limit : OFF_MAX;
      for (let f = 0; f < 2; f++) {
        const i = infos[f];
        if (i?.type === 'file') {
          const left = BigInt(i.size) - skip[f]!;
          if (left < max) max = left;
        }
      }
      for (; (max /= 10n) !== 0n; width++);
    }
    return await compare(ctx, sources as [Source, Source], names, skip, limit, mode, printBytes, width);
  } catch (e) {
    if (!(e instanceof SourceFailure)) throw e;
    return mode === 'status' ? 2 : fail(ctx, e.message, false);
  } finally {
    for (const c of closers) c();
  }
}

async function compare(
  ctx: CallContext, [a, b]: [Source, Source], names: readonly [string, string], skip: [bigint, bigint],
  limit: bigint, mode: Mode, printBytes: boolean, width: number,
): Promise<number> {
  const out = new OutputBuffer(ctx.stdout);
  const finish = async (status: number, err?: string): Promise<number> => {
    const f = out.flush();
    if (f) await f;
    if (err !== undefined) {
      const p = ctx.stderr.writeString(err);
      if (p) await p;
    }
    return status;
  };
  await a.skip(skip[0]);
  await b.skip(skip[1]);
  let byteNumber = 1n;
  let line = 1n;
  let atLineStart = true;
  let remaining = limit;
  let differing = 0;
  let chunks = 0;
  for (;;) {
    if (remaining === 0n) break;
    await a.fill();
    await b.fill();
    if ((++chunks & 0x3f) === 0) ctx.checkAbort();
    let n = Math.min(a.avail, b.avail);
    if (remaining > 0n && BigInt(n) > remaining) n = Number(remaining);
    if (n === 0) {
      if (a.avail === 0 && b.avail === 0) break;
      if (differing <= 0 && mode !== 'status') {
        const shorter = names[a.avail === 0 ? 0 : 1];
        let msg: string;
        if (byteNumber === 1n) msg = `cmp: EOF on ${shorter} which is empty\n`;
        else if (mode === 'first') {
          msg = atLineStart ? `cmp: EOF on ${shorter} after byte ${byteNumber - 1n}, line ${line - 1n}\n` : `cmp: EOF on ${shorter} after byte ${byteNumber - 1n}, in line ${line}\n`;
        } else msg = `cmp: EOF on ${shorter} after byte ${byteNumber - 1n}\n`;
        return finish(1, msg);
      }
      return finish(1);
    }
    const ca = a.chunk;
    const cb = b.chunk;
    const pa = a.pos;
    const pb = b.pos;
    let k = 0;
    while (k < n && ca[pa + k] === cb[pb + k]) k++;
    if (mode === 'first') {
      for (let i = 0; i < k; i++) if (ca[pa + i] === 0x0a) line++;
      if (k > 0) atLineStart = ca[pa + k - 1] === 0x0a;
      byteNumber += BigInt(k);
      if (k < n) {
        const c0 = ca[pa + k]!;
        const c1 = cb[pb + k]!;
        const text = printBytes
          ? `${names[0]} ${names[1]} differ: byte ${byteNumber}, line ${line} is ${oct3(c0)} ${shown(c0)} ${oct3(c1)} ${shown(c1)}\n`
          : `${names[0]} ${names[1]} differ: char ${byteNumber}, line ${line}\n`;
        const w = out.writeString(text);
        if (w) await w;
        return finish(1);
      }
    } else if (mode === 'status') {
      if (k < n) return finish(1);
      byteNumber += BigInt(n);
    } else {
      byteNumber += BigInt(k);
      for (let i = k; i < n; i++) {
        const c0 = ca[pa + i]!;
        const c1 = cb[pb + i]!;
        if (c0 !== c1) {
          const num = String(byteNumber).padStart(width, ' ');
          const text = printBytes ? `${num} ${oct3(c0)} ${shown(c0).padEnd(4, ' ')} ${oct3(c1)} ${shown(c1)}\n` : `${num} ${oct3(c0)} ${oct3(c1)}\n`;
          const w = out.writeString(text);
          if (w) await w;
          differing = -1;
        }
        byteNumber++;
      }
    }
    a.pos += n;
    b.pos += n;
    if (remaining > 0n) remaining -= BigInt(n);
  }
  return finish(differing === 0 ? 0 : 1);
}

export const cmp = defineCommand({
  name: 'cmp',
  summary: 'compare two files byte by byte',
  help: CMP_HELP,
  flags: FLAGS,
  usageStatus: 2,
  usageError: (ctx, message, status) => {
    const text = (message === '' ? '' : `${ctx.name}: ${message}\n`) + `${ctx.name}: Try '${ctx.name} --help' for more information.\n`;
    const p = ctx.stderr.writeString(text);
    return p ? p.then(() => status) : status;
  },
  checkBefore: (ctx, before) => (modeOf(before) === 'conflict' ? fail(ctx, 'options -l and -s are incompatible', true) : undefined),
  run,
});
