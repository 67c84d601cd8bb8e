// mapfile / readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-c quantum]
//   [array] — read lines of stdin into an indexed array (default MAPFILE). -C (a callback that
// would run shell code) is refused; -c is accepted and ignored.
import { decode } from '../../io/encoding.js';
import type { ShellBuiltin, ShellContext } from '../shell-api.js';
import { ByteInput, complain } from './io.js';
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

/** split the input into records; sync while chunks are at hand */
function collect(input: ByteInput, spec: MapSpec): string[] | Promise<string[]> {
  const lines: string[] = [];
  let cur: number[] = [];
  let skipped = 0;
  // a kept NUL delimiter vanishes: bash variables cannot hold NUL
  const push = (withDelim: boolean) => {
    if (skipped < spec.skip) skipped++;
    else lines.push(decode(Uint8Array.from(withDelim && !spec.strip && spec.delim !== 0 ? [...cur, spec.delim] : cur)));
    cur = [];
  };
  const full = () => spec.max > 0 && lines.length >= spec.max;
  const feed = (b: number): boolean => {
    if (b < 0) {
      if (cur.length) push(false);
      return true;
    }
    if (b === spec.delim) {
      push(true);
      return full();
    }
    cur.push(b);
    return false;
  };
  const pump = (): string[] | Promise<string[]> => {
    while (!full()) {
      const b = input.next();
      if (typeof b !== 'number') return b.then((v) => (feed(v) ? lines : pump()));
      if (feed(b)) return lines;
    }
    return lines;
  };
  return pump();
}

function count(ctx: ShellContext, name: string, s: string, what: string): number | null {
  if (/^[0-9]+$/.test(s)) return Number(s);
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
      const store = (lines: string[]): number => {
        input.release();
        const base = opts.has('O') ? (ctx.vars.getArray(arrayName) ?? []).slice(0, origin) : [];
        while (base.length < origin) base.push('');
        const err = ctx.vars.setArray(arrayName, base.concat(lines));
        if (err) {
          complain(ctx.stderr, assignmentError(name, err));
          return 1;
        }
        return 0;
      };
      let r: string[] | Promise<string[]>;
      try {
        r = collect(input, spec);
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

export const mapfile = makeMapfile('mapfile');
export const readarray = makeMapfile('readarray');
