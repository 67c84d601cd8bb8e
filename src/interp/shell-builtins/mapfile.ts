// mapfile / readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-c quantum]
//   [array] — read lines of stdin into an indexed array (default MAPFILE). -C (a callback that
// would run shell code) is refused; -c is accepted and ignored.
import { decode } from '../../io/encoding.js';
import type { ShellBuiltin, ShellContext } from '../shell-api.js';
import { ByteInput, complain, type LineBytes } from './io.js';
import { assignmentError } from './assign.js';
import { IDENTIFIER, optionsEnded, parseBuiltinOptions } from './options.js';

const SYNOPSIS = (name: string) =>
  `${name} [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]`;

interface MapSpec {
  delim: number;
  max: number; // 0: all
  skip: number;
  strip: boolean;
}

/** why collecting stopped short: a record or the whole input went past its budget */
type Overflow = { tooLong: true } | { tooMuch: true };

/**
 * split the input into records; sync while chunks are at hand. A record longer than `maxLine`
 * (/dev/zero has no newline) or records adding up to more than `maxTotal` stop it: bash has no
 * limit, but one run must not take the host's memory.
 */
function collect(input: ByteInput, spec: MapSpec, maxLine: number, maxTotal: number, checkAbort: () => void): string[] | Overflow | Promise<string[] | Overflow> {
  const lines: string[] = [];
  let skipped = 0;
  let total = 0;
  const full = () => spec.max > 0 && lines.length >= spec.max;
  // the records so far when done, an overflow, or null to read on
  const step = (r: LineBytes): string[] | Overflow | null => {
    if (r.overflow) return { tooLong: true };
    if (!r.found && r.bytes.length === 0) return lines;
    if (skipped < spec.skip) skipped++;
    else {
      // a kept NUL delimiter vanishes: bash variables cannot hold NUL
      const keep = r.found && !spec.strip && spec.delim !== 0;
      total += r.bytes.length + 1;
      if (total > maxTotal) return { tooMuch: true };
      lines.push(decode(keep ? Buffer.concat([r.bytes, Uint8Array.of(spec.delim)]) : r.bytes));
    }
    return !r.found || full() ? lines : null;
  };
  const pump = (): string[] | Overflow | Promise<string[] | Overflow> => {
    while (!full()) {
      const r = input.line(spec.delim, maxLine, checkAbort);
      if (r instanceof Promise) return r.then((v) => step(v) ?? pump());
      const done = step(r);
      if (done !== null) return done;
    }
    return lines;
  };
  return pump();
}

/** bash's largest array origin (-O) */
const MAX_ORIGIN = 4294967295;

function count(ctx: ShellContext, name: string, s: string, what: string): number | null {
  if (/^[0-9]+$/.test(s) && (what !== 'array origin' || Number(s) <= MAX_ORIGIN)) return Number(s);
  complain(ctx.stderr, `${name}: ${s}: invalid ${what}`);
  return null;
}

function makeMapfile(name: string): ShellBuiltin {
  const b: ShellBuiltin = {
    name,
    summary: 'read lines from standard input into an indexed array',
    // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
    usage: `${name}: ${SYNOPSIS(name)}\n`,
    run(ctx, args) {
      const p = parseBuiltinOptions(ctx, name, SYNOPSIS(name), 'd:n:O:s:tu:C:c:', args);
      if (optionsEnded(p)) return p;
      const { opts, operands } = p;
      if (opts.has('C')) {
        complain(ctx.stderr, `${name}: -C: callbacks are not supported`);
        return 2;
      }
      const spec: MapSpec = { delim: 0x0a, max: 0, skip: 0, strip: opts.has('t') };
      if (opts.has('d')) spec.delim = opts.get('d') === '' ? 0 : opts.get('d')!.charCodeAt(0) & 0xff;
      let origin = 0;
      for (const [flag, what] of [['n', 'line count'], ['s', 'line count'], ['O', 'array origin'], ['c', 'callback quantum']] as const) {
        if (!opts.has(flag)) continue;
        const n = count(ctx, name, opts.get(flag)!, what);
        if (n === null) return 1;
        if (flag === 'n') spec.max = n;
        else if (flag === 's') spec.skip = n;
        else if (flag === 'O') origin = n;
      }
      let reader = ctx.stdin;
      if (opts.has('u')) {
        const u = opts.get('u')!;
        const fd = /^[0-9]+$/.test(u) ? ctx.fd?.(Number(u)) : undefined;
        if (u !== '0' && !fd?.reader) {
          complain(ctx.stderr, `${name}: ${u}: invalid file descriptor: Bad file descriptor`);
          return 1;
        }
        if (fd?.reader) reader = fd.reader;
      }
      const arrayName = operands[0] ?? 'MAPFILE';
      if (!IDENTIFIER.test(arrayName)) {
        complain(ctx.stderr, `${name}: \`${arrayName}': not a valid identifier`);
        return 1;
      }
      const input = new ByteInput(reader);
      const { maxLineBytes, maxSortBytes } = ctx.limits;
      const store = (lines: string[] | Overflow): number => {
        input.release();
        if ('tooLong' in lines) {
          complain(ctx.stderr, `${name}: line too long (over ${maxLineBytes} bytes)`);
          return 1;
        }
        if ('tooMuch' in lines) {
          complain(ctx.stderr, `${name}: input exceeds rshell's in-memory limit of ${maxSortBytes} bytes`);
          return 1;
        }
        // -O keeps the array and sets the elements from the origin on; without it the array is new
        const err = opts.has('O') && ctx.vars.setElement
          ? setFrom(ctx, arrayName, origin, lines)
          : ctx.vars.setArray(arrayName, lines);
        if (err) {
          complain(ctx.stderr, assignmentError(name, err));
          return 1;
        }
        return 0;
      };
      let r: string[] | Overflow | Promise<string[] | Overflow>;
      try {
        r = collect(input, spec, maxLineBytes, maxSortBytes, () => ctx.checkAbort());
      } catch (e) {
        input.release();
        throw e;
      }
      if (r instanceof Promise) {
        return r.then(store, (e) => {
          input.release();
          throw e;
        });
      }
      return store(r);
    },
  };
  return b;
}

/** `mapfile -O N`: element N + i for each record i, the others kept (an error message, or undefined) */
function setFrom(ctx: ShellContext, arrayName: string, origin: number, lines: string[]): string | undefined {
  if (ctx.vars.isAssoc?.(arrayName)) return `${arrayName}: not an indexed array`;
  if (ctx.vars.getArray(arrayName) === undefined) {
    const err = ctx.vars.setArray(arrayName, []);
    if (err) return err;
  }
  for (let i = 0; i < lines.length; i++) {
    const err = ctx.vars.setElement!(arrayName, String(origin + i), lines[i]!);
    if (err) return err;
  }
  return undefined;
}

export const mapfile = makeMapfile('mapfile');
export const readarray = makeMapfile('readarray');
