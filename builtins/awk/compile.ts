// Expressions → closures. Each expression compiles to `() => Val`; the hot shapes also get typed
// forms (`num`: a number, `str`: a string, `bool`) so `s += $NF`, `$3 == "ERROR"` or `c[$3]++`
// convert a field once and allocate nothing. Names are resolved to slots at compile time: globals
// index rt.g, a function's parameters and locals index rt.frame.

import type { Expr } from './ast.js';
import type { Analysis } from './analyze.js';
import { AwkArray, compare, fastNum, toBool, toNum, UNINIT, type Cell, type Val } from './value.js';
import { AwkFatal, ControlSignal, type Runtime, S, SPECIALS, Status } from './runtime.js';
import type { Matcher } from '../../lib/regex/index.js';
import type { FuncDef } from './ast.js';

export type Ev = () => Val;
export type NumEv = () => number;
export type StrEv = () => string;
export type BoolEv = () => boolean;
export type Exec = () => number | Promise<number>;

const NSPECIAL = SPECIALS.length;

/** a compiled user function */
export interface Fn {
  def: FuncDef;
  body: Exec | null;
  nlocals: number;
  arrayParams: boolean[];
  async: boolean;
}

export interface Scope {
  locals: Map<string, number>;
}

/** where a name lives */
type Place = { local: true; i: number } | { local: false; i: number };

/** the hooks statements and async evaluation give the expression compiler */
export interface Hooks {
  builtin(c: Compiler, e: Extract<Expr, { k: 'builtin' }>): Ev;
}

export class Compiler {
  scope: Scope | null = null;
  readonly fns = new Map<string, Fn>();
  /** a callback for the deadline check inside loops */
  constructor(
    readonly rt: Runtime,
    readonly an: Analysis,
    readonly hooks: Hooks,
    readonly maxDepth: number,
    readonly maxBytes: number,
  ) {}

  private holeHook: ((i: number) => Ev) | null = null;

  /** compile with `\u0000holeN` calls read through `hole` (async.ts) */
  withHoles<T>(hole: (i: number) => Ev, build: () => T): T {
    const saved = this.holeHook;
    this.holeHook = hole;
    try {
      return build();
    } finally {
      this.holeHook = saved;
    }
  }

  place(name: string): Place {
    const l = this.scope?.locals.get(name);
    if (l !== undefined) return { local: true, i: l };
    return { local: false, i: this.rt.slot(name) };
  }

  fatal(msg: string): never {
    throw new AwkFatal(msg);
  }

  // ---- arrays ----

  /** the array a name denotes (an unset name becomes one) */
  array(name: string): () => AwkArray {
    const rt = this.rt;
    const p = this.place(name);
    const bad = (): never => this.fatal(`attempt to use scalar \`${name}' as an array`);
    if (p.local) {
      const i = p.i;
      return () => {
        const c = rt.frame[i];
        if (c instanceof AwkArray) return c;
        if (c === UNINIT || c === undefined) {
          const a = new AwkArray();
          rt.frame[i] = a;
          return a;
        }
        return bad();
      };
    }
    const g = rt.g;
    const i = p.i;
    return () => {
      const c = g[i];
      if (c instanceof AwkArray) return c;
      if (c === UNINIT && !rt.scalarFixed.has(i)) {
        const a = new AwkArray();
        g[i] = a;
        return a;
      }
      return bad();
    };
  }

  /** an array subscript: one value, or several joined with SUBSEP */
  key(subs: Expr[]): StrEv {
    const rt = this.rt;
    if (subs.length === 1) return this.str(subs[0]!); // length checked
    const parts = subs.map((s) => this.str(s));
    return () => {
      let k = parts[0]!();
      for (let i = 1; i < parts.length; i++) k += rt.subsep + parts[i]!();
      return k;
    };
  }

  // ---- typed forms ----

  num(e: Expr): NumEv {
    const rt = this.rt;
    switch (e.k) {
      case 'num': {
        const v = e.v;
        return () => v;
      }
      case 'paren':
        return this.num(e.e);
      case 'field': {
        if (e.e.k === 'num' && e.e.v >= 1) {
          const i = Math.trunc(e.e.v);
          return () => fastNum(rt.fieldStr(i));
        }
        if (e.e.k === 'var' && e.e.name === 'NF' && this.place('NF').i === S.NF) return () => fastNum(rt.lastFieldStr());
        break;
      }
      case 'bin': {
        const a = this.num(e.a);
        const b = this.num(e.b);
        switch (e.op) {
          case '+': return () => a() + b();
          case '-': return () => a() - b();
          case '*': return () => a() * b();
          case '/': return () => {
            const x = a();
            const y = b();
            if (y === 0) this.fatal('division by zero attempted');
            return x / y;
          };
          case '%': return () => {
            const x = a();
            const y = b();
            if (y === 0) this.fatal('division by zero attempted in `%\'');
            return x % y;
          };
          default: return () => power(a(), b());
        }
      }
      case 'neg': {
        const a = this.num(e.e);
        return () => -a();
      }
      case 'plus': {
        const a = this.num(e.e);
        return () => a();
      }
      case 'var':
        if (e.name === 'NF' && this.place('NF').i === S.NF) {
          return () => {
            const shown = rt.nfShown;
            return shown === null ? rt.getNF() : toNum(shown);
          };
        }
        break;
      default:
        break;
    }
    const v = this.val(e);
    return () => toNum(v());
  }

  str(e: Expr): StrEv {
    const rt = this.rt;
    switch (e.k) {
      case 'str': {
        const v = e.v;
        return () => v;
      }
      case 'paren':
        return this.str(e.e);
      case 'field': {
        if (e.e.k === 'var' && e.e.name === 'NF' && this.place('NF').i === S.NF) return () => rt.lastFieldStr();
        const i = this.num(e.e);
        return () => {
          const x = rt.fieldIndex(i());
          return x === 0 ? rt.getRecord() : rt.fieldStr(x);
        };
      }
      case 'concat': {
        const parts = e.items.map((x) => this.str(x));
        const max = this.maxBytes;
        if (parts.length === 2) {
          const [a, b] = parts as [StrEv, StrEv];
          return () => {
            const s = a() + b();
            if (s.length > max) this.tooLong();
            return s;
          };
        }
        return () => {
          let s = '';
          for (let i = 0; i < parts.length; i++) s += parts[i]!();
          if (s.length > max) this.tooLong();
          return s;
        };
      }
      default:
        break;
    }
    const v = this.val(e);
    return () => rt.str(v());
  }

  tooLong(): never {
    return this.fatal(`string longer than ${this.maxBytes} bytes (the awk memory budget)`);
  }

  bool(e: Expr): BoolEv {
    switch (e.k) {
      case 'paren':
        return this.bool(e.e);
      case 'not': {
        const a = this.bool(e.e);
        return () => !a();
      }
      case 'and': {
        const a = this.bool(e.a);
        const b = this.bool(e.b);
        return () => a() && b();
      }
      case 'or': {
        const a = this.bool(e.a);
        const b = this.bool(e.b);
        return () => a() || b();
      }
      case 'regex': {
        const m = this.regexOf(e);
        const rt = this.rt;
        return () => m().test(rt.getRecord());
      }
      case 'match': {
        const a = this.str(e.a);
        const m = this.regexOf(e.re);
        return e.neg ? () => !m().test(a()) : () => m().test(a());
      }
      case 'cmp':
        return this.cmp(e);
      case 'num': {
        const v = e.v !== 0;
        return () => v;
      }
      default: {
        const v = this.val(e);
        return () => toBool(v());
      }
    }
  }

  private cmp(e: Extract<Expr, { k: 'cmp' }>): BoolEv {
    const rt = this.rt;
    const test = CMP[e.op]!; // the parser makes only these operators
    // a string constant on either side: a string comparison, no numeric test needed
    if (e.b.k === 'str' || e.a.k === 'str') {
      const a = this.str(e.a);
      const b = this.str(e.b);
      return () => {
        let x = a();
        let y = b();
        if (rt.icase) {
          x = foldAscii(x);
          y = foldAscii(y);
        }
        return test(x < y ? -1 : x > y ? 1 : 0);
      };
    }
    if (isNumeric(e.a) && isNumeric(e.b)) {
      const a = this.num(e.a);
      const b = this.num(e.b);
      return () => {
        const x = a();
        const y = b();
        return test(x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.isNaN(x) ? 1 : -1);
      };
    }
    const a = this.val(e.a);
    const b = this.val(e.b);
    return () => test(compare(a(), b(), rt.convfmt, rt.icase));
  }

  /** a regex operand: a literal /re/ compiled once, else a dynamic one from the value's string */
  regexOf(e: Expr): () => Matcher {
    const rt = this.rt;
    const c = this.rt.regex;
    if (e.k === 'regex') {
      const src = e.src;
      let plain: Matcher | null = null;
      return () => {
        if (rt.icase) return this.compiled(c.get(src, true), src);
        return (plain ??= this.compiled(c.get(src, false), src));
      };
    }
    const s = this.str(e);
    return () => {
      const src = s();
      return this.compiled(c.get(src, rt.icase), src);
    };
  }

  compiled(r: { ok: true; m: Matcher } | { ok: false; message: string }, src: string): Matcher {
    if (r.ok) return r.m;
    return this.fatal(`invalid regexp: ${r.message}: /${src}/`);
  }

  // ---- values ----

  val(e: Expr): Ev {
    const rt = this.rt;
    switch (e.k) {
      case 'num': {
        const v = e.v;
        return () => v;
      }
      case 'str': {
        const v = e.v;
        return () => v;
      }
      case 'regex': {
        const b = this.bool(e);
        return () => (b() ? 1 : 0);
      }
      case 'paren':
        return this.val(e.e);
      case 'group':
        return this.fatal('syntax error: a parenthesized list outside print');
      case 'var':
        return this.varRead(e.name);
      case 'index': {
        const arr = this.array(e.name);
        const key = this.key(e.subs);
        return () => {
          const k = key(); // gawk evaluates the subscript before it looks up the array
          const a = arr();
          const v = a.map.get(k);
          if (v === undefined) {
            a.map.set(k, UNINIT);
            rt.grow(k.length);
            return UNINIT;
          }
          if (v instanceof AwkArray) return this.fatal(`attempt to use array \`${e.name}["${k}"]' in a scalar context`);
          return v;
        };
      }
      case 'field': {
        const i = this.num(e.e);
        return () => rt.fieldVal(rt.fieldIndex(i()));
      }
      case 'concat': {
        const s = this.str(e);
        return s;
      }
      case 'assign':
        return this.assign(e);
      case 'cond': {
        const c = this.bool(e.c);
        const a = this.val(e.a);
        const b = this.val(e.b);
        return () => (c() ? a() : b());
      }
      case 'and':
      case 'or':
      case 'not':
      case 'match':
      case 'cmp': {
        const b = this.bool(e);
        return () => (b() ? 1 : 0);
      }
      case 'in': {
        const arr = this.array(e.arr);
        const key = this.key(e.subs);
        return () => (arr().map.has(key()) ? 1 : 0);
      }
      case 'bin':
      case 'neg':
      case 'plus':
        return this.num(e);
      case 'incdec':
        return this.incdec(e);
      case 'call':
        return this.call(e);
      case 'builtin':
        return this.hooks.builtin(this, e);
      case 'getline':
        return this.fatal('getline in a synchronous context');
    }
  }

  private varRead(name: string): Ev {
    const rt = this.rt;
    const p = this.place(name);
    const bad = (): never => this.fatal(`attempt to use array \`${name}' in a scalar context`);
    if (p.local) {
      const i = p.i;
      return () => {
        const c = rt.frame[i];
        if (c instanceof AwkArray) return bad();
        return c ?? UNINIT;
      };
    }
    if (p.i === S.NF) return () => rt.nfShown ?? rt.getNF();
    const g = rt.g;
    const i = p.i;
    return () => {
      const c = g[i]!; // globals are never holes
      if (c instanceof AwkArray) return bad();
      return c;
    };
  }

  /** a setter for an lvalue, with the subscript or field index evaluated once per call */
  setter(lv: Expr): { prepare: () => void; get: () => Val; set: (v: Val) => void } {
    const rt = this.rt;
    if (lv.k === 'var') {
      const p = this.place(lv.name);
      const get = this.varRead(lv.name);
      if (p.local) {
        const i = p.i;
        return { prepare: () => {}, get, set: (v) => { rt.frame[i] = v; } };
      }
      const i = p.i;
      const g = rt.g;
      if (i < NSPECIAL) {
        return {
          prepare: () => {},
          get,
          set: (v) => {
            if (i === S.NF) {
              rt.setNF(toNum(v));
              rt.nfShown = v;
            } else {
              g[i] = v;
              rt.special(i);
            }
          },
        };
      }
      return { prepare: () => {}, get, set: (v) => { g[i] = v; } };
    }
    if (lv.k === 'field') {
      const idx = this.num(lv.e);
      let cur = 0;
      return {
        prepare: () => { cur = rt.fieldIndex(idx()); },
        get: () => rt.fieldVal(cur),
        set: (v) => rt.setField(cur, rt.str(v)),
      };
    }
    if (lv.k === 'index') {
      const arr = this.array(lv.name);
      const key = this.key(lv.subs);
      let a: AwkArray = new AwkArray();
      let k = '';
      return {
        prepare: () => {
          k = key(); // the subscript first, as gawk
          a = arr();
        },
        get: () => {
          const v = a.map.get(k);
          if (v instanceof AwkArray) return this.fatal(`attempt to use array \`${lv.name}["${k}"]' in a scalar context`);
          return v ?? UNINIT;
        },
        set: (v) => {
          const size = a.map.size;
          a.map.set(k, v);
          if (a.map.size > size) rt.grow(k.length);
        },
      };
    }
    return this.fatal('assignment to a non-variable');
  }

  private assign(e: Extract<Expr, { k: 'assign' }>): Ev {
    const rt = this.rt;
    // the common plain shapes, without the setter object
    if (e.op === '=' && e.lhs.k === 'var') {
      const p = this.place(e.lhs.name);
      const rhs = this.val(e.rhs);
      if (p.local) {
        const i = p.i;
        return () => {
          const v = rhs();
          rt.frame[i] = v;
          return v;
        };
      }
      if (p.i >= NSPECIAL) {
        const g = rt.g;
        const i = p.i;
        return () => {
          const v = rhs();
          if (g[i] instanceof AwkArray) return this.fatal(`attempt to use array \`${e.lhs.k === 'var' ? e.lhs.name : ''}' in a scalar context`);
          g[i] = v;
          return v;
        };
      }
    }
    const s = this.setter(e.lhs);
    if (e.op === '=') {
      const rhs = this.val(e.rhs);
      return () => {
        s.prepare();
        const v = rhs();
        s.set(v);
        return v;
      };
    }
    const rhs = this.num(e.rhs);
    const op = e.op;
    return () => {
      // gawk evaluates the right side first: `a += a++ + ++a`
      const y = rhs();
      s.prepare();
      const x = toNum(s.get());
      let r: number;
      switch (op) {
        case '+=': r = x + y; break;
        case '-=': r = x - y; break;
        case '*=': r = x * y; break;
        case '/=':
          if (y === 0) this.fatal('division by zero attempted in `/=\'');
          r = x / y;
          break;
        case '%=':
          if (y === 0) this.fatal('division by zero attempted in `%=\'');
          r = x % y;
          break;
        default: r = power(x, y);
      }
      s.set(r);
      return r;
    };
  }

  private incdec(e: Extract<Expr, { k: 'incdec' }>): Ev {
    const rt = this.rt;
    const d = e.delta;
    const pre = e.pre;
    if (e.lv.k === 'index') {
      // c[$3]++: one lookup
      const arr = this.array(e.lv.name);
      const key = this.key(e.lv.subs);
      return () => {
        const k = key(); // the subscript first, as gawk
        const a = arr();
        const old = a.map.get(k);
        const x = old === undefined ? 0 : old instanceof AwkArray ? this.fatal('attempt to use array in a scalar context') : toNum(old);
        a.map.set(k, x + d);
        if (old === undefined) rt.grow(k.length);
        return pre ? x + d : x;
      };
    }
    const s = this.setter(e.lv);
    return () => {
      s.prepare();
      const x = toNum(s.get());
      s.set(x + d);
      return pre ? x + d : x;
    };
  }

  // ---- user functions ----

  private call(e: Extract<Expr, { k: 'call' }>): Ev {
    // (e is narrowed to the declared parameters below when called with more)
    if (e.name.startsWith('\u0000hole') && this.holeHook !== null) return this.holeHook(Number(e.name.slice(5)));
    const fn = this.fns.get(e.name);
    if (fn === undefined) return this.fatal(`function \`${e.name}' not defined`);
    if (e.args.length > fn.def.params.length) {
      this.rt.warn(`function \`${e.name}' called with more arguments than declared`);
      e = { ...e, args: e.args.slice(0, fn.def.params.length) };
    }
    const args = this.callArgs(fn, e.args);
    const rt = this.rt;
    return () => {
      const frame = args();
      rt.syncCalls++;
      try {
        const r = this.enter(fn, frame);
        if (r instanceof Promise) return this.fatal('internal: a synchronous function waited');
        return r;
      } finally {
        rt.syncCalls--;
      }
    };
  }

  /** the frame of a call: arrays by reference, untyped variables made arrays when the callee needs one */
  callArgs(fn: Fn, args: Expr[]): () => Cell[] {
    const rt = this.rt;
    const getters = args.map((a, k): (() => Cell) => {
      if (a.k === 'var') {
        const p = this.place(a.name);
        const wantsArray = fn.arrayParams[k] === true;
        const cells = (): Cell[] => (p.local ? rt.frame : rt.g);
        if (!p.local && p.i === S.NF) return () => rt.getNF();
        return () => {
          const c = cells()[p.i] ?? UNINIT;
          if (c === UNINIT && wantsArray) {
            const arr = new AwkArray();
            cells()[p.i] = arr;
            return arr;
          }
          return c;
        };
      }
      return this.val(a);
    });
    const n = fn.def.params.length;
    return () => {
      const frame: Cell[] = new Array<Cell>(n);
      for (let k = 0; k < n; k++) frame[k] = k < getters.length ? getters[k]!() : UNINIT;
      return frame;
    };
  }

  /** run a function body on a frame; its value, or a promise for an async body */
  enter(fn: Fn, frame: Cell[]): Val | Promise<Val> {
    const rt = this.rt;
    if (rt.depth >= this.maxDepth) this.fatal(`function call nesting too deep (more than ${this.maxDepth} calls)`);
    const saved = rt.frame;
    rt.frame = frame;
    rt.depth++;
    let st: number | Promise<number>;
    try {
      st = fn.body!(); // bodies are compiled before any rule runs
    } catch (err) {
      rt.frame = saved;
      rt.depth--;
      throw err;
    }
    if (st instanceof Promise) {
      return st.then(
        (code) => this.leave(saved, code),
        (err: unknown) => {
          rt.frame = saved;
          rt.depth--;
          throw err;
        },
      );
    }
    return this.leave(saved, st);
  }

  private leave(saved: Cell[], code: number): Val {
    const rt = this.rt;
    rt.frame = saved;
    rt.depth--;
    if (code === Status.NEXT || code === Status.NEXTFILE || code === Status.EXIT) throw new ControlSignal(code);
    const v = rt.retVal;
    rt.retVal = UNINIT;
    return v;
  }
}

const CMP: Record<string, (c: number) => boolean> = {
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
  '==': (c) => c === 0,
  '!=': (c) => c !== 0,
};

/** expressions whose value is always a number */
function isNumeric(e: Expr): boolean {
  switch (e.k) {
    case 'num': case 'bin': case 'neg': case 'plus': case 'not': case 'cmp': case 'match': case 'and': case 'or': case 'in':
      return true;
    case 'paren':
      return isNumeric(e.e);
    case 'incdec':
      return true;
    case 'assign':
      return e.op !== '=';
    default:
      return false;
  }
}

/** IGNORECASE comparisons: ASCII letters only (C locale) */
export function foldAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

export function power(x: number, y: number): number {
  return x ** y;
}

