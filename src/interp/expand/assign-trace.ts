// `set -x` and assignments. bash traces an assignment with the value as expanded, before any
// attribute changes it (`n+=2` under declare -i, not the sum; `u=abc` under declare -u; `c[i]=$x`
// shows $x's value), and in its own order: an assignment-only command traces each assignment
// before storing it (`PS4='+X '` is traced with the PS4 it replaces), while a command's inline
// assignments are traced after each is stored in the command's temporary scope, and the command
// itself with the PS4 outside that scope (`PS4=+Z echo c` traces `+ echo c`).
// Only runs when xtrace is on: the compiled assignments stay as they are for the loop.

import type { Assign } from '../../syntax/ast.js';
import type { ByteWriter } from '../../../lib/io/streams.js';
import type { Shell } from '../state/shell.js';
import { expandAssignValue } from './expand.js';
import { assignElement, assignScalar, isAssocName } from './var-access.js';
import { indexKey } from './arith-shell.js';
import { AssignError } from '../state/errors.js';
import { info } from '../state/source-info.js';
import { trace, traceQuote } from './xtrace.js';

/**
 * One assignment under set -x: expanded once, traced (before the store when `before`, after it
 * otherwise) and stored. `assign` is its compiled form, used where the trace needs no value.
 */
export function tracedAssign(sh: Shell, a: Assign, assign: (sh: Shell) => void, before: boolean, to?: ByteWriter): void {
  const name = a.Name?.Value ?? '';
  const op = a.Append ? '+=' : '=';
  if (a.Array) {
    // the elements as written: `a=($x)`
    const text = `${name}${op}(${a.Array.Elems.map((e) => info.textOf(e.Value ?? e)).join(' ')})`;
    if (before) trace(sh, text, to);
    assign(sh);
    if (!before) trace(sh, text, to);
    return;
  }
  const index = a.Index;
  if (index !== null && index !== undefined) {
    // `a[]=v`: its compiled form reports the bad subscript
    if (index.type === 'Word' && index.Unparsed === true && index.Parts.length === 0) {
      assign(sh);
      return;
    }
    const key = indexKey(sh, name, index);
    if (key === '' && isAssocName(sh, name)) throw new AssignError(`${name}[${info.textOf(index)}]: bad array subscript`);
    const value = expandAssignValue(sh, a.Value);
    const text = `${name}[${info.textOf(index)}]${op}${value === '' ? '' : traceQuote(value)}`;
    if (before) trace(sh, text, to);
    assignElement(sh, name, key, value, a.Append);
    if (!before) trace(sh, text, to);
    return;
  }
  const value = expandAssignValue(sh, a.Value);
  // bash shows an empty value as nothing at all: `+ c=`
  const text = `${name}${op}${value === '' ? '' : traceQuote(value)}`;
  if (before) trace(sh, text, to);
  assignScalar(sh, name, value, a.Append);
  if (!before) trace(sh, text, to);
}

/** trace a command with its inline assignments' scope (the top frame) out of sight */
export function traceOutsideTempScope(sh: Shell, text: string, to?: ByteWriter): void {
  const frames = sh.vars.frames;
  const top = frames.pop();
  try {
    trace(sh, text, to);
  } finally {
    if (top !== undefined) frames.push(top);
  }
}
