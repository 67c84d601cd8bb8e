// --check (coreutils 9.1 digest.c digest_check and split_3): read checksum lines, recompute each
// named file's digest, print `NAME: OK` / `NAME: FAILED` / `NAME: FAILED open or read`, then the
// WARNING summary lines. Lines are parsed as GNU does, GNU-style (`HEX  NAME`, `HEX *NAME`), BSD
// reversed (`HEX NAME`, then only that style in the run), and tagged (`TAG (NAME) = HEX`), with
// `\`-escaped names behind a leading backslash.

import type { CallContext } from '../../types.js';
import { openInput, readFailure } from '../inputs.js';
import { LineReader } from '../lines.js';
import { type OutputBuffer, writeDiagnostic } from '../output.js';
import { quotef } from '../quote.js';
import { decode, encode } from '../../../lib/io/encoding.js';
import { computeSum, escapeName, toHex, type DigestKind, type SumSettings } from './sums.js';

/** what persists across the check files of one run (digest.c's globals) */
export interface CheckState {
  /** -1 unknown, 0 GNU style seen, 1 BSD reversed seen */
  bsdReversed: number;
  /** cksum: the tag its warnings name, the last digest a line's tag selected (9.1's global) */
  currentTag: string;
}

interface Parsed {
  hex: string;
  name: string;
  kind: DigestKind;
  bits: number;
}

const isWhite = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** digest.c filename_unescape: `\\`, `\n`, `\r` only */
function unescapeName(s: string): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\0') return undefined;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = s[++i];
    if (next === 'n') out += '\n';
    else if (next === 'r') out += '\r';
    else if (next === '\\') out += '\\';
    else return undefined;
  }
  return out;
}

/** valid_digits: exactly the digest's hex digits */
function validDigits(d: string, bits: number): boolean {
  if (d.length !== bits / 4) return false;
  for (let i = 0; i < d.length; i++) if (!isHex(d[i])) return false;
  return true;
}

/** xstrtoumax(s, &end, 0, …, NULL): the value and where it ended, or undefined */
function strtoumaxBase0(s: string, from: number): { value: number; end: number } | undefined {
  let i = from;
  while (i < s.length && /[ \t\n\v\f\r]/.test(s[i]!)) i++;
  if (s[i] === '-') return undefined;
  if (s[i] === '+') i++;
  let base = 10;
  if (s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X') && isHex(s[i + 2])) {
    base = 16;
    i += 2;
  } else if (s[i] === '0') base = 8;
  const start = i;
  const digit = base === 16 ? /[0-9a-fA-F]/ : base === 8 ? /[0-7]/ : /[0-9]/;
  while (i < s.length && digit.test(s[i]!)) i++;
  if (i === start) return undefined;
  return { value: Number.parseInt(s.slice(start, i), base), end: i };
}

function bsdSplit3(s: string, escaped: boolean, kind: DigestKind, bits: number): Parsed | undefined {
  if (s.length === 0) return undefined;
  let i = s.length - 1;
  while (i > 0 && s[i] !== ')') i--;
  if (s[i] !== ')') return undefined;
  let name: string | undefined = s.slice(0, i);
  if (escaped) name = unescapeName(name);
  if (name === undefined) return undefined;
  i++;
  while (isWhite(s[i])) i++;
  if (s[i] !== '=') return undefined;
  i++;
  while (isWhite(s[i])) i++;
  const hex = s.slice(i);
  return validDigits(hex, bits) ? { hex, name, kind, bits } : undefined;
}

/** digest.c split_3 over a line (latin1, one char per byte) */
function split3(line: string, s: SumSettings, st: CheckState): Parsed | undefined {
  let i = 0;
  while (isWhite(line[i])) i++;
  let escaped = false;
  if (line[i] === '\\') {
    i++;
    escaped = true;
  }
  let kind = s.kind;
  if (s.byTag !== undefined) {
    // cksum without -a: only tagged lines, their tag naming the digest
    const start = i;
    const maxTag = 7;
    while (i - start <= maxTag && i < line.length && line[i] !== '\0' && !isWhite(line[i]) && line[i] !== '-' && line[i] !== '(') i++;
    if (i - start > maxTag) return undefined;
    const found = Object.hasOwn(s.byTag, line.slice(start, i)) ? s.byTag[line.slice(start, i)] : undefined;
    i = start;
    if (found === undefined || typeof found === 'string') return undefined;
    kind = found;
    st.currentTag = found.tag;
  }
  if (typeof kind === 'string') return undefined;
  let bits = kind.variable === true ? kind.bits : kind.bits;
  const lengthTags = s.tool === 'cksum' || kind.variable === true;
  if (line.startsWith(kind.tag, i)) {
    i += kind.tag.length;
    if (lengthTags) {
      const lengthSpecified = line[i] === '-';
      if (line[i] !== '(') i++;
      bits = kind.bits;
      if (lengthSpecified) {
        const n = strtoumaxBase0(line, i);
        if (n === undefined || !(n.value > 0 && n.value <= bits && n.value % 8 === 0)) return undefined;
        i = n.end;
        bits = n.value;
      }
    }
    if (line[i] === ' ') i++;
    if (line[i] !== '(') return undefined;
    return bsdSplit3(line.slice(i + 1), escaped, kind, bits);
  }
  const minLength = kind.variable === true ? 4 : kind.bits / 4 + 2;
  if (line.length - i < minLength + (line[i] === '\\' ? 1 : 0)) return undefined;
  const digestStart = i;
  if (kind.variable === true) {
    let n = 0;
    while (isHex(line[i + n])) n++;
    if (n < 2 || n % 2 !== 0 || n > kind.bits / 4) return undefined;
    bits = n * 4;
  }
  while (i < line.length && line[i] !== '\0' && !isWhite(line[i])) i++;
  if (i >= line.length) return undefined;
  const hex = line.slice(digestStart, i);
  i++;
  if (!validDigits(hex, bits)) return undefined;
  if (line.length - i === 1 || (line[i] !== ' ' && line[i] !== '*')) {
    if (st.bsdReversed === 0) return undefined;
    st.bsdReversed = 1;
  } else if (st.bsdReversed !== 1) {
    st.bsdReversed = 0;
    i++;
  }
  let name: string | undefined = line.slice(i);
  if (escaped) name = unescapeName(name);
  return name === undefined ? undefined : { hex, name, kind, bits };
}

function latin1(b: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 8192) s += String.fromCharCode.apply(null, b.subarray(i, Math.min(to, i + 8192)) as unknown as number[]);
  return s;
}

/** a latin1 string's bytes, decoded as the interpreter decodes names (UTF-8, surrogateescape) */
function nameOf(s: string): string {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return decode(b);
}

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** digest_check for one check file: true when every listed file was read and matched */
export async function checkFile(ctx: CallContext, s: SumSettings, operand: string, out: OutputBuffer, st: CheckState): Promise<boolean> {
  const tool = s.tool;
  const isStdin = operand === '-';
  const shownFile = quotef(isStdin ? 'standard input' : operand);
  const opened = openInput(ctx, operand);
  if (!opened.ok) {
    await writeDiagnostic(ctx, out, `${tool}: ${quotef(operand)}: ${opened.error.message}\n`);
    return false;
  }
  const input = opened.value;
  let misformatted = 0;
  let mismatched = 0;
  let unreadable = 0;
  let properlyFormatted = false;
  let matchedAny = false;
  const print = async (text: string): Promise<void> => {
    const p = out.write(encode(text));
    if (p) await p;
  };
  try {
    const lr = new LineReader(input.reader, 0x0a, ctx.limits.maxLineBytes);
    let lineNumber = 0;
    for (;;) {
      let more = lr.next();
      if (typeof more !== 'boolean') more = await more;
      if (!more) break;
      lineNumber++;
      if ((lineNumber & 1023) === 0) ctx.checkAbort();
      const { buf, start } = lr;
      let end = lr.end;
      if (end > start && buf[start] === 0x23) continue; // '#': a comment
      if (end > start && buf[end - 1] === 0x0d) end--;
      if (end === start) continue;
      // C string: the line ends at its first NUL for everything after getline
      const parsed = split3(latin1(buf, start, end), s, st);
      if (parsed === undefined || (isStdin && parsed.name === '-')) {
        misformatted++;
        if (s.warn) {
          const tag = s.tool === 'cksum' ? st.currentTag : typeof s.kind === 'string' ? s.kind.toUpperCase() : s.kind.tag;
          await writeDiagnostic(ctx, out, `${tool}: ${shownFile}: ${lineNumber}: improperly formatted ${tag} checksum line\n`);
        }
        continue;
      }
      properlyFormatted = true;
      const name = nameOf(parsed.name);
      // 9.1's digest_check escapes only names with a newline (output_file also for '\\' and '\r')
      const escapeIt = !s.status && name.includes('\n');
      const shown = escapeIt ? '\\' + escapeName(name) : name;
      const r = await computeSum(ctx, name, parsed.kind, parsed.bits, 0x0a);
      if (!r.ok) {
        if (s.ignoreMissing && r.missing) continue;
        await writeDiagnostic(ctx, out, `${tool}: ${quotef(name)}: ${r.message}\n`);
        unreadable++;
        if (!s.status) await print(`${shown}: FAILED open or read\n`);
        continue;
      }
      const hex = r.digest === undefined ? '' : toHex(r.digest);
      const match = parsed.hex.toLowerCase() === hex;
      if (match) matchedAny = true;
      else mismatched++;
      if (!s.status) {
        if (!match) await print(`${shown}: FAILED\n`);
        else if (!s.quiet) await print(`${shown}: OK\n`);
      }
    }
    if (lr.tooLong) {
      await writeDiagnostic(ctx, out, `${tool}: ${shownFile}: line too long (over ${ctx.limits.maxLineBytes} bytes)\n`);
      return false;
    }
  } catch (e) {
    const failure = readFailure(e);
    if (failure === undefined) throw e;
    // GNU reads the check file with getline: a failed read is only `read error`
    await writeDiagnostic(ctx, out, `${tool}: ${shownFile}: read error\n`);
    return false;
  } finally {
    input.close();
  }
  if (!properlyFormatted) {
    await writeDiagnostic(ctx, out, `${tool}: ${shownFile}: no properly formatted checksum lines found\n`);
  } else if (!s.status) {
    let text = '';
    if (misformatted !== 0) text += `${tool}: WARNING: ${misformatted} ${plural(misformatted, 'line is', 'lines are')} improperly formatted\n`;
    if (unreadable !== 0) text += `${tool}: WARNING: ${unreadable} listed ${plural(unreadable, 'file', 'files')} could not be read\n`;
    if (mismatched !== 0) text += `${tool}: WARNING: ${mismatched} computed ${plural(mismatched, 'checksum', 'checksums')} did NOT match\n`;
    if (s.ignoreMissing && !matchedAny) text += `${tool}: ${shownFile}: no file was verified\n`;
    if (text !== '') await writeDiagnostic(ctx, out, text);
  }
  return properlyFormatted && mismatched === 0 && unreadable === 0 && (!s.strict || misformatted === 0) && (!s.ignoreMissing || matchedAny);
}
