// A jq program, compiled: the parser, the prelude, the natives and the compiler put together.
// Used by the command (index.ts) and by the tests.

import { CompileErrors, Compiler, type Compiled, type Emit, type Env, type Runtime } from './compile.js';
import { makeNatives, type Io } from './natives.js';
import { JqSyntaxError, locate, parseProgram } from './parser.js';
import { prelude } from './prelude.js';
import { dateNatives } from './dates.js';
import type { Json } from './value.js';

export interface JqProgram {
  run(input: Json, emit: Emit): void;
}

export type CompileResult = { ok: true; program: JqProgram } | { ok: false; message: string };

export interface CompileOptions {
  io: Io;
  /** named variables ($ENV, $ARGS, --arg names), in order */
  vars: [string, Json][];
  /** called every ~1000 units of work (the deadline check) */
  checkAbort(): void;
}

/** compile `src` as jq 1.7.1 does; a failure is jq's compile error text (without the count line) */
export function compileJq(src: string, opts: CompileOptions): CompileResult {
  let ticks = 0;
  const rt: Runtime = {
    tick() {
      if ((++ticks & 1023) === 0) opts.checkAbort();
    },
    natives: { ...makeNatives(opts.io), ...dateNatives(() => opts.io.tz?.()) },
    prelude: prelude(),
  };
  let compiled: Compiled;
  try {
    const ast = parseProgram(src);
    compiled = new Compiler(rt).compileProgram(
      ast,
      opts.vars.map(([n]) => n),
    );
  } catch (e) {
    if (e instanceof JqSyntaxError) return { ok: false, message: `${locate(src, e.message, e.offset)}\njq: 1 compile error\n` };
    if (e instanceof CompileErrors) {
      const n = e.errors.length;
      const lines = e.errors.map((x) => `${locate(src, x.message, x.offset)}\n`).join('');
      return { ok: false, message: `${lines}jq: ${n} compile error${n === 1 ? '' : 's'}\n` };
    }
    throw e;
  }
  let env: Env = null;
  for (const [, v] of opts.vars) env = { v, next: env };
  const topEnv = env;
  return {
    ok: true,
    program: {
      run(input, emit) {
        compiled.run(input, topEnv, emit);
      },
    },
  };
}
