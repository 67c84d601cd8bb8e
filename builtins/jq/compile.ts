// The jq evaluator: each AST node compiles once into a pair of closures in continuation-passing
// style. `run(input, env, emit)` calls `emit` for every output (a generator without generator
// objects: backtracking is the return from `emit`); `paths(input, path, env, emit)` is the same
// filter evaluated as a path expression (for path(), assignment, del, paths...), emitting each
// output with its path from the root, or null where the output is not a path (jq's "Invalid path
// expression" then). Variables and closure parameters live in a linked list of frames; the
// compiler resolves every name to a frame distance. `label`/`break` and early exits (limit, first)
// unwind with a BreakSignal; jq errors are JqError throws, caught by try/`?`/`//`.

import type { Ast, FuncDef, Pattern } from './ast.js';
import { JqSyntaxError } from './parser.js';
import { add, compare, divide, equals, index, isNum, isObj, kindOf, modulo, multiply, negate, subtract, truthy, dumpTrunc, getpath, setpath, delpaths } from './ops.js';
import { JqError, type Json, type JsonObject } from './value.js';

export interface Closure {
  readonly c: Compiled;
  readonly env: Env;
}
export interface Frame {
  readonly v: Json | Closure | symbol;
  readonly next: Env;
}
export type Env = Frame | null;
export type Path = Json[];
export type Emit = (v: Json) => void;
export type EmitP = (v: Json, p: Path | null) => void;
export interface Compiled {
  run(input: Json, env: Env, emit: Emit): void;
  paths(input: Json, path: Path | null, env: Env, emit: EmitP): void;
}

/** unwinds to the `label` whose token it carries (and to limit/first's own exits) */
export class BreakSignal {
  constructor(readonly token: symbol) {}
}

/** what the running program may use of the world */
export interface Runtime {
  /** counts work; every ~1000 units looks at the deadline */
  tick(): void;
  natives: Record<string, Native>;
  /** the prelude: jq-defined builtins (name/arity → definition) */
  prelude: Map<string, FuncDef>;
}

export type Native = (args: Compiled[], rt: Runtime) => Compiled;

export const walk = (env: Env, hops: number): Env => {
  let e = env;
  for (let i = 0; i < hops; i++) e = (e as Frame).next;
  return e;
};

/**
 * jq's jv_identical, which decides whether a value computed in a path expression still stands
 * at the current path: the same array/object/string, an equal number, or the same constant
 */
export function identical(a: Json, b: Json): boolean {
  if (a === b) return typeof a !== 'number' || !Object.is(a, -0) === !Object.is(b, -0);
  return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
}

/**
 * a compiled filter that is not a path expression: an output is a path only where it is the
 * input itself (jq: `path(ltrimstr("x"))` is [] when nothing was trimmed)
 */
export function valueOnly(run: Compiled['run']): Compiled {
  return {
    run,
    paths(input, path, env, emit) {
      run(input, env, (v) => emit(v, path !== null && identical(v, input) ? path : null));
    },
  };
}

export function invalidPath(v: Json): JqError {
  return new JqError(`Invalid path expression with result ${dumpTrunc(v, 30)}`);
}

// ---- scopes (compile time) ----

interface FuncInfo {
  def: FuncDef;
  /** frames in the environment where the function was defined */
  depth: number;
  scope: Scope;
  body: Compiled | undefined;
}
type Scope =
  | { t: 'var'; name: string; idx: number; next: Scope }
  | { t: 'closure'; name: string; idx: number; next: Scope }
  | { t: 'func'; name: string; arity: number; fn: FuncInfo; next: Scope }
  | null;

interface Ctx {
  scope: Scope;
  depth: number;
}

/** every undefined name of a program, reported together as jq does */
export class CompileErrors {
  constructor(readonly errors: JqSyntaxError[]) {}
}

export class Compiler {
  private readonly preludeFns = new Map<string, FuncInfo>();
  private readonly errors: JqSyntaxError[] = [];
  constructor(private readonly rt: Runtime) {}

  compileProgram(ast: Ast, vars: string[]): Compiled {
    let scope: Scope = null;
    vars.forEach((name, idx) => {
      scope = { t: 'var', name, idx, next: scope };
    });
    const c = this.compile(ast, { scope, depth: vars.length });
    if (this.errors.length > 0) throw new CompileErrors(this.errors);
    return c;
  }

  private preludeFn(key: string): FuncInfo | undefined {
    let f = this.preludeFns.get(key);
    if (f === undefined) {
      const def = this.rt.prelude.get(key);
      if (def === undefined) return undefined;
      f = { def, depth: 0, scope: null, body: undefined };
      this.preludeFns.set(key, f);
    }
    return f;
  }

  compile(ast: Ast, cx: Ctx): Compiled {
    switch (ast.k) {
      case 'identity':
        return IDENTITY;
      case 'recurse':
        return this.compile({ k: 'call', name: 'recurse', args: [], at: 0 }, cx);
      case 'literal': {
        const v = ast.v;
        return {
          run: (_i, _e, emit) => emit(v),
          paths: (i, p, _e, emit) => emit(v, p !== null && identical(v, i) ? p : null),
        };
      }
      case 'index':
        return this.compileIndex(ast.target, ast.key, ast.opt, cx);
      case 'slice':
        return this.compileSlice(ast, cx);
      case 'iterate':
        return compileIterate(this.compile(ast.target, cx), ast.opt);
      case 'str':
        return this.compileString(ast.fmt, ast.parts, cx);
      case 'format':
        return this.callNative('format', [{ k: 'literal', v: ast.name }], cx, 0);
      case 'array': {
        if (ast.body === null) return valueOnly((_i, _e, emit) => emit([]));
        const body = this.compile(ast.body, cx);
        return valueOnly((input, env, emit) => {
          const out: Json[] = [];
          body.run(input, env, (v) => {
            out.push(v);
          });
          emit(out);
        });
      }
      case 'object':
        return this.compileObject(ast.entries, cx);
      case 'neg': {
        const e = this.compile(ast.e, cx);
        return valueOnly((input, env, emit) => e.run(input, env, (v) => emit(negate(v))));
      }
      case 'pipe':
        return pipe(this.compile(ast.l, cx), this.compile(ast.r, cx));
      case 'comma': {
        const l = this.compile(ast.l, cx);
        const r = this.compile(ast.r, cx);
        return {
          run(input, env, emit) {
            l.run(input, env, emit);
            r.run(input, env, emit);
          },
          paths(input, path, env, emit) {
            l.paths(input, path, env, emit);
            r.paths(input, path, env, emit);
          },
        };
      }
      case 'binop':
        return this.compileBinop(ast.op, this.compile(ast.l, cx), this.compile(ast.r, cx));
      case 'and':
      case 'or':
        return this.compileLogic(ast.k, this.compile(ast.l, cx), this.compile(ast.r, cx));
      case 'alt':
        return compileAlt(this.compile(ast.l, cx), this.compile(ast.r, cx));
      case 'assign':
        return this.compileAssign(ast.op, ast.l, ast.r, cx);
      case 'if':
        return compileIf(this.compile(ast.cond, cx), this.compile(ast.then, cx), ast.else === null ? IDENTITY : this.compile(ast.else, cx));
      case 'try':
        return compileTry(this.compile(ast.body, cx), ast.handler === null ? null : this.compile(ast.handler, cx));
      case 'reduce':
        return this.compileReduce(ast, cx);
      case 'foreach':
        return this.compileForeach(ast, cx);
      case 'as':
        return this.compileAs(ast.src, ast.pats, ast.body, cx);
      case 'label': {
        const inner: Ctx = { scope: { t: 'var', name: `*label-${ast.name}`, idx: cx.depth, next: cx.scope }, depth: cx.depth + 1 };
        const body = this.compile(ast.body, inner);
        return {
          run(input, env, emit) {
            const tok = Symbol('label');
            try {
              body.run(input, { v: tok, next: env }, emit);
            } catch (e) {
              if (!(e instanceof BreakSignal && e.token === tok)) throw e;
            }
          },
          paths(input, path, env, emit) {
            const tok = Symbol('label');
            try {
              body.paths(input, path, { v: tok, next: env }, emit);
            } catch (e) {
              if (!(e instanceof BreakSignal && e.token === tok)) throw e;
            }
          },
        };
      }
      case 'break': {
        const hops = this.lookupVar(`*label-${ast.name}`, cx, ast.at);
        const brk = (env: Env): never => {
          throw new BreakSignal(walk(env, hops)?.v as symbol);
        };
        return { run: (_i, env) => brk(env), paths: (_i, _p, env) => brk(env) };
      }
      case 'var': {
        if (ast.name === '__loc__') return this.compile({ k: 'literal', v: null }, cx);
        const hops = this.lookupVar(ast.name, cx, ast.at);
        return valueOnly((_i, env, emit) => emit(walk(env, hops)?.v as Json));
      }
      case 'call':
        return this.compileCall(ast.name, ast.args, cx, ast.at);
      case 'def': {
        const fn: FuncInfo = { def: ast.def, depth: cx.depth, scope: null, body: undefined };
        const scope: Scope = { t: 'func', name: ast.def.name, arity: ast.def.params.length, fn, next: cx.scope };
        fn.scope = scope;
        this.compileFuncBody(fn);
        return this.compile(ast.body, { scope, depth: cx.depth });
      }
    }
  }

  private lookupVar(name: string, cx: Ctx, at: number): number {
    for (let s = cx.scope; s !== null; s = s.next) {
      if (s.t === 'var' && s.name === name) return cx.depth - 1 - s.idx;
    }
    this.errors.push(new JqSyntaxError(`$${name} is not defined`, at));
    return 0;
  }

  private compileFuncBody(fn: FuncInfo): Compiled {
    if (fn.body !== undefined) return fn.body;
    // a placeholder that forwards to the body, so recursion compiles before the body exists
    const fwd: { target: Compiled | undefined } = { target: undefined };
    fn.body = {
      run: (i, e, emit) => (fwd.target as Compiled).run(i, e, emit),
      paths: (i, p, e, emit) => (fwd.target as Compiled).paths(i, p, e, emit),
    };
    let scope = fn.scope;
    let depth = fn.depth;
    const params = fn.def.params;
    for (const p of params) {
      scope = { t: 'closure', name: p.startsWith('$') ? p.slice(1) : p, idx: depth++, next: scope };
    }
    for (const p of params) {
      if (p.startsWith('$')) scope = { t: 'var', name: p.slice(1), idx: depth++, next: scope };
    }
    fwd.target = this.compile(fn.def.body, { scope, depth });
    return fn.body;
  }

  private compileCall(name: string, argAsts: Ast[], cx: Ctx, at: number): Compiled {
    const arity = argAsts.length;
    for (let s = cx.scope; s !== null; s = s.next) {
      if (s.t === 'closure' && arity === 0 && s.name === name) {
        const hops = cx.depth - 1 - s.idx;
        const tick = this.rt;
        return {
          run(input, env, emit) {
            tick.tick();
            const c = walk(env, hops)?.v as Closure;
            c.c.run(input, c.env, emit);
          },
          paths(input, path, env, emit) {
            const c = walk(env, hops)?.v as Closure;
            c.c.paths(input, path, c.env, emit);
          },
        };
      }
      if (s.t === 'func' && s.name === name && s.arity === arity) return this.callFunc(s.fn, argAsts, cx);
    }
    const key = `${name}/${arity}`;
    const native = this.rt.natives[key];
    if (native !== undefined) return this.callNative(name, argAsts, cx, at);
    const pf = this.preludeFn(key);
    if (pf !== undefined) return this.callFunc(pf, argAsts, cx);
    this.errors.push(new JqSyntaxError(`${key} is not defined`, at));
    for (const a of argAsts) this.compile(a, cx);
    return IDENTITY;
  }

  callNative(name: string, argAsts: Ast[], cx: Ctx, at: number): Compiled {
    const native = this.rt.natives[`${name}/${argAsts.length}`];
    if (native === undefined) throw new JqSyntaxError(`${name}/${argAsts.length} is not defined`, at);
    return native(
      argAsts.map((a) => this.compile(a, cx)),
      this.rt,
    );
  }

  private callFunc(fn: FuncInfo, argAsts: Ast[], cx: Ctx): Compiled {
    const body = this.compileFuncBody(fn);
    const args = argAsts.map((a) => this.compile(a, cx));
    const hops = cx.depth - fn.depth;
    const params = fn.def.params;
    const rt = this.rt;
    const valueParams: number[] = [];
    params.forEach((p, i) => {
      if (p.startsWith('$')) valueParams.push(i);
    });
    const closures = (env: Env): Env => {
      let e = walk(env, hops);
      for (const a of args) e = { v: { c: a, env }, next: e };
      return e;
    };
    if (valueParams.length === 0) {
      if (args.length === 0) {
        return {
          run(input, env, emit) {
            rt.tick();
            body.run(input, walk(env, hops), emit);
          },
          paths(input, path, env, emit) {
            body.paths(input, path, walk(env, hops), emit);
          },
        };
      }
      return {
        run(input, env, emit) {
          rt.tick();
          body.run(input, closures(env), emit);
        },
        paths(input, path, env, emit) {
          body.paths(input, path, closures(env), emit);
        },
      };
    }
    // `def f($a; $b)`: `a as $a | b as $b | body`, the first parameter the outer loop
    const bindValues = (input: Json, callEnv: Env, e: Env, i: number, k: (e: Env) => void): void => {
      if (i === valueParams.length) {
k(e);
 return;
}
      (args[valueParams[i] as number] as Compiled).run(input, callEnv, (v) => bindValues(input, callEnv, { v, next: e }, i + 1, k));
    };
    return {
      run(input, env, emit) {
        rt.tick();
        bindValues(input, env, closures(env), 0, (e) => body.run(input, e, emit));
      },
      paths(input, path, env, emit) {
        bindValues(input, env, closures(env), 0, (e) => body.paths(input, path, e, emit));
      },
    };
  }

  private compileIndex(targetAst: Ast, keyAst: Ast, opt: boolean, cx: Ctx): Compiled {
    const chain = fieldChain(targetAst, keyAst, opt);
    if (chain !== undefined && chain.keys.length > 1) return this.compileFieldChain(chain.keys, chain.opts, targetAst, keyAst, opt, cx);
    return this.compileIndexGeneral(targetAst, keyAst, opt, cx);
  }

  private compileIndexGeneral(targetAst: Ast, keyAst: Ast, opt: boolean, cx: Ctx): Compiled {
    const target = this.compile(targetAst, cx);
    if (keyAst.k === 'literal' && typeof keyAst.v === 'string') {
      const k = keyAst.v;
      if (target === IDENTITY) {
        return {
          run(input, _env, emit) {
            if (input instanceof Map) return emit(input.get(k) ?? null);
            let v: Json;
            try {
              v = index(input, k);
            } catch (e) {
              if (opt && e instanceof JqError) return;
              throw e;
            }
            emit(v);
          },
          paths(input, path, _env, emit) {
            indexPath(input, path, k, opt, emit);
          },
        };
      }
    }
    const key = this.compile(keyAst, cx);
    return {
      run(input, env, emit) {
        // jq evaluates the key first (on `.`), then the target
        key.run(input, env, (k) =>
          target.run(input, env, (t) => {
            let v: Json;
            try {
              v = index(t, k);
            } catch (e) {
              if (opt && e instanceof JqError) return;
              throw e;
            }
            emit(v);
          }),
        );
      },
      paths(input, path, env, emit) {
        key.run(input, env, (k) => target.paths(input, path, env, (t, p) => indexPath(t, p, k, opt, emit)));
      },
    };
  }

  /**
   * `.a.b.c`: one loop over the keys instead of a closure per level (the hot path of most
   * programs); path mode keeps the general form
   */
  private compileFieldChain(keys: string[], opts: boolean[], targetAst: Ast, keyAst: Ast, opt: boolean, cx: Ctx): Compiled {
    const general = this.compileIndexGeneral(targetAst, keyAst, opt, cx);
    const n = keys.length;
    return {
      run(input, env, emit) {
        let v = input;
        for (let i = 0; i < n; i++) {
          const k = keys[i] as string;
          if (v instanceof Map) v = v.get(k) ?? null;
          else if (v !== null) {
            try {
              v = index(v, k);
            } catch (e) {
              if (opts[i] && e instanceof JqError) return;
              throw e;
            }
          }
        }
        emit(v);
        void env;
      },
      paths: general.paths,
    };
  }

  private compileSlice(ast: Extract<Ast, { k: 'slice' }>, cx: Ctx): Compiled {
    const target = this.compile(ast.target, cx);
    const from = ast.from === null ? NULL : this.compile(ast.from, cx);
    const to = ast.to === null ? NULL : this.compile(ast.to, cx);
    const opt = ast.opt;
    const each = (input: Json, env: Env, k: (key: JsonObject) => void): void => {
      to.run(input, env, (t) =>
        from.run(input, env, (f) =>
          k(
            new Map<string, Json>([
              ['start', f],
              ['end', t],
            ]),
          ),
        ),
      );
    };
    return {
      run(input, env, emit) {
        each(input, env, (k) =>
          target.run(input, env, (t) => {
            let v: Json;
            try {
              v = index(t, k);
            } catch (e) {
              if (opt && e instanceof JqError) return;
              throw e;
            }
            emit(v);
          }),
        );
      },
      paths(input, path, env, emit) {
        each(input, env, (k) => target.paths(input, path, env, (t, p) => indexPath(t, p, k, opt, emit)));
      },
    };
  }

  private compileString(fmt: string, parts: (string | Ast)[], cx: Ctx): Compiled {
    if (parts.length === 1 && typeof parts[0] === 'string') {
      const s = parts[0];
      return { run: (_i, _e, emit) => emit(s), paths: (_i, _p, _e, emit) => emit(s, null) };
    }
    const format = this.callNative('format', [{ k: 'literal', v: fmt }], cx, 0);
    const pieces = parts.map((p) => (typeof p === 'string' ? p : this.compile(p, cx)));
    // jq builds the string left to right, the last interpolation the outer loop
    const build = (input: Json, env: Env, i: number, suffix: string, emit: Emit): void => {
      if (i < 0) {
emit(suffix);
 return;
}
      const p = pieces[i] as string | Compiled;
      if (typeof p === 'string') {
build(input, env, i - 1, p + suffix, emit);
 return;
}
      p.run(input, env, (v) =>
        format.run(v, env, (s) => build(input, env, i - 1, (s as string) + suffix, emit)),
      );
    };
    return valueOnly((input, env, emit) => build(input, env, pieces.length - 1, '', emit));
  }

  private compileObject(entries: { key: Ast; value: Ast }[], cx: Ctx): Compiled {
    const compiled = entries.map((e) => ({ key: this.compile(e.key, cx), value: this.compile(e.value, cx) }));
    const build = (input: Json, env: Env, i: number, obj: JsonObject, emit: Emit): void => {
      if (i === compiled.length) {
emit(obj);
 return;
}
      const { key, value } = compiled[i] as { key: Compiled; value: Compiled };
      key.run(input, env, (k) => {
        if (typeof k !== 'string') {
          throw new JqError(`Cannot use ${kindOf(k)} (${dumpTrunc(k)}) as object key`);
        }
        value.run(input, env, (v) => {
          const next = new Map(obj);
          next.set(k, v);
          build(input, env, i + 1, next, emit);
        });
      });
    };
    return valueOnly((input, env, emit) => build(input, env, 0, new Map(), emit));
  }

  private compileBinop(op: string, l: Compiled, r: Compiled): Compiled {
    const f = BINOPS[op] as (a: Json, b: Json) => Json;
    return valueOnly((input, env, emit) => {
      r.run(input, env, (b) => l.run(input, env, (a) => emit(f(a, b))));
    });
  }

  private compileLogic(kind: 'and' | 'or', l: Compiled, r: Compiled): Compiled {
    return valueOnly((input, env, emit) => {
      l.run(input, env, (a) => {
        if (kind === 'and' ? !truthy(a) : truthy(a)) return emit(kind === 'or');
        r.run(input, env, (b) => emit(truthy(b)));
      });
    });
  }

  private compileAssign(op: string, lAst: Ast, rAst: Ast, cx: Ctx): Compiled {
    const l = this.compile(lAst, cx);
    const r = this.compile(rAst, cx);
    const collectPaths = (input: Json, env: Env): Path[] => {
      const ps: Path[] = [];
      l.paths(input, [], env, (v, p) => {
        if (p === null) throw invalidPath(v);
        ps.push(p);
      });
      return ps;
    };
    if (op === '=') {
      return valueOnly((input, env, emit) => {
        r.run(input, env, (v) => {
          let out = input;
          for (const p of collectPaths(input, env)) out = setpath(out, p, v);
          emit(out);
        });
      });
    }
    const modify = (input: Json, env: Env, update: (v: Json, k: (u: Json) => void) => void): Json => {
      let out = input;
      const dels: Path[] = [];
      l.paths(input, [], env, (v, p) => {
        if (p === null) throw invalidPath(v);
        let got = false;
        let nv: Json = null;
        update(getpath(out, p), (u) => {
          if (!got) {
            got = true;
            nv = u;
          }
        });
        if (got) out = setpath(out, p, nv);
        else dels.push(p);
      });
      return dels.length === 0 ? out : delpaths(out, dels);
    };
    if (op === '|=') {
      return valueOnly((input, env, emit) => {
        emit(
          modify(input, env, (v, k) => {
            const tok = Symbol('first');
            try {
              r.run(v, env, (u) => {
                k(u);
                throw new BreakSignal(tok);
              });
            } catch (e) {
              if (!(e instanceof BreakSignal && e.token === tok)) throw e;
            }
          }),
        );
      });
    }
    const f = op === '//=' ? (a: Json, b: Json) => (truthy(a) ? a : b) : (BINOPS[op.slice(0, -1)] as (a: Json, b: Json) => Json);
    return valueOnly((input, env, emit) => {
      r.run(input, env, (b) => emit(modify(input, env, (v, k) => k(f(v, b)))));
    });
  }

  private compileReduce(ast: Extract<Ast, { k: 'reduce' }>, cx: Ctx): Compiled {
    const src = this.compile(ast.src, cx);
    const bind = this.compilePattern([ast.pat], cx);
    const init = this.compile(ast.init, cx);
    const update = this.compile(ast.update, bind.cx);
    const rt = this.rt;
    return valueOnly((input, env, emit) => {
      // jq 1.7.1 (DUPN before the init): after the first init value the source sees null
      let over: Json = input;
      init.run(input, env, (start) => {
        let acc: Json = start;
        const from = over;
        over = null;
        src.run(from, env, (v) => {
          rt.tick();
          bind.bind(v, from, env, (e) => {
            let last: Json = null;
            update.run(acc, e, (u) => {
              last = u;
            });
            acc = last;
          });
        });
        emit(acc);
      });
    });
  }

  private compileForeach(ast: Extract<Ast, { k: 'foreach' }>, cx: Ctx): Compiled {
    const src = this.compile(ast.src, cx);
    const bind = this.compilePattern([ast.pat], cx);
    const init = this.compile(ast.init, cx);
    const update = this.compile(ast.update, bind.cx);
    const extract = ast.extract === null ? null : this.compile(ast.extract, bind.cx);
    const rt = this.rt;
    return {
      run(input, env, emit) {
        // as reduce: after the first init value the source sees null
        let over: Json = input;
        init.run(input, env, (start) => {
          let acc: Json = start;
          const from = over;
          over = null;
          src.run(from, env, (v) => {
            rt.tick();
            bind.bind(v, from, env, (e) => {
              update.run(acc, e, (u) => {
                acc = u;
                if (extract === null) emit(u);
                else extract.run(u, e, emit);
              });
            });
          });
        });
      },
      paths(input, path, env, emit) {
        let over: Json = input;
        init.paths(input, path, env, (start, sp) => {
          let acc: Json = start;
          let accPath = sp;
          const from = over;
          over = null;
          src.run(from, env, (v) => {
            rt.tick();
            bind.bind(v, from, env, (e) => {
              update.paths(acc, accPath, e, (u, up) => {
                acc = u;
                accPath = up;
                if (extract === null) emit(u, up);
                else extract.paths(u, up, e, emit);
              });
            });
          });
        });
      },
    };
  }

  private compileAs(srcAst: Ast, pats: Pattern[], bodyAst: Ast, cx: Ctx): Compiled {
    const src = this.compile(srcAst, cx);
    const bind = this.compilePattern(pats, cx);
    const body = this.compile(bodyAst, bind.cx);
    if (pats.length === 1) {
      return {
        run(input, env, emit) {
          src.run(input, env, (v) => bind.bind(v, input, env, (e) => body.run(input, e, emit)));
        },
        paths(input, path, env, emit) {
          src.run(input, env, (v) => bind.bind(v, input, env, (e) => body.paths(input, path, e, emit)));
        },
      };
    }
    // `?//`: an error in a pattern or in the body moves on to the next alternative
    const alts = bind.alts;
    return valueOnly((input, env, emit) => {
      src.run(input, env, (v) => {
        for (let i = 0; i < alts.length; i++) {
          let downstream = false;
          try {
            (alts[i] as BindFn)(v, input, env, (e) =>
              body.run(input, e, (out) => {
                downstream = true;
                emit(out);
                downstream = false;
              }),
            );
            return;
          } catch (err) {
            if (downstream || !(err instanceof JqError) || i === alts.length - 1) throw err;
          }
        }
      });
    });
  }

  /** destructuring: binds every variable of every alternative, in order of appearance */
  private compilePattern(pats: Pattern[], cx: Ctx): { cx: Ctx; bind: BindFn; alts: BindFn[] } {
    const names: string[] = [];
    const collect = (p: Pattern): void => {
      if (p.k === 'var') {
        if (!names.includes(p.name)) names.push(p.name);
      } else if (p.k === 'array') p.items.forEach(collect);
      else
        for (const e of p.entries) {
          if (e.bind !== undefined && !names.includes(e.bind)) names.push(e.bind);
          if (e.pat !== undefined) collect(e.pat);
        }
    };
    pats.forEach(collect);
    let scope = cx.scope;
    names.forEach((name, i) => {
      scope = { t: 'var', name, idx: cx.depth + i, next: scope };
    });
    const n = names.length;
    const alts = pats.map((pat): BindFn => {
      const assign = this.compileMatcher(pat, names, cx);
      return (v, input, env, k) => {
        const slots: Json[] = new Array<Json>(n).fill(null);
        assign(v, input, env, slots, () => {
          let e = env;
          for (let i = 0; i < n; i++) e = { v: slots[i] as Json, next: e };
          k(e);
        });
      };
    });
    return { cx: { scope, depth: cx.depth + n }, bind: alts[0] as BindFn, alts };
  }

  private compileMatcher(pat: Pattern, names: string[], cx: Ctx): Matcher {
    if (pat.k === 'var') {
      const slot = names.indexOf(pat.name);
      return (v, _i, _e, slots, k) => {
        slots[slot] = v;
        k();
      };
    }
    if (pat.k === 'array') {
      const items = pat.items.map((p) => this.compileMatcher(p, names, cx));
      return (v, input, env, slots, k) => {
        if (v !== null && !Array.isArray(v)) throw new JqError(`Cannot index ${kindOf(v)} with number`);
        const step = (i: number): void => {
          if (i === items.length) {
k();
 return;
}
          (items[i] as Matcher)(v === null ? null : (v[i] ?? null), input, env, slots, () => step(i + 1));
        };
        step(0);
      };
    }
    const entries = pat.entries.map((e) => ({
      key: this.compile(e.key, cx),
      slot: e.bind === undefined ? -1 : names.indexOf(e.bind),
      sub: e.pat === undefined ? null : this.compileMatcher(e.pat, names, cx),
    }));
    return (v, input, env, slots, k) => {
      const step = (i: number): void => {
        if (i === entries.length) {
k();
 return;
}
        const en = entries[i] as (typeof entries)[number];
        en.key.run(v, env, (key) => {
          if (typeof key !== 'string') throw new JqError(`Cannot index ${kindOf(v)} with ${kindOf(key)}`);
          const x = index(v, key);
          if (en.slot >= 0) slots[en.slot] = x;
          if (en.sub === null) step(i + 1);
          else en.sub(x, input, env, slots, () => step(i + 1));
        });
      };
      step(0);
    };
  }
}

/** `.a.b.c` from the identity: its keys and their `?` marks, outermost last */
function fieldChain(targetAst: Ast, keyAst: Ast, opt: boolean): { keys: string[]; opts: boolean[] } | undefined {
  if (keyAst.k !== 'literal' || typeof keyAst.v !== 'string') return undefined;
  if (targetAst.k === 'identity') return { keys: [keyAst.v], opts: [opt] };
  if (targetAst.k !== 'index') return undefined;
  const inner = fieldChain(targetAst.target, targetAst.key, targetAst.opt);
  if (inner === undefined) return undefined;
  return { keys: [...inner.keys, keyAst.v], opts: [...inner.opts, opt] };
}

type BindFn = (v: Json, input: Json, env: Env, k: (e: Env) => void) => void;
type Matcher = (v: Json, input: Json, env: Env, slots: Json[], k: () => void) => void;

export const IDENTITY: Compiled = {
  run: (input, _env, emit) => emit(input),
  paths: (input, path, _env, emit) => emit(input, path),
};

const NULL: Compiled = { run: (_i, _e, emit) => emit(null), paths: (_i, _p, _e, emit) => emit(null, null) };

export const BINOPS: Record<string, (a: Json, b: Json) => Json> = {
  '+': add,
  '-': subtract,
  '*': multiply,
  '/': divide,
  '%': modulo,
  '==': (a, b) => equals(a, b),
  '!=': (a, b) => !equals(a, b),
  '<': (a, b) => compare(a, b) < 0,
  '<=': (a, b) => compare(a, b) <= 0,
  '>': (a, b) => compare(a, b) > 0,
  '>=': (a, b) => compare(a, b) >= 0,
};

export function pipe(l: Compiled, r: Compiled): Compiled {
  if (l === IDENTITY) return r;
  if (r === IDENTITY) return l;
  return {
    run(input, env, emit) {
      l.run(input, env, (v) => r.run(v, env, emit));
    },
    paths(input, path, env, emit) {
      l.paths(input, path, env, (v, p) => r.paths(v, p, env, emit));
    },
  };
}

function indexPath(t: Json, p: Path | null, k: Json, opt: boolean, emit: EmitP): void {
  if (p === null) {
    throw new JqError(`Invalid path expression near attempt to access element ${dumpTrunc(k)} of ${dumpTrunc(t, 30)}`);
  }
  let v: Json;
  try {
    v = t === null ? (isNum(k) || typeof k === 'string' || isObj(k) ? null : index(t, k)) : index(t, k);
  } catch (e) {
    if (opt && e instanceof JqError) return;
    throw e;
  }
  emit(v, [...p, k]);
}

export function iterate(t: Json, each: (v: Json, k: Json) => void): void {
  if (Array.isArray(t)) {
    for (let i = 0; i < t.length; i++) each(t[i] as Json, i);
  } else if (t instanceof Map) {
    for (const [k, v] of t) each(v, k);
  } else throw new JqError(`Cannot iterate over ${kindOf(t)}${t === null ? ' (null)' : ` (${dumpTrunc(t)})`}`);
}

function compileIterate(target: Compiled, opt: boolean): Compiled {
  const each = (t: Json, emit: Emit): void => {
    if (Array.isArray(t)) {
      for (let i = 0; i < t.length; i++) emit(t[i] as Json);
    } else if (t instanceof Map) {
      for (const v of t.values()) emit(v);
    } else if (!opt) throw new JqError(`Cannot iterate over ${kindOf(t)} (${dumpTrunc(t)})`);
  };
  const eachP = (t: Json, p: Path | null, emit: EmitP): void => {
    if (p === null) throw new JqError(`Invalid path expression near attempt to iterate through ${dumpTrunc(t, 30)}`);
    if (Array.isArray(t)) {
      for (let i = 0; i < t.length; i++) emit(t[i] as Json, [...p, i]);
    } else if (t instanceof Map) {
      for (const [k, v] of t) emit(v, [...p, k]);
    } else if (!opt) throw new JqError(`Cannot iterate over ${kindOf(t)} (${dumpTrunc(t)})`);
  };
  if (target === IDENTITY) {
    return { run: (input, _env, emit) => each(input, emit), paths: (input, path, _env, emit) => eachP(input, path, emit) };
  }
  return {
    run(input, env, emit) {
      target.run(input, env, (t) => each(t, emit));
    },
    paths(input, path, env, emit) {
      target.paths(input, path, env, (t, p) => eachP(t, p, emit));
    },
  };
}

function compileAlt(l: Compiled, r: Compiled): Compiled {
  return {
    run(input, env, emit) {
      let any = false;
      let downstream = false;
      try {
        l.run(input, env, (v) => {
          if (!truthy(v)) return;
          any = true;
          downstream = true;
          emit(v);
          downstream = false;
        });
      } catch (e) {
        // jq 1.7.1: an error in the left side ends it quietly only after a truthy output
        if (downstream || !(e instanceof JqError) || !any) throw e;
      }
      if (!any) r.run(input, env, emit);
    },
    paths(input, path, env, emit) {
      let any = false;
      let downstream = false;
      try {
        l.paths(input, path, env, (v, p) => {
          if (!truthy(v)) return;
          any = true;
          downstream = true;
          emit(v, p);
          downstream = false;
        });
      } catch (e) {
        if (downstream || !(e instanceof JqError) || !any) throw e;
      }
      if (!any) r.paths(input, path, env, emit);
    },
  };
}

function compileIf(cond: Compiled, then: Compiled, els: Compiled): Compiled {
  return {
    run(input, env, emit) {
      cond.run(input, env, (c) => (truthy(c) ? then : els).run(input, env, emit));
    },
    paths(input, path, env, emit) {
      cond.run(input, env, (c) => (truthy(c) ? then : els).paths(input, path, env, emit));
    },
  };
}

/** the message an error carries into `catch` (jq: the error's value; a break passes through) */
function compileTry(body: Compiled, handler: Compiled | null): Compiled {
  return {
    run(input, env, emit) {
      let downstream = false;
      try {
        body.run(input, env, (v) => {
          downstream = true;
          emit(v);
          downstream = false;
        });
      } catch (e) {
        if (downstream || !(e instanceof JqError)) throw e;
        if (handler !== null) handler.run(e.value, env, emit);
      }
    },
    paths(input, path, env, emit) {
      let downstream = false;
      try {
        body.paths(input, path, env, (v, p) => {
          downstream = true;
          emit(v, p);
          downstream = false;
        });
      } catch (e) {
        if (downstream || !(e instanceof JqError)) throw e;
        if (handler !== null) handler.paths(e.value, null, env, emit);
      }
    },
  };
}
