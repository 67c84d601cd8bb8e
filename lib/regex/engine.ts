// The one place user regular expressions become V8 RegExp objects.
//
// Process-wide side effect, on purpose: the first compile turns on V8's
// `--enable-experimental-regexp-engine-on-excessive-backtracks`, so a RegExp that backtracks too
// much (`(a+)+$`, `(x+x+)+y`, `(a|aa)*c`) is re-run on V8's linear-time engine instead of hanging.
// It is set once, before any user pattern is compiled (every compile goes through here, shell
// patterns too: pattern.ts), and not at import: loading node:v8 pulls in Node's streams, ~2.5 ms
// (issue #7). The CLI passes node the flag on its command line, and then node:v8 is never loaded.
// It affects every RegExp in the process, which only ever makes pathological ones finish.
// The linear engine cannot run: the `i` flag, the `d` flag, lookaround, back-references.
// emit.ts avoids all of them except where a pattern needs them, and says so (`backtracking`).
//
// The fallback does not catch every quadratic search: `x*=` over a line of 100,000 x's tries
// each start and runs its greedy loop to the end, which V8 does without counting backtracks (24 s
// in sed; one native call, so the run's timeout cannot stop it). So the second flag lets a RegExp
// be compiled for the linear engine outright (the `l` flag): newLinearRegExp, which the matchers
// use for long records only (the linear engine is 10-60x slower on ordinary lines). That flag is
// set at the first such record, never at start-up: passed to node on the bin's first line it made
// every CLI start ~10 ms slower (measured: `echo hi` 48 -> 63 ms CPU).

import * as v8 from 'node:v8';

const LINEAR_FLAG = '--enable-experimental-regexp-engine-on-excessive-backtracks';
const LINEAR_ENGINE_FLAG = '--enable-experimental-regexp-engine';
let enabled = false;

export function enableLinearFallback(): void {
  if (enabled) return;
  if (!process.execArgv.includes(LINEAR_FLAG)) v8.setFlagsFromString(LINEAR_FLAG);
  enabled = true;
}

let linearEngine = false;

/** the same source on V8's linear-time engine, or null where that engine cannot run it */
export function newLinearRegExp(source: string, flags: string): RegExp | null {
  enableLinearFallback();
  if (!linearEngine) {
    if (!process.execArgv.includes(LINEAR_ENGINE_FLAG)) v8.setFlagsFromString(LINEAR_ENGINE_FLAG);
    linearEngine = true;
  }
  try {
    return compiled(new RegExp(source, flags + 'l'));
  } catch {
    return null;
  }
}

/**
 * V8 parses a RegExp when it is made but compiles it at its first run, where a source past V8's
 * limits throws ("Regular expression too large": 60,000 plain characters do). One run on the
 * empty string here makes that an error of the compile, not of a match deep inside a command.
 */
function compiled(re: RegExp): RegExp {
  re.test('');
  re.lastIndex = 0;
  return re;
}

/** Compile JS source produced by emit.ts; errors (V8's size limits) become values. */
export function newRegExp(source: string, flags: string): { ok: true; re: RegExp } | { ok: false; message: string } {
  enableLinearFallback();
  try {
    return { ok: true, re: compiled(new RegExp(source, flags)) };
  } catch {
    return { ok: false, message: 'Regular expression too big' };
  }
}
