// mapfile / readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-c quantum]
//   [array] — read lines of stdin into an indexed array (default MAPFILE). -C (a callback that
// would run shell code) is refused; -c is accepted and ignored.
import { decode } from '../../../lib/io/encoding.js';
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { ByteInput, complain, type LineBytes } from './io.js';
import { assignmentError } from '../state/assign-target.js';
import { defineOptions, Ended, IDENTIFIER, parseOptions } from './options.js';
import { nonNegativeInt } from '../../../lib/text/legal-number.js';
import { ELEMENT_COST } from '../state/vars.js';

const SYNOPSIS = (name: string) =>
  `${name} [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]`;

interface MapSpec {
  delim: number;
  max: number; // 0: all
  skip: number;
  strip: boolean;
}

/** why collecting stopped short: a record or the whole input went past its budget */
type Overflow = { tooLong: true } | { tooMuch: true } | { noRoom: true };

/**
 * split the input into records; sync while chunks are at hand. A record longer than `maxLine`
 * (/dev/zero has no newline) or records adding up to more than `maxTotal` stop it: bash has no
 * limit, but one run must not take the host's memory. Each record counts what it will cost as an
 * element (its text and ELEMENT_COST) against the run's memory budget (`room`) as it is read.
 */
function collect(input: ByteInput, spec: MapSpec, maxLine: number, maxTotal: number, room: number, checkAbort: () => void): string[] | Overflow | Promise<string[] | Overflow> {
  const lines: string[] = [];
  let skipped = 0;
  let total = 0;
  let cost = 0;
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
      cost += r.bytes.length + ELEMENT_COST;
      if (cost > room) return { noRoom: true };
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

/** bash's largest -n/-O/-s/-c value (an unsigned int) */
const MAX_UNSIGNED = 4294967295n;

/** what each counting flag's bad value is called, as bash words it */
const COUNT_WHAT: Record<string, string> = { n: 'line count', s: 'line count', O: 'array origin', c: 'callback quantum' };

function fail(ctx: ShellContext, message: string): number {
  complain(ctx.stderr, message);
  return 1;
}

function makeMapfile(name: string): ShellBuiltin {
  const options = defineOptions({ name, letters: 'd:u:n:O:tC:c:s:', synopsis: SYNOPSIS(name) });
  const b: ShellBuiltin = {
    name,
    summary: 'read lines from standard input into an indexed array',
    // it reads files (`mapfile a < f`) as `read` does: gated by the command policy alike
    always: false,
    // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
    usage: `${name}: ${SYNOPSIS(name)}\n`,
    options,
    run(ctx, args) {
      const spec: MapSpec = { delim: 0x0a, max: 0, skip: 0, strip: false };
      let origin = 0;
      let reader = ctx.stdin;
      // bash checks each value where its getopt loop meets it: the first bad one is the error
      const check = (flag: string, arg: string | undefined): number | undefined => {
        const value = arg!; // every letter checked here takes an argument
        if (flag === 'd') spec.delim = value === '' ? 0 : value.charCodeAt(0) & 0xff;
        else if (flag === 'u') {
          const u = nonNegativeInt(value);
          if (u === null) return fail(ctx, `${name}: ${value}: invalid file descriptor specification`);
          if (u === 0) reader = ctx.stdin;
          else {
            const fd = ctx.fd?.(u);
            if (!fd?.reader) return fail(ctx, `${name}: ${u}: invalid file descriptor: Bad file descriptor`);
            reader = fd.reader;
          }
        } else if (COUNT_WHAT[flag] !== undefined) {
          const n = nonNegativeInt(value, MAX_UNSIGNED);
          if (n === null || (flag === 'c' && n === 0)) return fail(ctx, `${name}: ${value}: invalid ${COUNT_WHAT[flag]}`);
          if (flag === 'n') spec.max = n;
          else if (flag === 's') spec.skip = n;
          else if (flag === 'O') origin = n;
        }
        return undefined;
      };
      const p = parseOptions(ctx, options, args, check);
      if (p instanceof Ended) return p.status;
      const { opts, operands } = p;
      spec.strip = opts.has('t');
      const arrayName = operands[0] ?? 'MAPFILE';
      if (arrayName === '') {
        complain(ctx.stderr, `${name}: empty array variable name`);
        return 2;
      }
      if (!IDENTIFIER.test(arrayName)) return fail(ctx, `${name}: \`${arrayName}': not a valid identifier`);
      // refused after bash's own checks, so a script with a bad value gets bash's message
      if (opts.has('C')) {
        complain(ctx.stderr, `${name}: -C: callbacks are not supported`);
        return 2;
      }
      const input = new ByteInput(reader);
      const { maxLineBytes, maxSortBytes } = ctx.limits;
      const store = (lines: string[] | Overflow): number => {
        input.release();
        if ('tooLong' in lines) {
          complain(ctx.stderr, `${name}: line too long (over ${maxLineBytes} bytes)`);
          return 1;
        }
        if ('noRoom' in lines) return ctx.memory!.over();
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
        r = collect(input, spec, maxLineBytes, maxSortBytes, ctx.memory?.room() ?? Infinity, () => ctx.checkAbort());
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

/**
 * `mapfile -O N`: element N + i for each record i, the others kept (an error message, or undefined).
 * Called only when ctx.vars.setElement exists.
 */
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
