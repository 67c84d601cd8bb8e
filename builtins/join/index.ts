// join: join lines of two files on a common field (GNU coreutils 9.1, C locale). Streams both
// inputs; holds only the current run of lines that share a join field (within the command's
// memory budget). Order warnings, -o auto, -e, --header and the obsolete -j1/-o readings are GNU's.

import { Buffer } from 'node:buffer';
import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine } from '../internal/command.js';
import { LineReader } from '../internal/lines.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { quote, quotef } from '../internal/quote.js';
import { commandBudget, memoryExhausted } from '../internal/budget.js';
import { fieldList, joinField, planOf, type JoinPlan } from './args.js';
import { JOIN_HELP } from './usage.js';
import { decode } from '../../lib/io/encoding.js';

const fatal = (message: string) => reject(message, { status: 1 });
const checked = <T>(r: T | { message: string }): T | ReturnType<typeof reject> => (typeof r === 'object' && r !== null && 'message' in r ? fatal(r.message) : (r as T));

const FLAGS = {
  ignoreCase: flag.boolean('-i --ignore-case'),
  checkOrder: flag.boolean('--check-order'),
  nocheckOrder: flag.boolean('--nocheck-order'),
  zero: flag.boolean('-z --zero-terminated'),
  header: flag.boolean('--header'),
  help: flag.help(),
  version: flag.version(),
  a: flag.values('-a', (v) => (/^\s*\+?[0-9]+$/.test(v) && (Number(v) === 1 || Number(v) === 2) ? v : fatal(`invalid field number: ${quote(v)}`))),
  e: flag.list('-e'),
  f1: flag.values('-1', (v) => checked(joinField(v))),
  f2: flag.values('-2', (v) => checked(joinField(v))),
  j: flag.values('-j', (v) => checked(joinField(v))),
  o: flag.values('-o', (v) => (v === 'auto' ? v : checked(fieldList(v)))),
  t: flag.values('-t', (v) => (v.length > 1 && v !== '\\0' ? fatal(`multi-character tab ${quote(v)}`) : v)),
  v: flag.values('-v', (v) => (/^\s*\+?[0-9]+$/.test(v) && (Number(v) === 1 || Number(v) === 2) ? v : fatal(`invalid field number: ${quote(v)}`))),
};

class Failed extends Error {}

/** one line: its text (latin1, no delimiter) and its fields as [start, end) pairs */
interface Line {
  text: string;
  fields: number[];
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a;

function fieldsOf(text: string, tab: number): number[] {
  const f: number[] = [];
  const lim = text.length;
  if (lim === 0) return f;
  let ptr = 0;
  if (tab >= 0 && tab !== 0x0a) {
    for (let sep = text.indexOf(String.fromCharCode(tab), ptr); sep !== -1; sep = text.indexOf(String.fromCharCode(tab), ptr)) {
      f.push(ptr, sep);
      ptr = sep + 1;
    }
  } else if (tab < 0) {
    while (isBlank(text.charCodeAt(ptr))) if (++ptr === lim) return f;
    do {
      let sep = ptr + 1;
      while (sep !== lim && !isBlank(text.charCodeAt(sep))) sep++;
      f.push(ptr, sep);
      if (sep === lim) return f;
      for (ptr = sep + 1; ptr !== lim && isBlank(text.charCodeAt(ptr)); ptr++);
    } while (ptr !== lim);
  }
  f.push(ptr, lim);
  return f;
}

const upper = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

function field(l: Line, n: number): string {
  const k = n * 2;
  return k < l.fields.length ? l.text.slice(l.fields[k]!, l.fields[k + 1]!) : '';
}

function keycmp(p: JoinPlan, a: Line, b: Line, j1: number, j2: number): number {
  let x = field(a, j1);
  let y = field(b, j2);
  if (x.length === 0) return y.length === 0 ? 0 : -1;
  if (y.length === 0) return 1;
  if (p.ignoreCase) {
    x = upper(x);
    y = upper(y);
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

const BLANK: Line = { text: '', fields: [] };

async function run(ctx: CallContext, { args }: CommandLine<typeof FLAGS>): Promise<number> {
  const p = planOf(args);
  if ('message' in p) {
    if (p.usage) return writeUsageError(ctx, p.message, 1);
    return die(ctx, undefined, p.message);
  }
  const inputs: Input[] = [];
  const out = new OutputBuffer(ctx.stdout);
  try {
    for (const name of p.names) {
      const r = openInput(ctx, name);
      if (!r.ok) return await die(ctx, out, `${quotef(name)}: ${r.error.message}`);
      inputs.push(r.value);
    }
    if (p.names[0] === '-' && p.names[1] === '-') return await die(ctx, out, 'both files cannot be standard input');
    await new Joiner(ctx, p, inputs, out).join();
  } catch (e) {
    if (!(e instanceof Failed)) throw e;
    return die(ctx, out, e.message);
  } finally {
    for (const i of inputs) i.close();
  }
  return 0;
}

async function die(ctx: CallContext, out: OutputBuffer | undefined, message: string): Promise<number> {
  await writeDiagnostic(ctx, out, `join: ${message}\n`);
  return 1;
}

class Joiner {
  private readonly readers: LineReader[];
  private readonly prev: (Line | null)[] = [null, null];
  private readonly lineNo = [0, 0];
  private readonly warned = [false, false];
  private seenUnpairable = false;
  private autocount = [0, 0];
  private readonly sep: string;
  private readonly eol: string;
  private held = 0;
  private readonly budget: number;
  private lines = 0;

  constructor(
    private readonly ctx: CallContext,
    private readonly p: JoinPlan,
    inputs: Input[],
    private readonly out: OutputBuffer,
  ) {
    this.readers = inputs.map((i) => new LineReader(i.reader, p.eol, ctx.limits.maxLineBytes));
    this.sep = p.tab < 0 ? ' ' : String.fromCharCode(p.tab);
    this.eol = String.fromCharCode(p.eol);
    this.budget = commandBudget(ctx);
  }

  /** get_line: the next line of file `which` (0, 1), order-checked against the previous one */
  private async getLine(which: number): Promise<Line | null> {
    const lr = this.readers[which]!;
    let ok: boolean;
    try {
      const r = lr.next();
      ok = r instanceof Promise ? await r : r;
    } catch (e) {
      const fe = readFailure(e);
      if (fe === undefined) throw e;
      throw new Failed('read error');
    }
    if (!ok) {
      if (lr.tooLong) throw new Failed(`${quotef(this.p.names[which]!)}: line too long (over ${this.ctx.limits.maxLineBytes} bytes)`);
      return null;
    }
    if ((++this.lines & 0x3ff) === 0) this.ctx.checkAbort();
    this.lineNo[which]!++;
    const text = lr.text();
    const line: Line = { text, fields: fieldsOf(text, this.p.tab) };
    const prev = this.prev[which];
    if (prev) await this.checkOrder(prev, line, which);
    this.prev[which] = line;
    return line;
  }

  private async checkOrder(prev: Line, cur: Line, which: number): Promise<void> {
    const p = this.p;
    if (p.check === 'disabled' || !(p.check === 'enabled' || this.seenUnpairable) || this.warned[which]) return;
    const jf = which === 0 ? p.field1 : p.field2;
    if (keycmp(p, prev, cur, jf, jf) > 0) {
      const msg = `${p.names[which]!}:${this.lineNo[which]!}: is not sorted: ${cur.text}`;
      if (p.check === 'enabled') throw new Failed(msg);
      await this.diag(`join: ${msg}\n`);
      this.warned[which] = true;
    }
  }

  private async diag(text: string): Promise<void> {
    // the line's bytes as they were (text is latin1: one char per byte)
    await writeDiagnostic(this.ctx, this.out, decode(Buffer.from(text, 'latin1')));
  }

  private async write(s: string): Promise<void> {
    const w = this.out.write(Buffer.from(s, 'latin1'));
    if (w) await w;
  }

  private prfield(n: number, line: Line): string {
    const v = field(line, n);
    return v.length > 0 ? v : (this.p.empty ?? '');
  }

  private prfields(line: Line, jf: number, autocount: number): string {
    const n = this.p.autoformat ? autocount : line.fields.length / 2;
    let s = '';
    for (let i = 0; i < jf && i < n; i++) s += this.sep + this.prfield(i, line);
    for (let i = jf + 1; i < n; i++) s += this.sep + this.prfield(i, line);
    return s;
  }

  private async prjoin(l1: Line, l2: Line): Promise<void> {
    const p = this.p;
    let s = '';
    if (p.outlist.length > 0) {
      p.outlist.forEach((o, k) => {
        if (k > 0) s += this.sep;
        if (o.file === 0) s += l1 === BLANK ? this.prfield(p.field2, l2) : this.prfield(p.field1, l1);
        else s += this.prfield(o.field, o.file === 1 ? l1 : l2);
      });
    } else {
      s = l1 === BLANK ? this.prfield(p.field2, l2) : this.prfield(p.field1, l1);
      s += this.prfields(l1, p.field1, this.autocount[0]!) + this.prfields(l2, p.field2, this.autocount[1]!);
    }
    await this.write(s + this.eol);
  }

  private hold(l: Line): void {
    this.held += l.text.length + 64 + l.fields.length * 8;
    if (this.held > this.budget) throw new Failed(memoryExhausted('join', this.budget).slice('join: '.length).trimEnd());
  }

  async join(): Promise<void> {
    const p = this.p;
    let seq1: Line[] = [];
    let seq2: Line[] = [];
    const first1 = await this.getLine(0);
    if (first1) seq1.push(first1);
    const first2 = await this.getLine(1);
    if (first2) seq2.push(first2);
    if (p.autoformat) this.autocount = [first1 ? first1.fields.length / 2 : 0, first2 ? first2.fields.length / 2 : 0];
    if (p.header && (seq1.length || seq2.length)) {
      await this.prjoin(seq1[0] ?? BLANK, seq2[0] ?? BLANK);
      this.prev[0] = null;
      this.prev[1] = null;
      if (seq1.length) seq1 = await this.advance(0);
      if (seq2.length) seq2 = await this.advance(1);
    }
    while (seq1.length && seq2.length) {
      const diff = keycmp(p, seq1[0]!, seq2[0]!, p.field1, p.field2);
      if (diff < 0) {
        if (p.unpaired1) await this.prjoin(seq1[0]!, BLANK);
        seq1 = await this.advance(0);
        this.seenUnpairable = true;
        continue;
      }
      if (diff > 0) {
        if (p.unpaired2) await this.prjoin(BLANK, seq2[0]!);
        seq2 = await this.advance(1);
        this.seenUnpairable = true;
        continue;
      }
      // the run of lines of file 1, then of file 2, with this key (the line after each run kept)
      this.held = 0;
      let eof1 = false;
      for (;;) {
        const l = await this.getLine(0);
        if (l === null) {
          eof1 = true;
          break;
        }
        this.hold(l);
        seq1.push(l);
        if (keycmp(p, l, seq2[0]!, p.field1, p.field2) !== 0) break;
      }
      let eof2 = false;
      for (;;) {
        const l = await this.getLine(1);
        if (l === null) {
          eof2 = true;
          break;
        }
        this.hold(l);
        seq2.push(l);
        if (keycmp(p, seq1[0]!, l, p.field1, p.field2) !== 0) break;
      }
      const n1 = eof1 ? seq1.length : seq1.length - 1;
      const n2 = eof2 ? seq2.length : seq2.length - 1;
      if (p.pairables) for (let i = 0; i < n1; i++) for (let j = 0; j < n2; j++) await this.prjoin(seq1[i]!, seq2[j]!);
      seq1 = eof1 ? [] : [seq1[seq1.length - 1]!];
      seq2 = eof2 ? [] : [seq2[seq2.length - 1]!];
    }
    const checktail = p.check !== 'disabled' && !(this.warned[0] && this.warned[1]);
    if ((p.unpaired1 || checktail) && seq1.length) {
      if (p.unpaired1) await this.prjoin(seq1[0]!, BLANK);
      if (seq2.length) this.seenUnpairable = true;
      for (let l = await this.getLine(0); l !== null; l = await this.getLine(0)) {
        if (p.unpaired1) await this.prjoin(l, BLANK);
        if (this.warned[0] && !p.unpaired1) break;
      }
    }
    if ((p.unpaired2 || checktail) && seq2.length) {
      if (p.unpaired2) await this.prjoin(BLANK, seq2[0]!);
      if (seq1.length) this.seenUnpairable = true;
      for (let l = await this.getLine(1); l !== null; l = await this.getLine(1)) {
        if (p.unpaired2) await this.prjoin(BLANK, l);
        if (this.warned[1] && !p.unpaired2) break;
      }
    }
    if (this.warned[0] || this.warned[1]) throw new Failed('input is not in sorted order');
    const f = this.out.flush();
    if (f) await f;
  }

  private async advance(which: number): Promise<Line[]> {
    const l = await this.getLine(which);
    return l ? [l] : [];
  }
}

export const join = defineCommand({
  name: 'join',
  summary: 'join lines of two files on a common field',
  help: JOIN_HELP,
  flags: FLAGS,
  run,
});
