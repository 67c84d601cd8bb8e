// The checksum tools' shared run (md5sum, sha*sum, b2sum, cksum: coreutils 9.1's digest.c):
// one line per operand, GNU's or the BSD (--tag) format, names with a backslash, newline or
// carriage return escaped behind a leading backslash (unless -z), and --check (check.ts).

import type { CallContext } from '../../types.js';
import { openInput, readFailure } from '../inputs.js';
import { OutputBuffer, writeDiagnostic } from '../output.js';
import { quotef } from '../quote.js';
import { encode } from '../../../lib/io/encoding.js';
import { BsdSum, CrcSum, SysvSum, type Digester } from './algorithms.js';
import { feedInput } from './digest-input.js';
import { checkFile, type CheckState } from './check.js';

/** a digest the tools print as hex: its BSD tag, its length, how to make one */
export interface DigestKind {
  readonly tag: string;
  /** the default (and, for BLAKE2b, largest) length in bits */
  readonly bits: number;
  /** a digester giving `bits` bits */
  create(bits: number): Digester;
  /** BLAKE2b: any multiple of 8 bits, `-l`; check lines say theirs */
  readonly variable?: boolean;
}

/** cksum's own formats: `sum -s`, `sum -r`, the CRC */
export type LegacyKind = 'sysv' | 'bsd' | 'crc';

export interface SumSettings {
  readonly tool: string;
  readonly kind: DigestKind | LegacyKind;
  /** digest length in bits (BLAKE2b -l; else kind.bits) */
  readonly bits: number;
  readonly tagged: boolean;
  readonly binary: boolean;
  /** '\n', or 0 with -z */
  readonly delim: number;
  readonly check: boolean;
  readonly ignoreMissing: boolean;
  readonly quiet: boolean;
  readonly status: boolean;
  readonly warn: boolean;
  readonly strict: boolean;
  /** cksum without -a: in --check, each line's tag names its digest (digest.c algorithm_from_tag) */
  readonly byTag?: Readonly<Record<string, DigestKind | LegacyKind>>;
  /** cksum --debug: said once, before the first CRC */
  debug?: { said: boolean };
}

const HEX = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]! >> 4]! + HEX[bytes[i]! & 15]!;
  return s;
}

/** digest.c problematic_chars: a name printed with escapes behind a leading backslash */
export function needsEscape(name: string): boolean {
  return /[\\\n\r]/.test(name);
}

/** digest.c print_filename with escaping */
export function escapeName(name: string): string {
  return name.replace(/[\\\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : '\\r'));
}

function tagOf(kind: DigestKind, bits: number): string {
  return kind.variable === true && bits < kind.bits ? `${kind.tag}-${bits}` : kind.tag;
}

/** one output line for a digest (digest.c output_file) */
function digestLine(s: SumSettings, kind: DigestKind, name: string, digest: Uint8Array): string {
  const escaped = s.delim === 0x0a && needsEscape(name);
  const shown = escaped ? escapeName(name) : name;
  const end = s.delim === 0x0a ? '\n' : '\0';
  const lead = escaped ? '\\' : '';
  if (s.tagged) return `${lead}${tagOf(kind, s.bits)} (${shown}) = ${toHex(digest)}${end}`;
  return `${lead}${toHex(digest)} ${s.binary ? '*' : ' '}${shown}${end}`;
}

/** cksum's CRC and sum's formats (cksum.c output_crc, sum.c output_bsd/output_sysv) */
function legacyLine(kind: LegacyKind, value: number, length: number, name: string | undefined, delim: number): string {
  const end = delim === 0x0a ? '\n' : '\0';
  const named = name === undefined ? '' : ` ${name}`;
  if (kind === 'crc') return `${value} ${length}${named}${end}`;
  if (kind === 'sysv') return `${value} ${Math.ceil(length / 512)}${named}${end}`;
  return `${String(value).padStart(5, '0')} ${String(Math.ceil(length / 1024)).padStart(5, ' ')}${named}${end}`;
}

export type Computed =
  | { ok: true; digest: Uint8Array; line?: undefined }
  | { ok: true; digest?: undefined; line: (name: string | undefined) => string }
  | { ok: false; missing: boolean; message: string };

/** the digest of one opened operand, or why there is none (a read failure's text) */
export async function computeSum(ctx: CallContext, operand: string, kind: DigestKind | LegacyKind, bits: number, delim: number): Promise<Computed> {
  const opened = openInput(ctx, operand);
  if (!opened.ok) return { ok: false, missing: opened.error.code === 'ENOENT', message: opened.error.message };
  const input = opened.value;
  try {
    if (typeof kind === 'string') {
      const sum = kind === 'crc' ? new CrcSum() : kind === 'sysv' ? new SysvSum() : new BsdSum();
      try {
        await feedInput(ctx, input, sum);
      } catch (e) {
        const failure = readFailure(e);
        if (failure === undefined) throw e;
        // GNU cksum's CRC loop (cksum_pclmul, the path taken on x86-64) ends at a read error and
        // reports what it summed: `cksum DIR` prints the CRC of nothing, status 0
        if (kind !== 'crc') return { ok: false, missing: false, message: failure.message };
      }
      const value = sum.value();
      const length = sum.length;
      return { ok: true, line: (name) => legacyLine(kind, value, length, name, delim) };
    }
    const d = kind.create(bits);
    try {
      await feedInput(ctx, input, d);
    } catch (e) {
      const failure = readFailure(e);
      if (failure === undefined) throw e;
      return { ok: false, missing: false, message: failure.message };
    }
    return { ok: true, digest: d.digest() };
  } finally {
    input.close();
  }
}

/** the tools' main loop: a line per operand, or --check of each operand */
export async function runSums(ctx: CallContext, s: SumSettings, given: readonly string[]): Promise<number> {
  const out = new OutputBuffer(ctx.stdout);
  const operands = given.length > 0 ? given : ['-'];
  let status = 0;
  const state: CheckState = { bsdReversed: -1, currentTag: typeof s.kind === 'string' ? s.kind.toUpperCase() : s.kind.tag };
  for (const name of operands) {
    ctx.checkAbort();
    if (s.check) {
      if (!(await checkFile(ctx, s, name, out, state))) status = 1;
      continue;
    }
    if (s.debug !== undefined && !s.debug.said && s.kind === 'crc') {
      // GNU cksum names the CRC implementation it picked; x86-64 has pclmul
      s.debug.said = true;
      await writeDiagnostic(ctx, out, `${s.tool}: using pclmul hardware support\n`);
    }
    const r = await computeSum(ctx, name, s.kind, s.bits, s.delim);
    if (!r.ok) {
      await writeDiagnostic(ctx, out, `${s.tool}: ${quotef(name)}: ${r.message}\n`);
      status = 1;
      continue;
    }
    const text = r.line !== undefined ? r.line(given.length > 0 ? name : undefined) : digestLine(s, s.kind as DigestKind, name, r.digest);
    const p = out.write(encode(text));
    if (p) await p;
  }
  const p = out.flush();
  if (p) await p;
  return status;
}
