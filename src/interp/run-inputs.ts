// What Runner.run() accepts from its caller, checked before anything runs (as the constructor
// checks RunnerOptions): a wrong value is a TypeError naming the option, never a raw TypeError
// from deep inside the run reported as `rshell: internal error`.

import type { RunOptions } from '../api.js';

const isObject = (v: unknown): v is Record<PropertyKey, unknown> =>
  (typeof v === 'object' && v !== null) || typeof v === 'function';

const isFn = (v: unknown): boolean => typeof v === 'function';

/** a problem with one option, or null; `v` is present (not undefined) */
type Check = (v: unknown) => string | null;

const STREAM: Check = (v) => {
  if (!isObject(v) || !isFn(v.write)) return 'expected a writable stream (an object with a write method)';
  if (v.once !== undefined && !isFn(v.once)) return 'once must be a function when present';
  if (v.removeListener !== undefined && !isFn(v.removeListener)) return 'removeListener must be a function when present';
  return null;
};

const STRING: Check = (v) => (typeof v === 'string' ? null : 'expected a string');

/** Each RunOptions member and what it must be when given. */
const CHECKS: Record<keyof RunOptions, Check> = {
  stdin: (v) => {
    if (typeof v === 'string' || v instanceof Uint8Array) return null;
    if (isObject(v) && isFn(v[Symbol.asyncIterator])) return null;
    return 'expected a string, a Uint8Array or an async iterable of Uint8Array or string chunks';
  },
  stdout: STREAM,
  stderr: STREAM,
  signal: (v) => {
    if (!isObject(v) || typeof v.aborted !== 'boolean' || !isFn(v.addEventListener) || !isFn(v.removeEventListener)) {
      return 'expected an AbortSignal (or an object with aborted, addEventListener and removeEventListener)';
    }
    return null;
  },
  name: STRING,
  sourceFile: STRING,
  args: (v) => (Array.isArray(v) && v.every((a) => typeof a === 'string') ? null : 'expected an array of strings'),
};

/**
 * The first problem with run()'s inputs as a TypeError (`stdin: expected …`), or null. Absent
 * options are `undefined`; `null` is a wrong value like any other.
 */
export function runInputError(script: unknown, opts: unknown): TypeError | null {
  if (typeof script !== 'string') return new TypeError('script: expected a string');
  if (opts === undefined) return null;
  if (typeof opts !== 'object' || opts === null) return new TypeError('options: expected an object');
  const o = opts as Record<string, unknown>;
  for (const key of Object.keys(CHECKS) as (keyof RunOptions)[]) {
    const v = o[key];
    if (v === undefined) continue;
    const problem = CHECKS[key](v);
    if (problem !== null) return new TypeError(`${key}: ${problem}`);
  }
  return null;
}
