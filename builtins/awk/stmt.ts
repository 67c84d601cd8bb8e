// Statements → closures returning a status (Status.NORMAL, BREAK, CONTINUE, NEXT, NEXTFILE,
// EXIT, RETURN) or a promise of one when something had to wait (output backpressure, getline,
// a command). Loops run synchronously and switch to an async continuation only when a step
// returned a promise; they call the deadline check every 1024 iterations.

import type { Expr, Stmt } from './ast.js';
import { AwkArray, numStr, Strnum, toNum, UNINIT, type Val } from './value.js';
import { ELEMENT_COST, Status, S } from './runtime.js';
import type { Compiler, Exec, StrEv } from './compile.js';
import type { OutStream } from './output.js';
import { awkSprintf, sortedInCompare, type AwkArg, type SortEntry } from './runtime/index.js';
import type { AsyncCompiler } from './async.js';
import { sortValue } from './builtin-fns.js';

type MaybeP<T> = T | Promise<T>;

export interface StmtEnv {
  stdout: OutStream;
  checkAbort(): void;
}

const NORMAL = Status.NORMAL;
const BREAK = Status.BREAK;
const CONTINUE = Status.CONTINUE;

export class StmtCompiler {
  constructor(
    readonly c: Compiler,
    readonly env: StmtEnv,
    readonly ac: AsyncCompiler,
  ) {}

  block(stmts: Stmt[]): Exec {
    const xs = stmts.map((s) => this.stmt(s));
    if (xs.length === 0) return () => NORMAL;
    if (xs.length === 1) return xs[0]!; // length checked
    return () => {
      for (let i = 0; i < xs.length; i++) {
        const r = xs[i]!();
        if (r !== NORMAL) {
          if (r instanceof Promise) return rest(xs, i, r);
          return r;
        }
      }
      return NORMAL;
    };
  }

  /** a condition, async when it reads input or runs a command */
  private cond(e: Expr): () => MaybeP<boolean> {
    if (this.c.an.needsAsync(e)) {
      const a = this.ac.compile(e);
      const rt = this.c.rt;
      return () => a().then((v) => truthy(v, rt.convfmt));
    }
    return this.c.bool(e);
  }

  stmt(s: Stmt): Exec {
    const c = this.c;
    const rt = c.rt;
    switch (s.k) {
      case 'block':
        return this.block(s.body);
      case 'expr': {
        if (c.an.needsAsync(s.e)) {
          const a = this.ac.compile(s.e);
          return () => a().then(() => NORMAL);
        }
        const e = c.val(s.e);
        return () => {
          e();
          return NORMAL;
        };
      }
      case 'print':
      case 'printf':
        return this.print(s);
      case 'if': {
        const cond = this.cond(s.c);
        const a = this.stmt(s.a);
        const b = s.b === null ? null : this.stmt(s.b);
        return () => {
          const v = cond();
          if (v instanceof Promise) return v.then((x) => (x ? a() : b === null ? NORMAL : b()));
          return v ? a() : b === null ? NORMAL : b();
        };
      }
      case 'while': {
        const cond = this.cond(s.c);
        const body = this.stmt(s.body);
        const chk = this.env.checkAbort;
        return () => {
          let n = 0;
          for (;;) {
            const v = cond();
            if (v instanceof Promise) return loopAsync(cond, body, null, chk, 0, v);
            if (!v) return NORMAL;
            if ((++n & 1023) === 0) chk();
            const r = body();
            if (r !== NORMAL) {
              if (r instanceof Promise) return loopAsync(cond, body, null, chk, 1, r);
              if (r === BREAK) return NORMAL;
              if (r !== CONTINUE) return r;
            }
          }
        };
      }
      case 'do': {
        const cond = this.cond(s.c);
        const body = this.stmt(s.body);
        const chk = this.env.checkAbort;
        return () => {
          let n = 0;
          for (;;) {
            if ((++n & 1023) === 0) chk();
            const r = body();
            if (r !== NORMAL) {
              if (r instanceof Promise) return loopAsync(cond, body, null, chk, 1, r);
              if (r === BREAK) return NORMAL;
              if (r !== CONTINUE) return r;
            }
            const v = cond();
            if (v instanceof Promise) return loopAsync(cond, body, null, chk, 0, v);
            if (!v) return NORMAL;
          }
        };
      }
      case 'for': {
        const init = s.init === null ? null : this.stmt(s.init);
        const cond = s.c === null ? () => true : this.cond(s.c);
        const step = s.step === null ? null : this.stmt(s.step);
        const body = this.stmt(s.body);
        const chk = this.env.checkAbort;
        const run = (): MaybeP<number> => {
          let n = 0;
          for (;;) {
            const v = cond();
            if (v instanceof Promise) return loopAsync(cond, body, step, chk, 0, v);
            if (!v) return NORMAL;
            if ((++n & 1023) === 0) chk();
            const r = body();
            if (r !== NORMAL) {
              if (r instanceof Promise) return loopAsync(cond, body, step, chk, 1, r);
              if (r === BREAK) return NORMAL;
              if (r !== CONTINUE) return r;
            }
            if (step !== null) {
              const t = step();
              if (t instanceof Promise) return loopAsync(cond, body, step, chk, 2, t);
            }
          }
        };
        if (init === null) return run;
        return () => {
          const i = init();
          if (i instanceof Promise) return i.then(run);
          return run();
        };
      }
      case 'forin':
        return this.forIn(s);
      case 'next':
        return () => Status.NEXT;
      case 'nextfile':
        return () => Status.NEXTFILE;
      case 'break':
        return () => BREAK;
      case 'continue':
        return () => CONTINUE;
      case 'exit': {
        if (s.e === null) return () => Status.EXIT;
        if (c.an.needsAsync(s.e)) {
          const a = this.ac.compile(s.e);
          return () => a().then((v) => {
            rt.exitCode = toNum(v) & 255;
            return Status.EXIT;
          });
        }
        const e = c.num(s.e);
        return () => {
          rt.exitCode = Math.trunc(e()) & 255;
          return Status.EXIT;
        };
      }
      case 'return': {
        if (s.e === null) return () => {
          rt.retVal = UNINIT;
          return Status.RETURN;
        };
        if (c.an.needsAsync(s.e)) {
          const a = this.ac.compile(s.e);
          return () => a().then((v) => {
            rt.retVal = v;
            return Status.RETURN;
          });
        }
        const e = s.e.k === 'var' ? this.scalarOrArray(s.e.name) : c.val(s.e);
        return () => {
          rt.retVal = e();
          return Status.RETURN;
        };
      }
      case 'delete': {
        const arr = c.array(s.name);
        if (s.subs === null) return () => {
          const a = arr();
          let bytes = 0;
          for (const k of a.map.keys()) bytes += k.length + ELEMENT_COST;
          rt.shrink(bytes);
          a.map.clear();
          return NORMAL;
        };
        const key = c.key(s.subs);
        return () => {
          const k = key();
          if (arr().map.delete(k)) rt.shrink(k.length + ELEMENT_COST);
          return NORMAL;
        };
      }
      case 'getlineStmt':
        return () => NORMAL;
    }
  }

  private scalarOrArray(name: string): () => Val {
    return this.c.val({ k: 'var', name });
  }

  private forIn(s: Extract<Stmt, { k: 'forin' }>): Exec {
    const c = this.c;
    const rt = c.rt;
    const arr = c.array(s.arr);
    const set = c.setter(s.v);
    const body = this.stmt(s.body);
    const chk = this.env.checkAbort;
    const keysOf = (a: AwkArray): string[] => {
      const keys = [...a.map.keys()];
      const proc = rt.g[S.PROCINFO];
      if (proc instanceof AwkArray) {
        const order = proc.map.get('sorted_in');
        if (order !== undefined && !(order instanceof AwkArray)) {
          const cmp = sortedInCompare(rt.str(order));
          if (cmp !== null) {
            const items: SortEntry[] = keys.map((k) => [k, sortValue(rt, a.map.get(k))]);
            items.sort(cmp);
            return items.map((i) => i[0]);
          }
        }
      }
      return keys;
    };
    return () => {
      const a = arr();
      const keys = keysOf(a);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        if (!a.map.has(k)) continue;
        if ((i & 1023) === 1023) chk();
        set.prepare();
        set.set(keyValue(k));
        const r = body();
        if (r !== NORMAL) {
          if (r instanceof Promise) return forInAsync(a, keys, i, r, set, body, chk);
          if (r === BREAK) return NORMAL;
          if (r !== CONTINUE) return r;
        }
      }
      return NORMAL;
    };
  }

  private print(s: Extract<Stmt, { k: 'print' | 'printf' }>): Exec {
    const c = this.c;
    const rt = c.rt;
    const env = this.env;
    const anyAsync = s.args.some((a) => c.an.needsAsync(a)) || (s.redir !== null && c.an.needsAsync(s.redir.target));
    let text: () => MaybeP<string>;
    if (s.k === 'print') {
      if (anyAsync) {
        const parts = s.args.map((a) => this.ac.compile(a));
        text = async () => {
          if (parts.length === 0) return rt.getRecord() + rt.ors;
          let out = '';
          for (let i = 0; i < parts.length; i++) out += (i > 0 ? rt.ofs : '') + outputStr(await parts[i]!(), rt.ofmt);
          return out + rt.ors;
        };
      } else {
        const parts = s.args.map((a) => this.printArg(a));
        if (parts.length === 0) text = () => rt.getRecord() + rt.ors;
        else if (parts.length === 1) {
          const p0 = parts[0]!;
          text = () => p0() + rt.ors;
        } else {
          text = () => {
            let out = parts[0]!();
            for (let i = 1; i < parts.length; i++) out += rt.ofs + parts[i]!();
            return out + rt.ors;
          };
        }
      }
    } else {
      const fmt = anyAsync ? this.ac.compile(s.args[0]!) : null;
      const fmtS = anyAsync ? null : c.str(s.args[0]!); // printf has at least its format
      const rest = s.args.slice(1);
      const sync = anyAsync ? null : rest.map((a) => c.val(a));
      const asyncArgs = anyAsync ? rest.map((a) => this.ac.compile(a)) : null;
      const format = (f: string, vals: Val[]): string => {
        const args: AwkArg[] = vals.map((v) => ({ num: () => toNum(v), str: () => rt.str(v), isNum: () => typeof v === 'number' || (v instanceof Strnum && v.isNumeric()) }));
        const r = awkSprintf(f, args);
        if ('fatal' in r) return c.fatal(r.fatal.replace(/^fatal: /, ''));
        return r.text;
      };
      text = anyAsync
        ? async () => {
          const f = rt.str(await fmt!()); // set when anyAsync
          const vals: Val[] = [];
          for (const a of asyncArgs!) vals.push(await a());
          return format(f, vals);
        }
        : () => format(fmtS!(), sync!.map((a) => a()));
    }
    if (s.redir === null) {
      const out = env.stdout;
      return () => {
        const t = text();
        if (t instanceof Promise) return t.then((x) => waitNormal(out.write(x)));
        const w = out.write(t);
        if (w === undefined || rt.syncCalls > 0) return NORMAL;
        return w.then(() => NORMAL);
      };
    }
    const target = c.an.needsAsync(s.redir.target) ? this.ac.compile(s.redir.target) : null;
    const targetS = target === null ? c.str(s.redir.target) : null;
    const mode = s.redir.mode;
    const ac = this.ac;
    return async () => {
      const t = await text();
      const name = target !== null ? rt.str(await target()) : targetS!(); // one of the two is set
      const out = await ac.io.output(mode, name);
      const w = out.write(t);
      if (w) await w;
      return NORMAL;
    };
  }

  /** one print argument as text: numbers through OFMT */
  private printArg(e: Expr): StrEv {
    const c = this.c;
    const rt = c.rt;
    if (e.k === 'str' || e.k === 'concat' || e.k === 'field') return c.str(e);
    const v = c.val(e);
    return () => outputStr(v(), rt.ofmt);
  }
}

export function outputStr(v: Val, ofmt: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numStr(v, ofmt);
  return v.s;
}

function truthy(v: Val, _convfmt: string): boolean {
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  if (v === UNINIT) return false;
  return v.isNumeric() ? v.num() !== 0 : v.s !== '';
}

/** a for-in key as the loop variable's value: integer-looking keys as numbers (gawk's cint_array) */
function keyValue(k: string): Val {
  if (/^(?:0|-?[1-9][0-9]{0,14})$/.test(k)) return Number(k);
  return k;
}

async function waitNormal(w: void | Promise<void>): Promise<number> {
  if (w) await w;
  return NORMAL;
}

async function rest(xs: Exec[], i: number, p: Promise<number>): Promise<number> {
  const r = await p;
  if (r !== NORMAL) return r;
  for (let j = i + 1; j < xs.length; j++) {
    let q = xs[j]!();
    if (q instanceof Promise) q = await q;
    if (q !== NORMAL) return q;
  }
  return NORMAL;
}

/** a loop continued asynchronously; phase: 0 awaiting the condition, 1 the body, 2 the step */
async function loopAsync(
  cond: () => MaybeP<boolean>,
  body: Exec,
  step: Exec | null,
  chk: () => void,
  phase: 0 | 1 | 2,
  p: Promise<unknown>,
): Promise<number> {
  let n = 0;
  let v: unknown = await p;
  for (;;) {
    if (phase === 0) {
      if (!v) return NORMAL;
      if ((++n & 1023) === 0) chk();
      let r = body();
      if (r instanceof Promise) r = await r;
      v = r;
      phase = 1;
    }
    if (phase === 1) {
      const r = v as number;
      if (r === BREAK) return NORMAL;
      if (r !== NORMAL && r !== CONTINUE) return r;
      if (step !== null) {
        const t = step();
        if (t instanceof Promise) await t;
      }
    }
    const cv = cond();
    v = cv instanceof Promise ? await cv : cv;
    phase = 0;
  }
}

async function forInAsync(
  a: AwkArray,
  keys: string[],
  i: number,
  p: Promise<number>,
  set: { prepare: () => void; set: (v: Val) => void },
  body: Exec,
  chk: () => void,
): Promise<number> {
  let r = await p;
  for (;;) {
    if (r === BREAK) return NORMAL;
    if (r !== NORMAL && r !== CONTINUE) return r;
    i++;
    while (i < keys.length && !a.map.has(keys[i]!)) i++;
    if (i >= keys.length) return NORMAL;
    if ((i & 1023) === 1023) chk();
    set.prepare();
    set.set(keyValue(keys[i]!));
    const q = body();
    r = q instanceof Promise ? await q : q;
  }
}
