// od's command line: GNU getopt over "A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx" plus the long options,
// checked as od's getopt loop does (a bad -A/-j/-N/-S/-w/--endian value is fatal at once, bad -t
// types are all reported before exiting), then the traditional `[FILE] [[+]OFFSET [[+]LABEL]]`
// operands.

import type { CallContext } from '../types.js';
import { flag, reject, writeUsageError, type CommandLine, type OccurrenceOf, type Reject } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { decodeFormatString, TRADITIONAL_TYPES, type FormatSpec } from './formats.js';
import { OD_SUFFIXES, parseCount, parseOldOffset } from './numbers.js';

export type AddressStyle = { kind: 'std'; radix: 8 | 10 | 16; pad: number } | { kind: 'none' };

export interface OdSettings {
  address: AddressStyle;
  /**
   * --traditional with a LABEL: 'label' prints "ADDR (ADDR+pseudoOffset)"; with -A n, 9.1 prints
   * "(ADDR)" in octal, the real address ('paren')
   */
  label: 'label' | 'paren' | undefined;
  pseudoOffset: number;
  skip: number;
  /** absolute end offset (skip + -N), or undefined for no limit */
  end: number | undefined;
  specs: FormatSpec[];
  bytesPerBlock: number;
  abbreviate: boolean;
  little: boolean;
  /** -S: the minimum string length */
  strings: number | undefined;
  widthWarning: string | undefined;
  operands: string[];
}

/** the default address style */
const OCTAL: AddressStyle = { kind: 'std', radix: 8, pad: 7 };

const RADIX: Record<string, AddressStyle> = {
  d: { kind: 'std', radix: 10, pad: 7 },
  o: OCTAL,
  x: { kind: 'std', radix: 16, pad: 6 },
  n: { kind: 'none' },
};

/** -A: one of [doxn] (GNU prints optarg[0]: the string's terminating NUL for an empty one) */
function radix(v: string): AddressStyle | Reject {
  return RADIX[v[0] ?? ''] ?? reject(`invalid output address radix '${v[0] ?? '\0'}'; it must be one character from [doxn]`);
}

/** a count (xstrtoimax, base 0 with od's suffixes, or base 10 without for -w) and xstrtol_fatal's texts */
function count(base: number, suffixes: string): (v: string, spelled: string) => bigint | Reject {
  return (v, spelled) => {
    const c = parseCount(v, base, suffixes);
    // gnulib's xstrtol_fatal prints the argument raw between quotes (no quote())
    if (c.kind === 'ok') return c.value;
    if (c.kind === 'overflow') return reject(`${spelled} argument '${v}' too large`);
    if (c.kind === 'suffix') return reject(`invalid suffix in ${spelled} argument '${v}'`);
    return reject(`invalid ${spelled} argument '${v}'`);
  };
}

const byteCount = count(0, OD_SUFFIXES);

// long options in GNU od's table order (the ambiguity message lists them so)
export const OD_FLAGS = {
  skip: flag.value('-j --skip-bytes', byteCount),
  radix: flag.value('-A --address-radix', radix),
  read: flag.value('-N --read-bytes', byteCount),
  // decoded where getopt meets it; a bad type is reported there and the loop goes on
  format: flag.values('-t --format', decodeFormatString),
  duplicates: flag.boolean('-v --output-duplicates'),
  strings: flag.value('--strings', byteCount, { bare: 3n }),
  traditional: flag.boolean('--traditional'),
  width: flag.value('-w --width', count(10, ''), { bare: 32n }),
  endian: flag.choice('--endian', { little: 'little', big: 'big' }),
  help: flag.help(),
  version: flag.version(),
  // -S takes its argument (getopt "S:"), --strings may go without
  stringsShort: flag.value('-S', byteCount),
  // the traditional type letters, each a -t type (TRADITIONAL_TYPES)
  oldType: flag.boolean('-a -B -b -c -D -d -e -F -f -H -h -I -i -L -l -O -o -s -X -x'),
};

type Occurrence = OccurrenceOf<typeof OD_FLAGS>;

/** GNU's messages for the bad -t types among `order`, in order ('' when none) */
function badTypes(order: readonly Occurrence[]): string {
  let text = '';
  for (const o of order) if (o.name === 'format' && !o.value.ok) text += `od: ${o.value.message}\n`;
  return text;
}

/** the bad -t types GNU's loop reported before whatever ended it, which then goes on */
export function reportBadTypes(ctx: CallContext, before: readonly Occurrence[]): Promise<undefined> | undefined {
  const text = badTypes(before);
  const p = text === '' ? undefined : ctx.stderr.writeString(text);
  return p ? p.then(() => undefined) : undefined;
}

async function fail(ctx: CallContext, text: string): Promise<number> {
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 1;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** the settings from the parsed command line, or the status once an error was reported */
export async function settings(ctx: CallContext, { flags, operands: given, order }: CommandLine<typeof OD_FLAGS>): Promise<OdSettings | number> {
  const bad = badTypes(order);
  if (bad !== '') return fail(ctx, bad);
  let address: AddressStyle = flags.radix ?? OCTAL;
  let skip = flags.skip ?? 0n;
  const maxBytes = flags.read;
  const width = flags.width;
  const little = flags.endian !== 'big';
  const traditional = flags.traditional;
  let strings: bigint | undefined;
  let modern = false;
  const specs: FormatSpec[] = [];
  for (const o of order) {
    switch (o.name) {
      case 'format':
        modern = true;
        if (o.value.ok) specs.push(...o.value.specs);
        break;
      case 'oldType': {
        // spelled: one of oldType's short options, each a key of the table
        const d = decodeFormatString(TRADITIONAL_TYPES[o.spelled[1]!]!);
        if (d.ok) specs.push(...d.specs);
        break;
      }
      case 'strings':
      case 'stringsShort':
        modern = true;
        strings = o.value;
        break;
      case 'radix': case 'skip': case 'read': case 'duplicates': case 'width':
        modern = true;
        break;
    }
  }
  if (strings !== undefined && specs.length > 0) return fail(ctx, 'od: no type may be specified when dumping strings\n');

  let operands = given;
  let pseudoStart: bigint | undefined;
  if (!modern || traditional) {
    if (operands.length === 1) {
      const o1 = traditional || operands[0]![0] === '+' ? parseOldOffset(operands[0]!) : null;
      if (o1 !== null) {
        skip = o1;
        operands = [];
      }
    } else if (operands.length === 2) {
      const second = operands[1]!;
      const c = second[0] ?? '';
      const o2 = traditional || c === '+' || (c >= '0' && c <= '9') ? parseOldOffset(second) : null;
      if (o2 !== null) {
        const o1 = traditional ? parseOldOffset(operands[0]!) : null;
        if (o1 !== null) {
          skip = o1;
          pseudoStart = o2;
          operands = [];
        } else {
          skip = o2;
          operands = [operands[0]!];
        }
      }
    } else if (operands.length === 3 && traditional) {
      // --traditional FILE OFFSET LABEL (od.c's n_files == 3 case)
      const o1 = parseOldOffset(operands[1]!);
      const o2 = o1 === null ? null : parseOldOffset(operands[2]!);
      if (o1 !== null && o2 !== null) {
        skip = o1;
        pseudoStart = o2;
        operands = [operands[0]!];
      }
    }
    if (traditional && operands.length > 1) {
      return writeUsageError(ctx, `extra operand ${quote(operands[1]!)}\nod: compatibility mode supports at most one file`, 1);
    }
  }
  let label: OdSettings['label'];
  if (pseudoStart !== undefined) {
    label = address.kind === 'none' ? 'paren' : 'label';
    if (address.kind === 'none') address = OCTAL;
  }
  const pseudoOffset = pseudoStart === undefined ? 0 : Number(pseudoStart - skip);
  let end: number | undefined;
  if (maxBytes !== undefined) {
    end = Number(skip + maxBytes);
  }
  if (specs.length === 0) {
    const d = decodeFormatString('oS');
    if (d.ok) specs.push(...d.specs);
  }

  const lcm = specs.reduce((l, s) => (l * s.size) / gcd(l, s.size), 1);
  let bytesPerBlock: number;
  let widthWarning: string | undefined;
  if (width !== undefined && width > BigInt(ctx.limits.maxLineBytes)) {
    // GNU allocates two lines of that width; we bound what one line may hold
    return fail(ctx, `od: -w ${width} exceeds rshell's line limit of ${ctx.limits.maxLineBytes} bytes (GNU od has none)\n`);
  }
  if (width !== undefined) {
    if (width !== 0n && width % BigInt(lcm) === 0n) bytesPerBlock = Number(width);
    else {
      widthWarning = `od: warning: invalid width ${width}; using ${lcm} instead\n`;
      bytesPerBlock = lcm;
    }
  } else bytesPerBlock = lcm < 16 ? 16 - (16 % lcm) : lcm;
  let widest = 0;
  for (const s of specs) widest = Math.max(widest, (s.fieldWidth + 1) * (bytesPerBlock / s.size));
  for (const s of specs) s.padWidth = widest - s.fieldWidth * (bytesPerBlock / s.size);

  return {
    address,
    label,
    pseudoOffset,
    skip: Number(skip),
    end,
    specs,
    bytesPerBlock,
    abbreviate: !flags.duplicates,
    little,
    strings: strings === undefined ? undefined : Number(strings),
    widthWarning,
    operands: operands.length === 0 ? ['-'] : operands,
  };
}
