// Expressions that must wait: getline in its forms, system(), close(), fflush() and calls of
// functions that do these. The I/O nodes run here; the rest of such an expression is compiled
// synchronously with each waiting sub-expression replaced by a hole that reads the value it gave
// (evaluated first, left to right). && || ?: and ! around a waiting operand keep their
// short-circuit order by running here structurally.

import type { Expr } from './ast.js';
import type { Compiler } from './compile.js';
import { Strnum, toBool, toNum, UNINIT, type Val } from './value.js';
import { S } from './runtime.js';

export interface AwkIo {
  output(mode: '>' | '>>' | '|', name: string): Promise<import('./output.js').OutStream>;
  /** the next record of the main input (plain getline), or null at its end */
  nextMain(): Promise<string | null>;
  /** getline < file, cmd | getline: a record, null at the end, or -1 when it cannot be read */
  readFrom(kind: 'file' | 'cmd', name: string): Promise<string | null | -1>;
  close(name: string, how: string | undefined): Promise<number>;
  fflush(name: string | undefined): Promise<number>;
  system(cmd: string): Promise<number>;
}

type AEv = () => Promise<Val>;

export class AsyncCompiler {
  constructor(
    readonly c: Compiler,
    readonly io: AwkIo,
  ) {}

  compile(e: Expr): AEv {
    const c = this.c;
    if (!c.an.needsAsync(e)) {
      const s = c.val(e);
      return () => Promise.resolve(s());
    }
    switch (e.k) {
      case 'paren':
        return this.compile(e.e);
      case 'and':
      case 'or': {
        const a = this.compile(e.a);
        const b = this.compile(e.b);
        const and = e.k === 'and';
        return async () => {
          const x = toBool(await a());
          if (and ? !x : x) return x ? 1 : 0;
          return toBool(await b()) ? 1 : 0;
        };
      }
      case 'not': {
        const a = this.compile(e.e);
        return async () => (toBool(await a()) ? 0 : 1);
      }
      case 'cond': {
        const k = this.compile(e.c);
        const a = this.compile(e.a);
        const b = this.compile(e.b);
        return async () => (toBool(await k()) ? a() : b());
      }
      case 'getline':
        return this.getline(e);
      case 'builtin':
        if (e.name === 'system' || e.name === 'close' || e.name === 'fflush') return this.ioBuiltin(e);
        return this.holes(e);
      case 'call':
        return this.call(e);
      default:
        return this.holes(e);
    }
  }

  /** the expression with its waiting sub-expressions as holes filled first */
  private holes(e: Expr): AEv {
    const waits: AEv[] = [];
    let cur: Val[] = [];
    const replace = (x: Expr): Expr => {
      if (!this.c.an.needsAsync(x)) return x;
      switch (x.k) {
        case 'getline':
        case 'and':
        case 'or':
        case 'cond':
        case 'not':
        case 'call':
          break;
        case 'builtin':
          if (x.name !== 'system' && x.name !== 'close' && x.name !== 'fflush') return { ...x, args: x.args.map(replace) };
          break;
        default:
          return mapChildren(x, replace);
      }
      const idx = waits.length;
      waits.push(this.compile(x));
      return { k: 'call', name: `\u0000hole${idx}`, args: [], pos: 0 };
    };
    const shape = replace(e);
    const sync = this.c.withHoles((i) => () => cur[i] ?? UNINIT, () => this.c.val(shape));
    return async () => {
      const vals: Val[] = [];
      for (const w of waits) vals.push(await w());
      cur = vals;
      return sync();
    };
  }

  private call(e: Extract<Expr, { k: 'call' }>): AEv {
    const c = this.c;
    const fn = c.fns.get(e.name);
    if (fn === undefined) return c.fatal(`function \`${e.name}' not defined`);
    if (e.args.some((a) => c.an.needsAsync(a))) return this.holes({ ...e, name: e.name });
    const args = c.callArgs(fn, e.args);
    return async () => {
      const r = c.enter(fn, args());
      return r instanceof Promise ? r : r;
    };
  }

  private ioBuiltin(e: Extract<Expr, { k: 'builtin' }>): AEv {
    const args = e.args.map((a) => this.compile(a));
    const rt = this.c.rt;
    const io = this.io;
    switch (e.name) {
      case 'system':
        if (args.length !== 1) return this.c.fatal('system: called with wrong number of arguments');
        return async () => io.system(rt.str(await args[0]!()));
      case 'close':
        if (args.length < 1 || args.length > 2) return this.c.fatal('close: called with wrong number of arguments');
        return async () => {
          const name = rt.str(await args[0]!());
          const how = args[1] === undefined ? undefined : rt.str(await args[1]());
          return io.close(name, how);
        };
      default:
        return async () => io.fflush(args[0] === undefined ? undefined : rt.str(await args[0]()));
    }
  }

  private getline(e: Extract<Expr, { k: 'getline' }>): AEv {
    const c = this.c;
    const rt = c.rt;
    const io = this.io;
    const from = e.from === null ? null : this.compile(e.from);
    const set = e.lv === null ? null : c.setter(e.lv);
    const bump = (slot: number): void => {
      rt.g[slot] = toNum(rt.g[slot] as Val) + 1;
    };
    return async () => {
      let rec: string | null | -1;
      if (e.src === 'plain') rec = await io.nextMain();
      else rec = await io.readFrom(e.src, rt.str(await from!())); // file and cmd forms have a source
      if (rec === -1) return -1;
      if (rec === null) return 0;
      // only the main input counts records (gawk: `cmd | getline` sets $0 or var, NF, RT)
      if (e.src === 'plain') {
        bump(S.NR);
        bump(S.FNR);
      }
      if (set === null) {
        rt.setRecord(rec);
        rt.takeSplitter();
      } else {
        set.prepare();
        set.set(new Strnum(rec));
      }
      return 1;
    };
  }
}

function mapChildren(e: Expr, f: (x: Expr) => Expr): Expr {
  switch (e.k) {
    case 'index': return { ...e, subs: e.subs.map(f) };
    case 'field': case 'paren': case 'neg': case 'plus': return { ...e, e: f(e.e) };
    case 'group': case 'concat': return { ...e, items: e.items.map(f) };
    case 'assign': return { ...e, lhs: f(e.lhs), rhs: f(e.rhs) };
    case 'bin': case 'cmp': return { ...e, a: f(e.a), b: f(e.b) };
    case 'in': return { ...e, subs: e.subs.map(f) };
    case 'match': return { ...e, a: f(e.a), re: f(e.re) };
    case 'incdec': return { ...e, lv: f(e.lv) };
    default: return e;
  }
}

