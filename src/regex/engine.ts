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

import * as v8 from 'node:v8';

const LINEAR_FLAG = '--enable-experimental-regexp-engine-on-excessive-backtracks';
let enabled = false;

export function enableLinearFallback(): void {
  if (enabled) return;
  if (!process.execArgv.includes(LINEAR_FLAG)) v8.setFlagsFromString(LINEAR_FLAG);
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
