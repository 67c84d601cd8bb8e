// Builtins written in TypeScript: jq's C functions (src/builtin.c) and, for speed or to run as
// loops instead of deep recursion, some that jq defines in jq (map, select, recurse, limit,
// first, last, range, while, until, repeat...). The rest are jq code in prelude.ts.

import { BreakSignal, invalidPath, iterate, valueOnly, type Compiled, type Emit, type Env, type Native, type Path } from './compile.js';
import { math } from './math.js';
import { matchImpl } from './regex.js';
import { FORMATS, parseJson, tojson } from './json/index.js';
import {
  add, codepointLength, compare, contains, delpaths, dumpTrunc, equals, getpath, has, isNum, isObj, keys, kindOf, length,
  setpath, sortValues, splitString, subtract, tostring, truthy, typeError, typeError2,
} from './ops.js';
import { JqError, LiteralNumber, numberOf, type Json, type JsonObject } from './value.js';

/** halt / halt_error: stop the program with a status (and text for stderr) */
export class HaltSignal {
  constructor(
    readonly status: number,
    readonly stderr: string | undefined,
  ) {}
}

/** the world the input/debug/env builtins reach */
export interface Io {
  nextInput(): Json | undefined;
  stderr(text: string): void;
  envObject(): JsonObject;
  filename(): Json;
  lineNumber(): number;
  /** TZ for localtime/strflocaltime (UTC when absent) */
  tz?(): string | undefined;
}

/** a C-style function of its input and value arguments (each argument a loop, the last outermost) */
function fn(arity: number, f: (input: Json, ...args: Json[]) => Json): Native {
  return (args) => {
    if (arity === 0) return valueOnly((input, _env, emit) => emit(f(input)));
    const vals: Json[] = new Array<Json>(arity);
    const loop = (input: Json, env: Env, i: number, emit: Emit): void => {
      if (i < 0) {
        emit(f(input, ...vals));
        return;
      }
      (args[i] as Compiled).run(input, env, (v) => {
        vals[i] = v;
        loop(input, env, i - 1, emit);
      });
    };
    return valueOnly((input, env, emit) => loop(input, env, arity - 1, emit));
  };
}

const SORT_BOTH = 'cannot be sorted, as they are not both arrays';
const ITER = 'cannot be iterated over';
const IDENTITY_ARG: Compiled = { run: (i, _e, emit) => emit(i), paths: (i, p, _e, emit) => emit(i, p) };

const str = (v: Json, msg: string): string => {
  if (typeof v !== 'string') throw new JqError(msg);
  return v;
};

function firstOf(c: Compiled, input: Json, env: Env): { v: Json } | undefined {
  const tok = Symbol('first');
  let got: { v: Json } | undefined;
  try {
    c.run(input, env, (v) => {
      got = { v };
      throw new BreakSignal(tok);
    });
  } catch (e) {
    if (!(e instanceof BreakSignal && e.token === tok)) throw e;
  }
  return got;
}

function implode(v: Json): Json {
  if (!Array.isArray(v)) throw new JqError('implode input must be an array');
  let out = '';
  for (const c of v) {
    if (!isNum(c) || Number.isNaN(numberOf(c))) throw typeError(c, "can't be imploded, unicode codepoint needs to be numeric");
    let n = Math.trunc(numberOf(c));
    if (n > 0x10ffff || n < 0 || (n >= 0xd800 && n <= 0xdfff)) n = 0xfffd;
    out += String.fromCodePoint(n);
  }
  return out;
}

function sortByKeys(input: Json, keysOf: Json[]): Json[] {
  const arr = input as Json[];
  const idx = arr.map((_, i) => i);
  idx.sort((a, b) => compare(keysOf[a] as Json, keysOf[b] as Json) || a - b);
  return idx.map((i) => arr[i] as Json);
}

/** `f` on each element, collected as jq's `map([f])` (which iterates objects too) */
function keysFor(input: Json, f: Compiled, env: Env): Json[] {
  const out: Json[] = [];
  iterate(input, (x) => {
    const ks: Json[] = [];
    f.run(x, env, (v) => {
      ks.push(v);
    });
    out.push(ks);
  });
  return out;
}

/** the by-impl builtins want both arrays: an object input fails after its keys are made */
function byArrays(input: Json, keys: Json[], msg: string): Json[] {
  if (!Array.isArray(input)) throw typeError2(input, keys, msg);
  return input;
}

function groupBy(input: Json, keysOf: Json[]): Json[] {
  const sorted = (input as Json[]).map((v, i) => ({ v, k: keysOf[i] as Json, i }));
  sorted.sort((a, b) => compare(a.k, b.k) || a.i - b.i);
  const groups: Json[][] = [];
  let prev: Json | undefined;
  for (const e of sorted) {
    if (prev !== undefined && equals(prev, e.k)) (groups[groups.length - 1] as Json[]).push(e.v);
    else groups.push([e.v]);
    prev = e.k;
  }
  return groups;
}

function minMaxBy(input: Json, keysOf: Json[], max: boolean): Json {
  const arr = input as Json[];
  if (arr.length === 0) return null;
  let best = 0;
  for (let i = 1; i < arr.length; i++) {
    const c = compare(keysOf[i] as Json, keysOf[best] as Json);
    if (max ? c >= 0 : c < 0) best = i;
  }
  return arr[best] as Json;
}

function toEntries(v: Json): Json {
  if (isObj(v)) {
    const out: Json[] = [];
    for (const [k, x] of v) {
      out.push(
        new Map<string, Json>([
          ['key', k],
          ['value', x],
        ]),
      );
    }
    return out;
  }
  if (Array.isArray(v)) {
    return v.map(
      (x, i) =>
        new Map<string, Json>([
          ['key', i],
          ['value', x],
        ]),
    );
  }
  throw typeError(v, 'has no keys');
}

function splitOn(input: Json, sep: Json): Json {
  if (typeof input !== 'string' || typeof sep !== 'string') throw new JqError('split input and separator must be strings');
  return splitString(input, sep);
}

function tonumber(v: Json): Json {
  if (isNum(v)) return v;
  if (typeof v === 'string') {
    // jq 1.7.1 runs the JSON reader over the text: its parse error is the message
    const parsed = parseJson(v);
    if (isNum(parsed)) return parsed;
  }
  throw typeError(v, 'cannot be parsed as a number');
}

function utf8Length(v: Json): Json {
  if (typeof v !== 'string') throw typeError(v, 'only strings have UTF-8 byte length');
  return Buffer.byteLength(v, 'utf8');
}

function format(input: Json, name: Json): Json {
  if (typeof name !== 'string') throw typeError(name, 'is not a valid format');
  const f = FORMATS[name];
  if (f === undefined) throw new JqError(`${name} is not a valid format`);
  return f(input);
}

function explode(v: Json): Json {
  if (typeof v !== 'string') throw new JqError('explode input must be a string');
  return Array.from(v, (c) => c.codePointAt(0) as number);
}

function addAll(v: Json): Json {
  let acc: Json = null;
  const plus = (a: Json, b: Json): Json => {
    if (a === null) return b;
    if (b === null) return a;
    if (typeof a === 'number' && typeof b === 'number') return a + b;
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
    if (isNum(a) && isNum(b)) return numberOf(a) + numberOf(b);
    if (isObj(a) && isObj(b)) {
      const m = new Map(a);
      for (const [k, x] of b) m.set(k, x);
      return m;
    }
    throw new JqError(`${kindOf(a)} (${dumpTrunc(a)}) and ${kindOf(b)} (${dumpTrunc(b)}) cannot be added`);
  };
  if (Array.isArray(v)) {
    // strings: one join instead of quadratic concatenation
    if (v.length > 0 && v.every((x) => typeof x === 'string')) return (v as string[]).join('');
    for (const x of v) acc = plus(acc, x);
    return acc;
  }
  iterate(v, (x) => {
    acc = plus(acc, x);
  });
  return acc;
}

/** jq's join: reduce .[] as $i (null; (if .==null then "" else .+$x end) + ($i | scalars as text)) // "" */
function join(input: Json, sep: Json): Json {
  if (Array.isArray(input) && typeof sep === 'string' && input.every((x) => typeof x === 'string')) return (input as string[]).join(sep);
  let acc: Json = null;
  iterate(input, (x) => {
    const left = acc === null ? '' : add(acc, sep);
    const right = typeof x === 'boolean' || isNum(x) ? tojson(x) : x === null ? '' : x;
    acc = add(left, right);
  });
  return truthy(acc) ? acc : '';
}

function builtinsList(): Json {
  return BUILTIN_NAMES.split(' ');
}

/** jq 1.7.1's `builtins` output, the checklist of what must exist */
export const BUILTIN_NAMES =
  'IN/1 IN/2 INDEX/1 INDEX/2 JOIN/2 JOIN/3 JOIN/4 abs/0 acos/0 acosh/0 add/0 all/0 all/1 all/2 any/0 any/1 any/2 arrays/0 ascii_downcase/0 ascii_upcase/0 asin/0 asinh/0 atan/0 atan2/2 atanh/0 booleans/0 bsearch/1 builtins/0 capture/1 capture/2 cbrt/0 ceil/0 combinations/0 combinations/1 contains/1 copysign/2 cos/0 cosh/0 debug/0 debug/1 del/1 delpaths/1 drem/2 empty/0 endswith/1 env/0 erf/0 erfc/0 error/0 error/1 exp/0 exp10/0 exp2/0 explode/0 expm1/0 fabs/0 fdim/2 finites/0 first/0 first/1 flatten/0 flatten/1 floor/0 fma/3 fmax/2 fmin/2 fmod/2 format/1 frexp/0 from_entries/0 fromdate/0 fromdateiso8601/0 fromjson/0 fromstream/1 gamma/0 get_jq_origin/0 get_prog_origin/0 get_search_list/0 getpath/1 gmtime/0 group_by/1 gsub/2 gsub/3 halt/0 halt_error/0 halt_error/1 has/1 hypot/2 implode/0 in/1 index/1 indices/1 infinite/0 input/0 input_filename/0 input_line_number/0 inputs/0 inside/1 isempty/1 isfinite/0 isinfinite/0 isnan/0 isnormal/0 iterables/0 j0/0 j1/0 jn/2 join/1 keys/0 keys_unsorted/0 last/0 last/1 ldexp/2 length/0 lgamma/0 lgamma_r/0 limit/2 localtime/0 log/0 log10/0 log1p/0 log2/0 logb/0 ltrimstr/1 map/1 map_values/1 match/1 match/2 max/0 max_by/1 min/0 min_by/1 mktime/0 modf/0 modulemeta/0 nan/0 nearbyint/0 nextafter/2 nexttoward/2 normals/0 not/0 now/0 nth/1 nth/2 nulls/0 numbers/0 objects/0 path/1 paths/0 paths/1 pick/1 pow/2 pow10/0 range/1 range/2 range/3 recurse/0 recurse/1 recurse/2 remainder/2 repeat/1 reverse/0 rindex/1 rint/0 round/0 rtrimstr/1 scalars/0 scalb/2 scalbln/2 scan/1 scan/2 select/1 setpath/2 significand/0 sin/0 sinh/0 sort/0 sort_by/1 split/1 split/2 splits/1 splits/2 sqrt/0 startswith/1 stderr/0 strflocaltime/1 strftime/1 strings/0 strptime/1 sub/2 sub/3 tan/0 tanh/0 test/1 test/2 tgamma/0 to_entries/0 todate/0 todateiso8601/0 tojson/0 tonumber/0 tostream/0 tostring/0 transpose/0 trunc/0 truncate_stream/1 type/0 unique/0 unique_by/1 until/2 utf8bytelength/0 values/0 walk/1 while/2 with_entries/1 y0/0 y1/0 yn/2';

/** the loop of recurse(f): depth first, each value before what f makes of it */
function recurseLoop(f: Compiled, cond: Compiled | null, tick: () => void): Compiled {
  const run = (input: Json, env: Env, emit: Emit): void => {
    emit(input);
    f.run(input, env, (v) => {
      tick();
      if (cond !== null && !truthy(firstOf(cond, v, env)?.v ?? false)) return;
      run(v, env, emit);
    });
  };
  const paths = (input: Json, path: Path | null, env: Env, emit: (v: Json, p: Path | null) => void): void => {
    emit(input, path);
    f.paths(input, path, env, (v, p) => {
      tick();
      if (cond !== null && !truthy(firstOf(cond, v, env)?.v ?? false)) return;
      paths(v, p, env, emit);
    });
  };
  return { run, paths };
}

/** the fast `..`: recurse(.[]?) without closures per level */
const RECURSE_ALL: Compiled = {
  run(input, _env, emit) {
    const go = (v: Json): void => {
      emit(v);
      if (Array.isArray(v)) for (const x of v) go(x);
      else if (v instanceof Map) for (const x of v.values()) go(x);
    };
    go(input);
  },
  paths(input, path, _env, emit) {
    if (path === null) throw invalidPath(input);
    const go = (v: Json, p: Path): void => {
      emit(v, p);
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) go(v[i] as Json, [...p, i]);
      }
      else if (v instanceof Map) for (const [k, x] of v) go(x, [...p, k]);
    };
    go(input, path);
  },
};

export function makeNatives(io: Io): Record<string, Native> {
  const n: Record<string, Native> = {
    'empty/0': () => ({ run: () => undefined, paths: () => undefined }),
    'not/0': fn(0, (v) => !truthy(v)),
    'error/0': () => ({
      run: (input) => {
        throw new JqError(input);
      },
      paths: (input) => {
        throw new JqError(input);
      },
    }),
    'error/1': ([m]) => {
      const c = m as Compiled;
      return {
        run: (input, env) =>
          c.run(input, env, (v) => {
            throw new JqError(v);
          }),
        paths: (input, _p, env) =>
          c.run(input, env, (v) => {
            throw new JqError(v);
          }),
      };
    },
    'path/1': ([f]) =>
      valueOnly((input, env, emit) =>
        (f as Compiled).paths(input, [], env, (v, p) => {
          if (p === null) throw invalidPath(v);
          emit(p);
        }),
      ),
    'getpath/1': ([p]) => ({
      run(input, env, emit) {
        (p as Compiled).run(input, env, (path) => {
          if (!Array.isArray(path)) throw new JqError('Path must be specified as an array');
          emit(getpath(input, path));
        });
      },
      paths(input, path, env, emit) {
        (p as Compiled).run(input, env, (q) => {
          if (!Array.isArray(q)) throw new JqError('Path must be specified as an array');
          if (path === null) throw invalidPath(input);
          emit(getpath(input, q), [...path, ...q]);
        });
      },
    }),
    'setpath/2': fn(2, (input, p, v) => {
      if (!Array.isArray(p)) throw new JqError('Path must be specified as an array');
      return setpath(input, p, v);
    }),
    'delpaths/1': fn(1, (input, ps) => delpaths(input, ps)),
    'has/1': fn(1, (input, k) => has(input, k)),
    'contains/1': fn(1, (input, b) => contains(input, b)),
    'length/0': fn(0, length),
    'utf8bytelength/0': fn(0, utf8Length),
    'type/0': fn(0, kindOf),
    'keys/0': fn(0, (v) => keys(v, true)),
    'keys_unsorted/0': fn(0, (v) => keys(v, false)),
    'add/0': fn(0, addAll),
    'join/1': fn(1, join),
    'tostring/0': fn(0, tostring),
    'tojson/0': fn(0, tojson),
    'fromjson/0': fn(0, (v) => {
      if (typeof v !== 'string') throw typeError(v, 'only strings can be parsed');
      return parseJson(v);
    }),
    'tonumber/0': fn(0, tonumber),
    'explode/0': fn(0, explode),
    'implode/0': fn(0, implode),
    'ltrimstr/1': fn(1, (v, p) => (typeof v === 'string' && typeof p === 'string' && v.startsWith(p) ? v.slice(p.length) : v)),
    'rtrimstr/1': fn(1, (v, p) => (typeof v === 'string' && typeof p === 'string' && v.endsWith(p) && p !== '' ? v.slice(0, v.length - p.length) : v)),
    'startswith/1': fn(1, (v, p) => {
      if (typeof v !== 'string' || typeof p !== 'string') throw new JqError('startswith() requires string inputs');
      return v.startsWith(p);
    }),
    'endswith/1': fn(1, (v, p) => {
      if (typeof v !== 'string' || typeof p !== 'string') throw new JqError('endswith() requires string inputs');
      return v.endsWith(p);
    }),
    'split/1': fn(1, splitOn),
    '_strindices/1': fn(1, (v, s) => {
      const out: number[] = [];
      const a = Buffer.from(v as string);
      const b = Buffer.from(s as string);
      if (b.length === 0) return out;
      for (let i = a.indexOf(b); i >= 0; i = a.indexOf(b, i + 1)) out.push(i);
      return out;
    }),
    'ascii_downcase/0': fn(0, (v) => {
      if (typeof v !== 'string') throw new JqError('explode input must be a string');
      return v.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    }),
    'ascii_upcase/0': fn(0, (v) => {
      if (typeof v !== 'string') throw new JqError('explode input must be a string');
      return v.replace(/[a-z]+/g, (m) => m.toUpperCase());
    }),
    'sort/0': fn(0, (v) => {
      if (!Array.isArray(v)) throw typeError(v, 'cannot be sorted, as it is not an array');
      return sortValues(v);
    }),
    'sort_by/1': ([f]) =>
      valueOnly((input, env, emit) => {
        const ks = keysFor(input, f as Compiled, env);
        emit(sortByKeys(byArrays(input, ks, SORT_BOTH), ks));
      }),
    'group_by/1': ([f]) =>
      valueOnly((input, env, emit) => {
        const ks = keysFor(input, f as Compiled, env);
        emit(groupBy(byArrays(input, ks, SORT_BOTH), ks));
      }),
    'unique/0': (_args, rt) => n['unique_by/1']?.([IDENTITY_ARG], rt) as Compiled,
    'unique_by/1': ([f]) =>
      valueOnly((input, env, emit) => {
        const ks = keysFor(input, f as Compiled, env);
        emit(groupBy(byArrays(input, ks, SORT_BOTH), ks).map((g) => (g as Json[])[0] as Json));
      }),
    'min/0': fn(0, (v) => minMaxBy(byArrays(v, v as Json[], ITER), v as Json[], false)),
    'max/0': fn(0, (v) => minMaxBy(byArrays(v, v as Json[], ITER), v as Json[], true)),
    'min_by/1': ([f]) =>
      valueOnly((input, env, emit) => {
        const ks = keysFor(input, f as Compiled, env);
        emit(minMaxBy(byArrays(input, ks, ITER), ks, false));
      }),
    'max_by/1': ([f]) =>
      valueOnly((input, env, emit) => {
        const ks = keysFor(input, f as Compiled, env);
        emit(minMaxBy(byArrays(input, ks, ITER), ks, true));
      }),
    'map/1': ([f]) =>
      valueOnly((input, env, emit) => {
        const out: Json[] = [];
        const c = f as Compiled;
        iterate(input, (x) =>
          c.run(x, env, (v) => {
            out.push(v);
          }),
        );
        emit(out);
      }),
    'select/1': ([f]) => {
      const c = f as Compiled;
      return {
        run(input, env, emit) {
          c.run(input, env, (v) => {
            if (truthy(v)) emit(input);
          });
        },
        paths(input, path, env, emit) {
          c.run(input, env, (v) => {
            if (truthy(v)) emit(input, path);
          });
        },
      };
    },
    'recurse/0': () => RECURSE_ALL,
    'to_entries/0': fn(0, toEntries),
    'format/1': fn(1, format),
    'infinite/0': fn(0, () => Infinity),
    'nan/0': fn(0, () => Number.NaN),
    // jq 1.7.1 answers false for a non-number rather than complaining
    'isinfinite/0': fn(0, (v) => isNum(v) && Math.abs(numberOf(v)) === Infinity),
    'isnan/0': fn(0, (v) => isNum(v) && Number.isNaN(numberOf(v))),
    'isnormal/0': fn(0, (v) => {
      if (!isNum(v)) return false;
      const x = Math.abs(numberOf(v));
      return Number.isFinite(x) && x >= 2.2250738585072014e-308;
    }),
    'builtins/0': fn(0, builtinsList),
    'input/0': fn(0, () => {
      const v = io.nextInput();
      // jq's input callback past the end: the error is the string "break"
      if (v === undefined) throw new JqError('break');
      return v;
    }),
    'inputs/0': () =>
      valueOnly((_input, _env, emit) => {
        for (let v = io.nextInput(); v !== undefined; v = io.nextInput()) emit(v);
      }),
    'debug/0': fn(0, (v) => {
      io.stderr(`["DEBUG:",${tojson(v)}]\n`);
      return v;
    }),
    'stderr/0': fn(0, (v) => {
      // jq 1.7: strings go out raw, other values as compact JSON
      io.stderr(typeof v === 'string' ? v : tojson(v));
      return v;
    }),
    'input_filename/0': fn(0, () => io.filename()),
    'input_line_number/0': fn(0, () => io.lineNumber()),
    'env/0': fn(0, () => io.envObject()),
    'halt/0': fn(0, () => {
      throw new HaltSignal(0, undefined);
    }),
    'halt_error/1': fn(1, (v, code) => {
      if (!isNum(code)) throw typeError(code, 'halt_error/1: number required');
      // a string goes out raw, null writes nothing, anything else as JSON and a newline
      throw new HaltSignal(Math.trunc(numberOf(code)), typeof v === 'string' ? v : v === null ? undefined : `${tojson(v)}\n`);
    }),
    'get_search_list/0': fn(0, () => []),
    'get_prog_origin/0': fn(0, () => null),
    'get_jq_origin/0': fn(0, () => null),
    'modulemeta/0': fn(0, (v) => {
      throw new JqError(`modulemeta is refused: rshell's jq has no module search path (module ${tojson(v)})`);
    }),
    'now/0': fn(0, () => Date.now() / 1000),
    '_match_impl/3': fn(3, matchImpl),
  };
  Object.assign(n, loopNatives(), math());
  void codepointLength;
  void LiteralNumber;
  void str;
  return n;
}

/** builtins that jq writes as recursion, as loops here (no stack growth per output) */
function loopNatives(): Record<string, Native> {
  return {
    'recurse/1': ([f], rt) => recurseLoop(f as Compiled, null, () => rt.tick()),
    'recurse/2': ([f, cond], rt) => recurseLoop(f as Compiled, cond as Compiled, () => rt.tick()),
    'range/2': ([from, upto], rt) =>
      valueOnly((input, env, emit) =>
        (from as Compiled).run(input, env, (a) =>
          (upto as Compiled).run(input, env, (b) => {
            if (!isNum(a) || !isNum(b)) throw new JqError('Range bounds must be numeric');
            const end = numberOf(b);
            for (let i = numberOf(a); i < end; i++) {
              rt.tick();
              emit(i);
            }
          }),
        ),
      ),
    'range/1': ([upto], rt) =>
      valueOnly((input, env, emit) =>
        (upto as Compiled).run(input, env, (b) => {
          if (!isNum(b)) throw new JqError('Range bounds must be numeric');
          const end = numberOf(b);
          for (let i = 0; i < end; i++) {
            rt.tick();
            emit(i);
          }
        }),
      ),
    'range/3': ([from, upto, by], rt) =>
      valueOnly((input, env, emit) =>
        (from as Compiled).run(input, env, (a) =>
          (upto as Compiled).run(input, env, (b) =>
            (by as Compiled).run(input, env, (s) => {
              const x = numberOf(a as number);
              const end = numberOf(b as number);
              const step = numberOf(s as number);
              if (!isNum(a) || !isNum(b) || !isNum(s)) throw new JqError('Range bounds must be numeric');
              if (step > 0) {
                for (let i = x; i < end; i += step) {
                  rt.tick();
                  emit(i);
                }
              } else if (step < 0) {
                for (let i = x; i > end; i += step) {
                  rt.tick();
                  emit(i);
                }
              }
            }),
          ),
        ),
      ),
    'limit/2': ([nf, f]) => {
      /** how many outputs to let through: Infinity for all; a non-number fails as jq's `. - 1` would */
      const budget = (nv: Json): number => {
        if (isNum(nv)) {
          const m = numberOf(nv);
          return m < 0 ? Infinity : m;
        }
        if (compare(nv, 0) > 0) return -1;
        return equals(nv, 0) ? 0 : Infinity;
      };
      const check = (nv: Json, max: number): void => {
        if (max === -1) subtract(nv, 1);
      };
      return {
        run(input, env, emit) {
          (nf as Compiled).run(input, env, (nv) => {
            const max = budget(nv);
            if (max === 0) return;
            let count = 0;
            const tok = Symbol('limit');
            try {
              (f as Compiled).run(input, env, (v) => {
                check(nv, max);
                count++;
                emit(v);
                if (count >= max) throw new BreakSignal(tok);
              });
            } catch (e) {
              if (!(e instanceof BreakSignal && e.token === tok)) throw e;
            }
          });
        },
        paths(input, path, env, emit) {
          (nf as Compiled).run(input, env, (nv) => {
            const max = budget(nv);
            if (max === 0) return;
            let count = 0;
            const tok = Symbol('limit');
            try {
              (f as Compiled).paths(input, path, env, (v, p) => {
                check(nv, max);
                count++;
                emit(v, p);
                if (count >= max) throw new BreakSignal(tok);
              });
            } catch (e) {
              if (!(e instanceof BreakSignal && e.token === tok)) throw e;
            }
          });
        },
      };
    },
    'first/1': ([f]) => ({
      run(input, env, emit) {
        const tok = Symbol('first');
        let got: { v: Json } | undefined;
        try {
          (f as Compiled).run(input, env, (v) => {
            got = { v };
            throw new BreakSignal(tok);
          });
        } catch (e) {
          if (!(e instanceof BreakSignal && e.token === tok)) throw e;
        }
        if (got !== undefined) emit(got.v);
      },
      paths(input, path, env, emit) {
        const tok = Symbol('first');
        let got: { v: Json; p: Path | null } | undefined;
        try {
          (f as Compiled).paths(input, path, env, (v, p) => {
            got = { v, p };
            throw new BreakSignal(tok);
          });
        } catch (e) {
          if (!(e instanceof BreakSignal && e.token === tok)) throw e;
        }
        if (got !== undefined) emit(got.v, got.p);
      },
    }),
    'isempty/1': ([f]) => valueOnly((input, env, emit) => emit(firstOf(f as Compiled, input, env) === undefined)),
    'last/1': ([f]) =>
      valueOnly((input, env, emit) => {
        let last: Json = null;
        (f as Compiled).run(input, env, (v) => {
          last = v;
        });
        emit(last);
      }),
    'repeat/1': ([f], rt) =>
      valueOnly((input, env, emit) => {
        // jq 1.7.1: def repeat(exp): def _repeat: exp, _repeat; (the input never changes)
        for (;;) {
          rt.tick();
          (f as Compiled).run(input, env, emit);
        }
      }),
    'while/2': ([cond, update], rt) =>
      valueOnly((input, env, emit) => {
        // a loop while each step has one condition and one update; recursion where they branch
        const go = (start: Json): void => {
          let v = start;
          for (;;) {
            rt.tick();
            const cs: Json[] = [];
            (cond as Compiled).run(v, env, (c) => {
              cs.push(c);
            });
            if (cs.length === 1) {
              if (!truthy(cs[0] as Json)) return;
              emit(v);
              const outs: Json[] = [];
              (update as Compiled).run(v, env, (u) => {
                outs.push(u);
              });
              if (outs.length === 1) {
                v = outs[0] as Json;
                continue;
              }
              for (const u of outs) go(u);
              return;
            }
            for (const c of cs) {
              if (!truthy(c)) continue;
              emit(v);
              const outs: Json[] = [];
              (update as Compiled).run(v, env, (u) => {
                outs.push(u);
              });
              for (const u of outs) go(u);
            }
            return;
          }
        };
        go(input);
      }),
    'until/2': ([cond, next], rt) =>
      valueOnly((input, env, emit) => {
        const go = (start: Json): void => {
          let v = start;
          for (;;) {
            rt.tick();
            const cs: Json[] = [];
            (cond as Compiled).run(v, env, (c) => {
              cs.push(c);
            });
            const outs: Json[] = [];
            for (const c of cs) {
              if (truthy(c)) {
                emit(v);
                continue;
              }
              (next as Compiled).run(v, env, (u) => {
                outs.push(u);
              });
            }
            if (cs.length === 1 && outs.length === 1) {
              v = outs[0] as Json;
              continue;
            }
            for (const u of outs) go(u);
            return;
          }
        };
        go(input);
      }),
  };
}
