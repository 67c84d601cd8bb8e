// od's command line: GNU getopt over "A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx" plus the long options,
// acted on in order as od's getopt loop does (some errors are fatal at once, bad -t types are
// all reported before exiting), then the traditional `[FILE] [[+]OFFSET [[+]LABEL]]` operands.

import type { CallContext } from '../types.js';
import { defineFlags, parseFlags, writeUsageError, type Occurrence } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { decodeFormatString, TRADITIONAL_TYPES, type FormatSpec } from './formats.js';
import { OD_SUFFIXES, parseCount, parseOldOffset, type CountParse } from './numbers.js';

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

const TRADITIONAL_LETTERS = 'aBbcDdeFfHhIiLlOosXx';

// long options in GNU od's table order (the ambiguity message lists them so)
const SPEC = defineFlags({
  flags: [
    { name: 'skip', short: 'j', long: 'skip-bytes', kind: 'string' },
    { name: 'radix', short: 'A', long: 'address-radix', kind: 'string' },
    { name: 'read', short: 'N', long: 'read-bytes', kind: 'string' },
    { name: 'format', short: 't', long: 'format', kind: 'string' },
    { name: 'duplicates', short: 'v', long: 'output-duplicates', kind: 'boolean' },
    { name: 'strings', long: 'strings', kind: 'optional' },
    { name: 'traditional', long: 'traditional', kind: 'boolean' },
    { name: 'width', short: 'w', long: 'width', kind: 'optional' },
    { name: 'endian', long: 'endian', kind: 'string' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
    { name: 'stringsShort', short: 'S', kind: 'string' },
    ...[...TRADITIONAL_LETTERS].map((ch) => ({ name: `old-${ch}`, short: ch, kind: 'boolean' as const })),
  ],
});

const RADIX: Record<string, AddressStyle> = {
  d: { kind: 'std', radix: 10, pad: 7 },
  o: { kind: 'std', radix: 8, pad: 7 },
  x: { kind: 'std', radix: 16, pad: 6 },
  n: { kind: 'none' },
};

/** xstrtol_fatal's texts */
function countError(o: Occurrence, r: CountParse): string {
  // gnulib's xstrtol_fatal prints the argument raw between quotes (no quote())
  const arg = `'${o.value ?? ''}'`;
  if (r.kind === 'overflow') return `od: ${o.spelled} argument ${arg} too large\n`;
  if (r.kind === 'suffix') return `od: invalid suffix in ${o.spelled} argument ${arg}\n`;
  return `od: invalid ${o.spelled} argument ${arg}\n`;
}

async function fail(ctx: CallContext, text: string): Promise<number> {
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 1;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export async function parseOdArgs(ctx: CallContext, args: string[]): Promise<OdSettings | 'help' | 'version' | number> {
  const r = parseFlags(SPEC, args, { posixlyCorrect: ctx.getEnv('POSIXLY_CORRECT') !== undefined });
  let address: AddressStyle = RADIX.o!;
  let skip = 0n;
  let maxBytes: bigint | undefined;
  let strings: bigint | undefined;
  let width: bigint | undefined;
  let little = true;
  let abbreviate = true;
  let modern = false;
  let traditional = false;
  let ok = true;
  const specs: FormatSpec[] = [];
  const decode = async (typeString: string): Promise<void> => {
    const d = decodeFormatString(typeString);
    if (d.ok) specs.push(...d.specs);
    else {
      ok = false;
      await fail(ctx, `od: ${d.message}\n`);
    }
  };
  // the options in order, as GNU's getopt loop: a bad -A/-j/-N/-S/-w/--endian value ends the run
  // there; a bad -t type is reported and the loop goes on (status 1 after it)
  const scan = async (order: readonly Occurrence[]): Promise<'help' | 'version' | number | undefined> => {
    for (const o of order) {
      const v = o.value ?? '';
      switch (o.name) {
        case 'help': return 'help';
        case 'version': return 'version';
        case 'radix': {
          modern = true;
          const style = RADIX[v[0] ?? ''];
          // GNU prints optarg[0]: the string's terminating NUL for an empty one
          if (style === undefined) return fail(ctx, `od: invalid output address radix '${v[0] ?? '\0'}'; it must be one character from [doxn]\n`);
          address = style;
          break;
        }
        case 'skip':
        case 'read': {
          modern = true;
          const c = parseCount(v, 0, OD_SUFFIXES);
          if (c.kind !== 'ok') return fail(ctx, countError(o, c));
          if (o.name === 'skip') skip = c.value;
          else maxBytes = c.value;
          break;
        }
        case 'strings':
        case 'stringsShort': {
          modern = true;
          if (o.value === undefined) strings = 3n;
          else {
            const c = parseCount(v, 0, OD_SUFFIXES);
            if (c.kind !== 'ok') return fail(ctx, countError(o, c));
            strings = c.value;
          }
          break;
        }
        case 'format':
          modern = true;
          await decode(v);
          break;
        case 'duplicates':
          modern = true;
          abbreviate = false;
          break;
        case 'traditional':
          traditional = true;
          break;
        case 'endian': {
          const choices = ['little', 'big'].filter((c) => c.startsWith(v));
          if (choices.length !== 1 || v === '') {
            const kind = choices.length > 1 ? 'ambiguous' : 'invalid';
            return writeUsageError(ctx, `${kind} argument ${quote(v)} for '--endian'\nValid arguments are:\n  - 'little'\n  - 'big'`, 1);
          }
          little = choices[0] === 'little';
          break;
        }
        case 'width': {
          modern = true;
          if (o.value === undefined) width = 32n;
          else {
            const c = parseCount(v, 10, '');
            if (c.kind !== 'ok') return fail(ctx, countError(o, c));
            width = c.value;
          }
          break;
        }
        default:
          if (o.name.startsWith('old-')) await decode(TRADITIONAL_TYPES[o.name.slice(4)]!);
      }
    }
    return undefined;
  };
  const stopped = await scan(r.order);
  if (stopped !== undefined) return stopped;
  if (!r.ok) return writeUsageError(ctx, r.message, 1);
  if (!ok) return 1;
  if (strings !== undefined && specs.length > 0) return fail(ctx, 'od: no type may be specified when dumping strings\n');

  let operands = r.operands;
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
      const o2 = traditional || second[0] === '+' || (second[0]! >= '0' && second[0]! <= '9') ? parseOldOffset(second) : null;
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
    if (address.kind === 'none') address = RADIX.o!;
  }
  const pseudoOffset = pseudoStart === undefined ? 0 : Number(pseudoStart - skip);
  let end: number | undefined;
  if (maxBytes !== undefined) {
    end = Number(skip + maxBytes);
  }
  if (specs.length === 0) await decode('oS');

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
    abbreviate,
    little,
    strings: strings === undefined ? undefined : Number(strings),
    widthWarning,
    operands: operands.length === 0 ? ['-'] : operands,
  };
}
