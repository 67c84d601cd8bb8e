// The expansion tape (see expand.ts): expansion is synchronous; a command substitution that must
// wait throws Suspend, withTape awaits it, records the result and re-runs the expansion, replaying
// every recorded result (substitutions, arithmetic, $RANDOM) in order so nothing runs twice.

import type { Shell } from '../state/shell.js';
import { ExpansionError, Suspend } from '../state/errors.js';

export function taped<T>(sh: Shell, compute: () => T | Promise<T>): T {
  const tape = sh.tape;
  if (tape === null) {
    // no command substitution can wait here (checked at compile time)
    const v = compute();
    if (v instanceof Promise) throw new Suspend(v);
    return v;
  }
  if (sh.tapePos < tape.length) {
    const recorded = tape[sh.tapePos];
    if (recorded instanceof Done) {
      // replayed whole: what it recorded inside is skipped with it
      sh.tapePos = recorded.end;
      return recorded.value as T;
    }
    if (recorded !== PENDING) {
      // a wait's value, recorded by withTape
      sh.tapePos++;
      return recorded as T;
    }
    // an earlier pass waited inside this computation (`$(( $(cmd) + 1 ))`): compute it again,
    // its inner substitutions replaying from the slots after this one
    const at = sh.tapePos++;
    const again = compute();
    if (again instanceof Promise) throw new Suspend(again);
    tape[at] = new Done(again, sh.tapePos);
    return again;
  }
  // the slot is taken before computing, so what the computation records itself (an inner command
  // substitution's output) goes after it and is never replayed as this computation's value
  const at = tape.length;
  tape.push(PENDING);
  sh.tapePos++;
  const v = compute();
  if (v instanceof Promise) {
    // the computation is the wait itself: its value, once recorded, fills this slot
    tape.length = at;
    sh.tapePos = at;
    throw new Suspend(v);
  }
  tape[at] = new Done(v, sh.tapePos);
  return v;
}

/** a finished computation's value and the tape position after everything it recorded */
class Done {
  constructor(
    readonly value: unknown,
    readonly end: number,
  ) {}
}

/** a tape slot whose computation has not finished (it waited for a command substitution) */
const PENDING: unique symbol = Symbol('pending');

const waitCache = new WeakMap<object, boolean>();

/** can expanding this node run a command substitution (deep search, cached) */
export function needsTape(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const hit = waitCache.get(node);
  if (hit !== undefined) return hit;
  let r = false;
  const t = (node as { type?: string }).type;
  if (t === 'CmdSubst' || t === 'ProcSubst') r = true;
  else if (Array.isArray(node)) r = node.some(needsTape);
  else {
    for (const k in node) {
      const v = (node as Record<string, unknown>)[k];
      if (v && typeof v === 'object' && needsTape(v)) {
        r = true;
        break;
      }
    }
  }
  waitCache.set(node, r);
  return r;
}

/**
 * Run a synchronous expansion, resuming it after asynchronous command substitutions. When `node`
 * is given and holds no command substitution, the expansion runs directly (no tape).
 */
export function withTape<T>(sh: Shell, fn: () => T, node?: unknown): T | Promise<T> {
  if (node !== undefined && !needsTape(node)) {
    const saved = sh.tape;
    sh.tape = null;
    try {
      return fn();
    } catch (e) {
      // a substitution reached through data (`a[$(…)]` inside a variable's value) that waited
      if (e instanceof Suspend) return e.promise.then(dynamicWaitError, dynamicWaitError);
      throw e;
    } finally {
      sh.tape = saved;
    }
  }
  return attempt(sh, fn, []);
}

/** refused: a command substitution found in data (not in the script text) that had to wait */
export function dynamicWaitError(): never {
  throw new ExpansionError('command substitution inside an evaluated subscript is not supported here', 1, false);
}

function attempt<T>(sh: Shell, fn: () => T, tape: unknown[]): T | Promise<T> {
  const saved = sh.tape;
  const savedPos = sh.tapePos;
  try {
    sh.tape = tape;
    sh.tapePos = 0;
    return fn();
  } catch (e) {
    if (e instanceof Suspend) {
      sh.tape = saved;
      sh.tapePos = savedPos;
      return e.promise.then((v) => {
        tape.push(v);
        return attempt(sh, fn, tape);
      });
    }
    throw e;
  } finally {
    sh.tape = saved;
    sh.tapePos = savedPos;
  }
}
