// strings: print the printable character sequences in files (GNU binutils 2.40 behaviour and
// wording). Every file is scanned whole (`-d` is accepted and behaves as `-a`: rshell has no
// object-file reader); -T/--target, --unicode modes other than default/invalid, and @file option
// files are refused.

import { fsErrorOf } from '../internal/errors.js';
import type { CallContext, Command } from '../types.js';
import { encode } from '../../lib/io/encoding.js';
import { defineFlags, parseFlags } from '../internal/flags.js';
import { openInput, readFailure } from '../internal/inputs.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { StringScanner, type Encoding, type ScanOptions } from './scan.js';
import { STRINGS_GNU_USAGE, STRINGS_USAGE } from './usage.js';
import { numericOptionText } from './numeric-option.js';

const SPEC = defineFlags({
  flags: [
    { name: 'all', short: 'a', long: 'all', kind: 'boolean' },
    { name: 'bytes', short: 'n', long: 'bytes', kind: 'string' },
    { name: 'data', short: 'd', long: 'data', kind: 'boolean' },
    { name: 'encoding', short: 'e', long: 'encoding', kind: 'string' },
    { name: 'help', short: 'hH', long: 'help', kind: 'boolean' },
    { name: 'allWhitespace', short: 'w', long: 'include-all-whitespace', kind: 'boolean' },
    { name: 'separator', short: 's', long: 'output-separator', kind: 'string' },
    { name: 'printFileName', short: 'f', long: 'print-file-name', kind: 'boolean' },
    { name: 'radix', short: 't', long: 'radix', kind: 'string' },
    { name: 'octal', short: 'o', kind: 'boolean' },
    { name: 'target', short: 'T', long: 'target', kind: 'string' },
    { name: 'unicode', short: 'U', long: 'unicode', kind: 'string' },
    { name: 'version', short: 'vV', long: 'version', kind: 'boolean' },
  ],
  digitsFlag: 'digits',
});

const VERSION = 'strings (rshell) 0.1.0\n';

async function usageError(ctx: CallContext, message: string | undefined): Promise<number> {
  const p = ctx.stderr.writeString((message === undefined ? '' : `strings: ${message}\n`) + STRINGS_GNU_USAGE);
  if (p) await p;
  return 1;
}

async function fatal(ctx: CallContext, message: string): Promise<number> {
  const p = ctx.stderr.writeString(`strings: ${message}\n`);
  if (p) await p;
  return 1;
}

/** strtoul(s, &end, 0) then a cast to unsigned int; undefined when characters remain */
function parseMinLength(s: string): number | undefined {
  const m = /^[ \t\n\v\f\r]*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (s === '' || /^[ \t\n\v\f\r]*$/.test(s)) return 0;
  if (m === null) return undefined;
  let v = BigInt(m[2]!.startsWith('0') && !/^0[xX]/.test(m[2]!) ? '0o' + (m[2]!.slice(1) || '0') : m[2]!);
  const max = (1n << 64n) - 1n;
  if (v > max) v = max;
  if (m[1] === '-') v = (-v) & max;
  return Number(v & 0xffffffffn);
}

const UNICODE_OK = new Set(['default', 'invalid', 'd', 'i']);

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const atFile = args.find((a) => a.startsWith('@'));
  if (atFile !== undefined) return fatal(ctx, `${atFile}: @FILE option files are refused: rshell reads options only from the command line`);
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  // binutils acts on each option as getopt returns it: the options before a bad one still
  // print --help or die of a bad value first
  const opts: ScanOptions = { min: 4, encoding: 's', allWhitespace: false, radix: undefined, fileLabel: undefined, separator: Uint8Array.of(10) };
  let printNames = false;
  let digits: string | undefined;
  let unicodeInvalid = false;
  for (const o of r.order) {
    const v = o.value ?? '';
    switch (o.name) {
      case 'help': {
        const p = ctx.stdout.writeString(STRINGS_USAGE);
        if (p) await p;
        return 0;
      }
      case 'version': {
        const p = ctx.stdout.writeString(VERSION);
        if (p) await p;
        return 0;
      }
      case 'bytes': {
        const n = parseMinLength(v);
        if (n === undefined) return fatal(ctx, `invalid integer argument ${v}`);
        opts.min = n;
        break;
      }
      case 'digits':
        digits = v;
        break;
      case 'encoding':
        // only the length is checked here; the letter once all options are read
        if (v.length !== 1) return usageError(ctx, undefined);
        opts.encoding = v as Encoding;
        break;
      case 'radix':
        if (v.length !== 1 || !'odx'.includes(v)) return usageError(ctx, undefined);
        opts.radix = v === 'o' ? 8 : v === 'd' ? 10 : 16;
        break;
      case 'octal':
        opts.radix = 8;
        break;
      case 'allWhitespace':
        opts.allWhitespace = true;
        break;
      case 'printFileName':
        printNames = true;
        break;
      case 'separator':
        opts.separator = encode(v);
        break;
      case 'target':
        return fatal(ctx, '-T/--target is refused: rshell has no object-file reader (files are scanned whole)');
      case 'unicode':
        if (!UNICODE_OK.has(v)) {
          if (!['locale', 'hex', 'escape', 'highlight', 'l', 'x', 'e', 'h'].includes(v)) {
            return fatal(ctx, `invalid argument to -U/--unicode: ${v}`);
          }
          return fatal(ctx, `--unicode=${v} is refused: rshell supports only --unicode=default and --unicode=invalid`);
        }
        unicodeInvalid = v === 'invalid' || v === 'i';
        break;
      default:
        break;
    }
  }
  if (!r.ok) return usageError(ctx, r.message);
  // binutils: any --unicode but default forces 8-bit scanning, whatever -e said; with 'invalid'
  // a non-ASCII byte ends a string, which is the 7-bit scan
  if (unicodeInvalid) opts.encoding = 's';
  // a numeric option (-8) wins over -n, whatever the order (binutils applies it last)
  if (digits !== undefined) {
    // the text binutils really parses (see numeric-option.ts): `-8` itself only when the
    // permutation left it where getopt met it
    const text = numericOptionText(args, ctx.getEnv('POSIXLY_CORRECT') !== undefined) ?? digits;
    const n = parseMinLength(text);
    if (n === undefined) return fatal(ctx, `invalid integer argument ${text}`);
    opts.min = n;
  }
  if (opts.min === 0) return fatal(ctx, 'invalid minimum string length 0');
  if (!'sSblBL'.includes(opts.encoding)) return usageError(ctx, undefined);

  const out = new OutputBuffer(ctx.stdout);
  const files = r.operands.filter((f) => f !== '-');
  // binutils: a '-' operand with no file beside it is a usage error (it is ignored otherwise)
  if (files.length === 0 && r.operands.length > 0) return usageError(ctx, undefined);
  let status = 0;
  if (files.length === 0 && r.operands.length === 0) {
    try {
      await scan(ctx, out, ctx.stdin, { ...opts, fileLabel: printNames ? '{standard input}' : undefined });
    } catch (e) {
      // GNU strings ends quietly (status 0) at a read error on standard input (a directory)
      if (fsErrorOf(e) === undefined) throw e;
    }
  }
  for (const name of files) {
    const info = ctx.fs.stat(name);
    if (!info.ok) {
      await writeDiagnostic(
        ctx, out,
        info.error.code === 'ENOENT'
          ? `strings: '${name}': No such file\n`
          : `strings: Warning: could not locate '${name}'.  reason: ${info.error.message}\n`,
      );
      status = 1;
      continue;
    }
    if (info.value.type === 'dir') {
      await writeDiagnostic(ctx, out, `strings: Warning: '${name}' is a directory\n`);
      status = 1;
      continue;
    }
    const opened = openInput(ctx, name);
    if (!opened.ok) {
      await writeDiagnostic(ctx, out, `strings: ${name}: ${opened.error.message}\n`);
      status = 1;
      continue;
    }
    try {
      await scan(ctx, out, opened.value.reader, { ...opts, fileLabel: printNames ? name : undefined });
    } catch (e) {
      const failure = readFailure(e);
      if (failure === undefined) throw e;
      await writeDiagnostic(ctx, out, `strings: ${name}: ${failure.message}\n`);
      status = 1;
    } finally {
      opened.value.close();
    }
  }
  const p = out.flush();
  if (p) await p;
  return status;
}

async function scan(ctx: CallContext, out: OutputBuffer, reader: CallContext['stdin'], opts: ScanOptions): Promise<void> {
  const scanner = new StringScanner(opts);
  for (;;) {
    let chunk = reader.read();
    if (chunk instanceof Promise) chunk = await chunk;
    if (chunk === null) break;
    await scanner.feed(chunk, out);
  }
  await scanner.finish(out);
}

export const strings: Command = {
  name: 'strings',
  summary: 'print the sequences of printable characters in files',
  usage: STRINGS_USAGE,
  run,
};
