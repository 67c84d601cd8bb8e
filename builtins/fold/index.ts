// fold: wrap input lines (GNU coreutils 9.1, C locale).
//
// GNU's loop, byte by byte: the column moves by one, back by one for a backspace, to 0 for a
// carriage return, to the next multiple of 8 for a TAB (with -b every byte counts one). When a
// byte would take the column past WIDTH, the held line is written with a newline (with -s: up to
// and including its last blank, the rest carried over) and the byte is tried again; a byte wider
// than WIDTH on an empty line is kept. Each FILE is folded on its own: what is held at its end is
// written without newline. The held line is bounded by maxLineBytes (only a width past it needs
// more).

import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, type Claim, type CommandLine, type Reject } from '../internal/command.js';
import { forEachInput } from '../internal/input-loop.js';
import type { OutputBuffer } from '../internal/output.js';
import { quote, quotef } from '../internal/quote.js';
import { FOLD_USAGE } from './usage.js';

/** SIZE_MAX - TAB_WIDTH - 1: fold's largest width */
const MAX_WIDTH = (1n << 64n) - 1n - 8n - 1n;

/** gnulib xdectoumax(text, 1, MAX_WIDTH, "", "invalid number of columns", 0) */
function width(text: string): number | Reject {
  if (!/^[ \t\n\v\f\r]*\+?[0-9]+$/.test(text)) return reject(`invalid number of columns: ${quote(text)}`);
  const v = BigInt(text.trim());
  if (v < 1n || v > MAX_WIDTH) {
    // xnumtoumax: EOVERFLOW past INT_MAX/2, else ERANGE
    const why = v > 1073741823n ? 'Value too large for defined data type' : 'Numerical result out of range';
    return reject(`invalid number of columns: ${quote(text)}: ${why}`);
  }
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
}

const FLAGS = {
  bytes: flag.boolean('-b --bytes'),
  spaces: flag.boolean('-s --spaces'),
  width: flag.value('-w --width', width),
  // the obsolete -N inside a cluster (`-s5`)
  digits: flag.digits(width),
};

/** `-N…`: the digits and whatever follows are one width (getopt's "0::" optional argument) */
function obsoleteWidth(args: readonly string[], i: number): Claim<typeof FLAGS> | undefined {
  const arg = args[i]!; // i < args.length (the claimer is offered existing arguments)
  if (!/^-[0-9]/.test(arg)) return undefined;
  return { consumed: 1, occurrence: { name: 'width', value: arg.slice(1), spelled: arg } };
}

const NL = 0x0a;
const TAB = 0x09;
const BS = 0x08;
const CR = 0x0d;
const SPACE = 0x20;

class Folder {
  private line = new Uint8Array(1024);
  private len = 0;
  private column = 0;
  private readonly nlByte = new Uint8Array([NL]);

  constructor(
    private readonly width: number,
    private readonly bytes: boolean,
    private readonly spaces: boolean,
    private readonly maxLine: number,
  ) {}

  reset(): void {
    this.len = 0;
    this.column = 0;
  }

  private adjust(col: number, c: number): number {
    if (this.bytes) return col + 1;
    if (c === BS) return col > 0 ? col - 1 : 0;
    if (c === CR) return 0;
    if (c === TAB) return col + 8 - (col % 8);
    return col + 1;
  }

  private hold(c: number): boolean {
    if (this.len >= this.maxLine) return false;
    if (this.len === this.line.length) {
      const grown = new Uint8Array(Math.min(this.maxLine, this.len * 2));
      grown.set(this.line);
      this.line = grown;
    }
    this.line[this.len++] = c;
    return true;
  }

  /** one chunk; false when the held line passed the limit */
  async feed(c: Uint8Array, out: OutputBuffer): Promise<boolean> {
    for (let i = 0; i < c.length; i++) {
      const b = c[i]!; // i < c.length
      if (b === NL) {
        let p = out.write(this.line, 0, this.len);
        if (p) await p;
        p = out.write(this.nlByte);
        if (p) await p;
        this.len = 0;
        this.column = 0;
        continue;
      }
      for (;;) {
        this.column = this.adjust(this.column, b);
        if (this.column <= this.width) break;
        if (this.spaces) {
          let end = this.len;
          let found = false;
          while (end > 0) {
            end--;
            const x = this.line[end];
            if (x === SPACE || x === TAB) {
              found = true;
              break;
            }
          }
          if (found) {
            end++;
            let p = out.write(this.line, 0, end);
            if (p) await p;
            p = out.write(this.nlByte);
            if (p) await p;
            this.line.copyWithin(0, end, this.len);
            this.len -= end;
            let col = 0;
            for (let k = 0; k < this.len; k++) col = this.adjust(col, this.line[k]!); // k < len
            this.column = col;
            continue;
          }
        }
        if (this.len === 0) break;
        let p = out.write(this.line, 0, this.len);
        if (p) await p;
        p = out.write(this.nlByte);
        if (p) await p;
        this.len = 0;
        this.column = 0;
      }
      if (!this.hold(b)) return false;
    }
    return true;
  }

  /** end of a file: the held bytes, without newline */
  async finish(out: OutputBuffer): Promise<void> {
    const p = out.write(this.line, 0, this.len);
    if (p) await p;
    this.reset();
  }
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  let w = 80;
  for (const o of order) if (o.name === 'width' || o.name === 'digits') w = o.value;
  const folder = new Folder(w, flags.bytes, flags.spaces, ctx.limits.maxLineBytes);
  return forEachInput(ctx, {
    tool: 'fold',
    operands: operands.length === 0 ? ['-'] : operands,
    openError: (name, msg) => `fold: ${quotef(name)}: ${msg}`,
    readError: (operand, _shown, msg) => `fold: ${quotef(operand)}: ${msg}`,
    body: async (input, out) => {
      folder.reset();
      for (;;) {
        let c = input.reader.read();
        if (c instanceof Promise) c = await c;
        if (c === null) break;
        if (!(await folder.feed(c, out))) {
          folder.reset();
          return `fold: ${quotef(input.name)}: line too long (over ${ctx.limits.maxLineBytes} bytes)`;
        }
        ctx.checkAbort();
      }
      await folder.finish(out);
      return true;
    },
  });
}

export const fold = defineCommand({
  name: 'fold',
  summary: 'wrap each input line to fit in specified width',
  help: FOLD_USAGE,
  flags: FLAGS,
  claim: () => obsoleteWidth,
  run,
});
