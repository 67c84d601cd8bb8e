// xxd's output formats (xxd.c 2022-01-14): the normal/bits/little-endian line layout with its
// offsets, -a's `*` for runs of all-zero lines (xxdline), the plain -p dump and the -i C array.

import type { OutputBuffer } from '../internal/output.js';
import type { XxdOptions } from './options.js';

/** bytes 64..255 as -E shows them (EBCDIC, non-printing as '.'); below 64 all '.' */
const EBCDIC =
  ' ...........<(+|&.........!$*);~-/.........,%_>?.........`:#@\'=".abcdefghi.......jklmnopqr^.......stuvwxyz...[...............]..{ABCDEFGHI......}JKLMNOPQR......\\.STUVWXYZ......0123456789......';

const LOWER = '0123456789abcdef';
const UPPER = '0123456789ABCDEF';

/** one byte source: the next byte, or -1 at the end (reads may wait) */
export interface ByteSource {
  next(): number | Promise<number>;
}

/** the address column: %08lx, or %08ld of the same unsigned long */
function address(v: bigint, decimal: boolean): string {
  if (!decimal) return v.toString(16).padStart(8, '0');
  const s = BigInt.asIntN(64, v);
  return s < 0n ? '-' + (-s).toString().padStart(7, '0') : s.toString().padStart(8, '0');
}

/** xxdline's static state: runs of zero lines become one `*` */
class LinePrinter {
  private zeroSeen = 0;
  private z = '';
  constructor(private readonly out: OutputBuffer) {}

  async line(l: string, nz: number): Promise<void> {
    if (nz === 0 && this.zeroSeen === 1) this.z = l;
    if (nz !== 0 || this.zeroSeen++ === 0) {
      if (nz !== 0) {
        if (nz < 0) this.zeroSeen--;
        if (this.zeroSeen === 2) await this.put(this.z);
        if (this.zeroSeen > 2) await this.put('*\n');
      }
      if (nz >= 0 || this.zeroSeen > 0) await this.put(l);
      if (nz !== 0) this.zeroSeen = 0;
    }
  }

  private async put(s: string): Promise<void> {
    const p = this.out.writeString(s);
    if (p) await p;
  }
}

export async function dumpNormal(o: XxdOptions, src: ByteSource, out: OutputBuffer, seekOff: number): Promise<void> {
  const hexx = o.upper ? UPPER : LOWER;
  const bits = o.hextype === 'bits';
  const cols = o.cols;
  const grp = o.group;
  const grplen = bits ? 8 * grp + 1 : 2 * grp + 1;
  const base = BigInt(seekOff) + o.displayOff;
  const printer = new LinePrinter(out);
  const l: string[] = [];
  let p = 0;
  let n = 0;
  let c = 0;
  let addrlen = 0;
  let nonzero = 0;
  while (o.length < 0 || n < o.length) {
    let e = src.next();
    if (e instanceof Promise) e = await e;
    if (e < 0) break;
    if (p === 0) {
      const a = address(BigInt.asUintN(64, base + BigInt(n)), o.decimal) + ':';
      addrlen = a.length;
      l.length = 0;
      for (let k = 0; k < a.length; k++) l.push(a[k]!);
    }
    const x = o.hextype === 'little' ? p ^ (grp - 1) : p;
    c = addrlen + 1 + Math.floor((grplen * x) / grp);
    const put = (at: number, ch: string): void => {
      while (l.length < at) l.push(' ');
      l[at] = ch;
    };
    if (!bits) {
      put(c, hexx[(e >> 4) & 15]!);
      put(c + 1, hexx[e & 15]!);
    } else {
      for (let i = 7; i >= 0; i--) put(c++, e & (1 << i) ? '1' : '0');
    }
    if (e !== 0) nonzero++;
    let shown = e;
    if (o.ebcdic) shown = e < 64 ? 0x2e : EBCDIC.charCodeAt(e - 64);
    c = addrlen + 3 + Math.floor((grplen * cols - 1) / grp) + p;
    put(c++, shown > 31 && shown < 127 ? String.fromCharCode(shown) : '.');
    n++;
    if (++p === cols) {
      l.length = c;
      await printer.line(l.join('') + '\n', o.autoskip ? nonzero : 1);
      nonzero = 0;
      p = 0;
    }
  }
  if (p !== 0) {
    l.length = c;
    await printer.line(l.join('') + '\n', 1);
  } else if (o.autoskip) {
    // the last line printed (or kept) again, so a dump ending in zero lines shows its end
    await printer.line(l.slice(0, c).join('') + '\n', -1);
  }
}

export async function dumpPlain(o: XxdOptions, src: ByteSource, out: OutputBuffer): Promise<void> {
  const hexx = o.upper ? UPPER : LOWER;
  let p = o.cols;
  let n = 0;
  let line = '';
  while (o.length < 0 || n < o.length) {
    let e = src.next();
    if (e instanceof Promise) e = await e;
    if (e < 0) break;
    line += hexx[(e >> 4) & 15]! + hexx[e & 15]!;
    n++;
    if (--p === 0) {
      line += '\n';
      p = o.cols;
      const w = out.writeString(line);
      if (w) await w;
      line = '';
    }
  }
  if (p < o.cols) line += '\n';
  const w = out.writeString(line);
  if (w) await w;
}

function cName(name: string, capitalize: boolean): string {
  let s = /^[0-9]/.test(name) ? '__' : '';
  // isalnum in the C locale, on each byte of the name
  for (const b of new TextEncoder().encode(name)) {
    const ch = String.fromCharCode(b);
    s += /[A-Za-z0-9]/.test(ch) ? (capitalize ? ch.toUpperCase() : ch) : '_';
  }
  return s;
}

export async function dumpC(o: XxdOptions, src: ByteSource, out: OutputBuffer, varName: string | undefined): Promise<void> {
  const write = async (s: string): Promise<void> => {
    const w = out.writeString(s);
    if (w) await w;
  };
  const name = varName === undefined ? undefined : cName(varName, o.capitalize);
  if (name !== undefined) await write(`unsigned char ${name}[] = {\n`);
  let p = 0;
  let text = '';
  while (o.length < 0 || p < o.length) {
    let c = src.next();
    if (c instanceof Promise) c = await c;
    if (c < 0) break;
    const hex = c.toString(16).padStart(2, '0');
    text += (p % o.cols ? ', ' : !p ? '  ' : ',\n  ') + (o.upper ? `0X${hex.toUpperCase()}` : `0x${hex}`);
    p++;
    if (text.length > 60000) {
      await write(text);
      text = '';
    }
  }
  if (p) text += '\n';
  await write(text);
  if (name !== undefined) await write(`};\nunsigned int ${name}_${o.capitalize ? 'LEN' : 'len'} = ${p};\n`);
}
