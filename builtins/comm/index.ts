// comm: compare two sorted files line by line (GNU coreutils 9.1, C locale: byte order). Streams
// both inputs, holding the current and two previous lines of each (for the order checks).

import { Buffer } from 'node:buffer';
import type { CallContext } from '../types.js';
import { defineCommand, flag, writeUsageError, type CommandLine, type OccurrenceOf } from '../internal/command.js';
import { LineReader } from '../internal/lines.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { quote, quotef } from '../internal/quote.js';
import { COMM_HELP } from './usage.js';

const FLAGS = {
  suppress1: flag.boolean('-1'),
  suppress2: flag.boolean('-2'),
  suppress3: flag.boolean('-3'),
  checkOrder: flag.boolean('--check-order'),
  nocheckOrder: flag.boolean('--nocheck-order'),
  outputDelimiter: flag.list('--output-delimiter'),
  total: flag.boolean('--total'),
  zero: flag.boolean('-z --zero-terminated'),
};

type Occurrence = OccurrenceOf<typeof FLAGS>;
type Check = 'default' | 'enabled' | 'disabled';

/** the delimiter GNU's loop settles on, or the conflict it dies of */
function delimiterOf(order: readonly Occurrence[]): string | null | 'conflict' {
  let sep: string | null = null;
  for (const o of order) {
    if (o.name !== 'outputDelimiter') continue;
    if (sep !== null && sep !== o.value) return 'conflict';
    sep = o.value;
  }
  return sep;
}

class Failed extends Error {}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  if (operands.length < 2) {
    return writeUsageError(ctx, operands.length === 0 ? 'missing operand' : `missing operand after ${quote(operands[operands.length - 1]!)}`, 1);
  }
  if (operands.length > 2) return writeUsageError(ctx, `extra operand ${quote(operands[2]!)}`, 1);
  const d = delimiterOf(order);
  if (d === 'conflict') return fail(ctx, undefined, 'multiple output delimiters specified');
  const sep = Buffer.from(d === null ? '\t' : d === '' ? '\0' : d, 'utf8');
  let check: Check = 'default';
  for (const o of order) {
    if (o.name === 'checkOrder') check = 'enabled';
    else if (o.name === 'nocheckOrder') check = 'disabled';
  }
  const eol = flags.zero ? 0 : 0x0a;
  const show = [!flags.suppress1, !flags.suppress2, !flags.suppress3];
  const inputs: Input[] = [];
  const out = new OutputBuffer(ctx.stdout);
  try {
    for (const name of operands.slice(0, 2)) {
      const r = openInput(ctx, name);
      if (!r.ok) {
        for (const i of inputs) i.close();
        return await fail(ctx, out, `${quotef(name)}: ${r.error.message}`);
      }
      inputs.push(r.value);
    }
    const readers = inputs.map((i) => new LineReader(i.reader, eol, ctx.limits.maxLineBytes));
    const next = async (f: number): Promise<string | null> => {
      const lr = readers[f]!;
      try {
        const r = lr.next();
        if (r instanceof Promise ? await r : r) return lr.text();
      } catch (e) {
        const fe = readFailure(e);
        if (fe === undefined) throw e;
        throw new Failed(`${quotef(operands[f]!)}: ${fe.message}`);
      }
      if (lr.tooLong) throw new Failed(`${quotef(operands[f]!)}: line too long (over ${ctx.limits.maxLineBytes} bytes)`);
      return null;
    };
    const warned = [false, false];
    let seenUnpairable = false;
    const checkOrder = async (prev: string, cur: string, f: number): Promise<void> => {
      if (check === 'disabled' || !(check === 'enabled' || seenUnpairable) || warned[f]) return;
      if (prev > cur) {
        if (check === 'enabled') throw new Failed(`file ${f + 1} is not in sorted order`);
        await writeDiagnostic(ctx, out, `comm: file ${f + 1} is not in sorted order\n`);
        warned[f] = true;
      }
    };
    // the current line and the two before it, per file (GNU's rotating buffers)
    const cur: (string | null)[] = [await next(0), await next(1)];
    const prev1: (string | null)[] = [null, null];
    const prev2: (string | null)[] = [null, null];
    const total = [0, 0, 0];
    const term = new Uint8Array([eol]);
    const write = async (line: string, col: number): Promise<void> => {
      if (!show[col]) return;
      const seps = col === 1 ? (show[0] ? 1 : 0) : col === 2 ? (show[0] ? 1 : 0) + (show[1] ? 1 : 0) : 0;
      for (let k = 0; k < seps; k++) {
        const w = out.write(sep);
        if (w) await w;
      }
      const w = out.write(Buffer.from(line, 'latin1'));
      if (w) await w;
      const t = out.write(term);
      if (t) await t;
    };
    let lines = 0;
    while (cur[0] !== null || cur[1] !== null) {
      if ((++lines & 0x3ff) === 0) ctx.checkAbort();
      const a = cur[0]!;
      const b = cur[1]!;
      const ord = cur[0] === null ? 1 : cur[1] === null ? -1 : a < b ? -1 : a > b ? 1 : 0;
      if (ord === 0) {
        total[2]!++;
        await write(b, 2);
      } else {
        seenUnpairable = true;
        if (ord < 0) {
          total[0]!++;
          await write(a, 0);
        } else {
          total[1]!++;
          await write(b, 1);
        }
      }
      for (let f = 0; f < 2; f++) {
        if (!(f === 0 ? ord <= 0 : ord >= 0)) continue;
        prev2[f] = prev1[f]!;
        prev1[f] = cur[f]!;
        cur[f] = await next(f);
        if (cur[f] !== null) await checkOrder(prev1[f]!, cur[f]!, f);
        else if (prev2[f] !== null) await checkOrder(prev2[f]!, prev1[f]!, f);
      }
    }
    if (flags.total) {
      const w = out.write(Buffer.concat([Buffer.from(String(total[0])), sep, Buffer.from(String(total[1])), sep, Buffer.from(String(total[2])), sep, Buffer.from('total'), term]));
      if (w) await w;
    }
    if (warned[0] || warned[1]) return await fail(ctx, out, 'input is not in sorted order');
    const f = out.flush();
    if (f) await f;
    return 0;
  } catch (e) {
    if (!(e instanceof Failed)) throw e;
    return fail(ctx, out, e.message);
  } finally {
    for (const i of inputs) i.close();
  }
}

async function fail(ctx: CallContext, out: OutputBuffer | undefined, message: string): Promise<number> {
  await writeDiagnostic(ctx, out, `comm: ${message}\n`);
  return 1;
}

export const comm = defineCommand({
  name: 'comm',
  summary: 'compare two sorted files line by line',
  help: COMM_HELP,
  flags: FLAGS,
  checkBefore: (ctx, before) => (delimiterOf(before) === 'conflict' ? fail(ctx, undefined, 'multiple output delimiters specified') : undefined),
  run,
});
