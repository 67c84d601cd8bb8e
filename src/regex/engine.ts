// The one place user regular expressions become V8 RegExp objects.
//
// Process-wide side effect, on purpose: the first compile turns on V8's
// `--enable-experimental-regexp-engine-on-excessive-backtracks`, so a RegExp that backtracks too
// much (`(a+)+$`, `(x+x+)+y`, `(a|aa)*c`) is re-run on V8's linear-time engine instead of hanging.
// It is set once, before any user pattern is compiled (every compile goes through here), and not
// at import: loading node:v8 costs every CLI start-up a millisecond (issue #7). It affects every
// RegExp in the process, which only ever makes pathological ones finish.
// The linear engine cannot run: the `i` flag, the `d` flag, lookaround, back-references.
// emit.ts avoids all of them except where a pattern needs them, and says so (`backtracking`).

import * as v8 from 'node:v8';

let enabled = false;

export function enableLinearFallback(): void {
  if (enabled) return;
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  enabled = true;
}

/** Compile JS source produced by emit.ts; errors (e.g. V8 size limits) become values. */
export function newRegExp(source: string, flags: string): { ok: true; re: RegExp } | { ok: false; message: string } {
  enableLinearFallback();
  try {
    return { ok: true, re: new RegExp(source, flags) };
  } catch {
    return { ok: false, message: 'Regular expression too big' };
  }
}
