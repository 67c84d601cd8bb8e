// Helpers for the synchronous fast path: a Status is a number when the work finished synchronously
// and a Promise only when something really waited. Chain with `then` so sync work stays sync.

import type { Status } from './shell.js';

export function andThen(r: Status, f: (n: number) => Status): Status {
  return typeof r === 'number' ? f(r) : r.then(f);
}

/** run `f` and always run `after` (sync or async), like try/finally */
export function ensure(f: () => Status, after: () => void): Status {
  let r: Status;
  try {
    r = f();
  } catch (e) {
    after();
    throw e;
  }
  if (typeof r === 'number') {
    after();
    return r;
  }
  return r.then(
    (v) => {
      after();
      return v;
    },
    (e) => {
      after();
      throw e;
    },
  );
}
