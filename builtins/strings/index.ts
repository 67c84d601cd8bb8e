// strings: print the printable character sequences in files (GNU binutils 2.40 behaviour and
// wording). Every file is scanned whole (`-d` is accepted and behaves as `-a`: rshell has no
// object-file reader); -T/--target, --unicode modes other than default/invalid, and @file option
// files are refused.

import { fsErrorOf } from '../internal/errors.js';
import type { CallContext } from '../types.js';
import { encode } from '../../lib/io/encoding.js';
import { defineCommand, flag, reject, type CommandLine } from '../internal/command.js';
import { openInput, readFailure } from '../internal/inputs.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { StringScanner, type Encoding, type ScanOptions } from './scan.js';
import { STRINGS_GNU_USAGE, STRINGS_USAGE } from './usage.js';
import { numericOptionText } from './numeric-option.js';

/** binutils' usage(stderr, 1): the message if any, then its whole usage */
async function usageError(ctx: CallContext, message: string | undefined): Promise<number> {
  const p = ctx.stderr.writeString((message === undefined || message === '' ? '' : `strings: ${message}\n`) + STRINGS_GNU_USAGE);
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
  const n = m[2]!; // not an optional group: it is there in every match
  let v = BigInt(n.startsWith('0') && !/^0[xX]/.test(n) ? '0o' + (n.slice(1) || '0') : n);
  const max = (1n << 64n) - 1n;
  if (v > max) v = max;
  if (m[1] === '-') v = (-v) & max;
  return Number(v & 0xffffffffn);
}

const UNICODE_OK = new Set(['default', 'invalid', 'd', 'i']);
const UNICODE_REFUSED = new Set(['locale', 'hex', 'escape', 'highlight', 'l', 'x', 'e', 'h']);
const RADIX: Readonly<Record<string, 8 | 10 | 16>> = { o: 8, d: 10, x: 16 };

function isEncoding(v: string): v is Encoding {
  return v.length === 1 && 'sSblBL'.includes(v);
}

// binutils acts on each option as getopt returns it: a bad value dies there, before a bad option
// further on (flag.value's parse), and --help/--version print at once
const FLAGS = {
  all: flag.boolean('-a --all'),
  bytes: flag.value('-n --bytes', (v) => parseMinLength(v) ?? reject(`invalid integer argument ${v}`)),
  data: flag.boolean('-d --data'),
  // only the length is checked here; the letter once all options are read
  encoding: flag.value('-e --encoding', (v) => (v.length === 1 ? v : reject('', { usage: true }))),
  help: flag.help('-h -H --help'),
  allWhitespace: flag.boolean('-w --include-all-whitespace'),
  separator: flag.string('-s --output-separator'),
  printFileName: flag.boolean('-f --print-file-name'),
  radix: flag.value('-t --radix', (v) => RADIX[v] ?? reject('', { usage: true })),
  octal: flag.boolean('-o'),
  target: flag.value('-T --target', () => reject('-T/--target is refused: rshell has no object-file reader (files are scanned whole)')),
  unicode: flag.value('-U --unicode', (v) => {
    if (UNICODE_OK.has(v)) return v;
    if (!UNICODE_REFUSED.has(v)) return reject(`invalid argument to -U/--unicode: ${v}`);
    return reject(`--unicode=${v} is refused: rshell supports only --unicode=default and --unicode=invalid`);
  }),
  version: flag.version('-v -V --version'),
  digits: flag.digits(),
};

async function run(ctx: CallContext, { flags, operands, order, args }: CommandLine<typeof FLAGS>): Promise<number> {
  const opts: ScanOptions = { min: flags.bytes ?? 4, encoding: 's', allWhitespace: flags.allWhitespace, radix: undefined, fileLabel: undefined, separator: Uint8Array.of(10) };
  if (flags.separator !== undefined) opts.separator = encode(flags.separator);
  // -t and -o set the radix, the last one wins
  for (const o of order) {
    if (o.name === 'radix') opts.radix = o.value;
    else if (o.name === 'octal') opts.radix = 8;
  }
  const printNames = flags.printFileName;
  const digits = flags.digits;
  const unicodeInvalid = flags.unicode === 'invalid' || flags.unicode === 'i';
  // binutils: any --unicode but default forces 8-bit scanning, whatever -e said; with 'invalid'
  // a non-ASCII byte ends a string, which is the 7-bit scan
  const encoding = unicodeInvalid ? 's' : flags.encoding ?? 's';
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
  if (!isEncoding(encoding)) return usageError(ctx, undefined);
  opts.encoding = encoding;

  const out = new OutputBuffer(ctx.stdout);
  const files = operands.filter((f) => f !== '-');
  // binutils: a '-' operand with no file beside it is a usage error (it is ignored otherwise)
  if (files.length === 0 && operands.length > 0) return usageError(ctx, undefined);
  let status = 0;
  if (files.length === 0 && operands.length === 0) {
    try {
      await scan(out, ctx.stdin, { ...opts, fileLabel: printNames ? '{standard input}' : undefined });
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
      await scan(out, opened.value.reader, { ...opts, fileLabel: printNames ? name : undefined });
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

async function scan(out: OutputBuffer, reader: CallContext['stdin'], opts: ScanOptions): Promise<void> {
  const scanner = new StringScanner(opts);
  for (;;) {
    let chunk = reader.read();
    if (chunk instanceof Promise) chunk = await chunk;
    if (chunk === null) break;
    await scanner.feed(chunk, out);
  }
  await scanner.finish(out);
}

export const strings = defineCommand({
  name: 'strings',
  summary: 'print the sequences of printable characters in files',
  help: STRINGS_USAGE,
  flags: FLAGS,
  usageError: (ctx, message) => usageError(ctx, message),
  // libiberty's expandargv reads @FILE arguments before getopt
  preflight(ctx, args) {
    const atFile = args.find((a) => a.startsWith('@'));
    return atFile === undefined ? undefined : fatal(ctx, `${atFile}: @FILE option files are refused: rshell reads options only from the command line`);
  },
  run,
});
