// The expansion tape (see expand.ts): expansion is synchronous; a command substitution that must
// wait throws Suspend, withTape awaits it, records the result and re-runs the expansion, replaying
// every recorded result (substitutions, arithmetic, $RANDOM) in order so nothing runs twice.

import type { Shell } from './shell.js';
import { ExpansionError, Suspend } from './interp-errors.js';

export function taped<T>(sh: Shell, compute: () => T | Promise<T>): T {
  const tape = sh.tape;
  if (tape === null) {
    // no command substitution can wait here (checked at compile time)
    const v = compute();
    if (v instanceof Promise) throw new Suspend(v);
    return v;
  }
  if (sh.tapePos < tape.length) return tape[sh.tapePos++] as T;
  const v = compute();
  if (v instanceof Promise) throw new Suspend(v);
  tape.push(v);
  sh.tapePos++;
  return v;
}

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
