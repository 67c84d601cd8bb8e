// Node 20's fs.Dir runs util.promisify twice in its constructor (on its read implementation and on
// close), for every directory opened, whether or not the promise API is ever used: a fresh wrapper
// function, its property descriptors copied and re-prototyped. `find` opens one Dir per directory
// it lists (the only way Node reads a directory in readdir order, which GNU find prints), and over
// a tree of a thousand directories those wrappers cost more than listing the entries.
//
// util.promisify returns a function's `util.promisify.custom` property when it has one. Giving the
// two prototype methods that property — a wrapper that behaves as the one promisify would build
// (call with the arguments plus a callback; reject with its error, resolve with its first value) —
// makes the constructor cheap and changes nothing else, for us or for other code in the process.
// Applied once; a method that already has a custom promisify is left alone; on a Node whose Dir
// keeps these methods private, nothing is found and nothing changes. Only the rshell CLI applies
// it (src/cli/main.ts), in the process it owns: the library never patches its host's modules.

import { promisify } from 'node:util';

type Callback = (err: unknown, value?: unknown) => void;
type Method = (this: unknown, ...args: unknown[]) => unknown;

let applied = false;

function promiseWrapper(method: Method): (this: unknown, ...args: unknown[]) => Promise<unknown> {
  return function (this: unknown, ...args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const done: Callback = (err, value) => (err ? reject(err) : resolve(value));
      method.apply(this, [...args, done]);
    });
  };
}

function giveCustomPromisify(method: unknown): void {
  if (typeof method !== 'function') return;
  const m = method as Method & { [promisify.custom]?: unknown };
  if (m[promisify.custom] !== undefined) return;
  Object.defineProperty(m, promisify.custom, { value: promiseWrapper(m), configurable: true, writable: false, enumerable: false });
}

/**
 * make `new fs.Dir` cheap (see above), given fs.Dir's prototype (the CLI passes the first opened
 * Dir's: reading fs.Dir itself would load Node's Dir module at every start); safe to call again
 */
export function cheapenDirConstruction(dirPrototype: object): void {
  if (applied) return;
  applied = true;
  try {
    const proto = dirPrototype as Record<string | symbol, unknown>;
    giveCustomPromisify(proto.close);
    for (const key of Object.getOwnPropertySymbols(proto)) {
      // Node 20: Symbol(kDirReadImpl), the callback-style read behind dir.read()
      if (String(key.description).includes('ReadImpl')) giveCustomPromisify(proto[key]);
    }
  } catch {
    // an optimisation only: a Node that refuses it lists directories as before
  }
}
