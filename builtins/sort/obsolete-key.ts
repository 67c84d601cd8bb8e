// sort's obsolete key syntax `+POS1 [-POS2]` (POSIX 1992; coreutils still accepts it unless
// _POSIX2_VERSION names 1003.1-2001). +A.x -B.y is -k A+1.x+1,B.y when y is 0, else
// -k A+1.x+1,B+1.y. An operand that is not a valid +POS1 stays a file name; a bad -POS2 is fatal.

import { reject, type Claim, type Reject } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { emptyKey, fieldCount, setOrdering, type Key } from './options.js';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** +POS1: null when it is not one (then GNU takes it as a file) */
function parseStart(pos1: string): Key | null {
  const key = emptyKey();
  const w = fieldCount(pos1, 1, '');
  if (!w.ok) return null;
  let i = w.value.next;
  let schar = 0;
  if (pos1[i] === '.') {
    const c = fieldCount(pos1, i + 1, '');
    if (!c.ok) return null;
    schar = c.value.n;
    i = c.value.next;
  }
  key.sword = w.value.n === 0 && schar === 0 ? -1 : w.value.n;
  key.schar = schar;
  return setOrdering(pos1, i, key, 'start') === pos1.length ? key : null;
}

/** -POS2 onto a key from +POS1 */
function applyEnd(key: Key, pos2: string): string | undefined {
  const w = fieldCount(pos2, 1, "invalid number after '-'");
  if (!w.ok) return w.message;
  let i = w.value.next;
  let echar = 0;
  if (pos2[i] === '.') {
    const c = fieldCount(pos2, i + 1, "invalid number after '.'");
    if (!c.ok) return c.message;
    echar = c.value.n;
    i = c.value.next;
  }
  key.eword = echar === 0 && w.value.n > 0 ? w.value.n - 1 : w.value.n;
  key.echar = echar;
  if (setOrdering(pos2, i, key, 'end') !== pos2.length) {
    return `stray character in field spec: invalid field specification ${quote(pos2)}`;
  }
  return undefined;
}

/** the key an obsolete-key occurrence holds (its value is "+POS1" or "+POS1 -POS2", validated) */
export function obsoleteKey(value: string): Key | Reject {
  const [pos1 = '', pos2] = value.split(' ');
  const key = parseStart(pos1);
  if (key === null) return reject(`invalid field specification ${quote(pos1)}`);
  const err = pos2 === undefined ? undefined : applyEnd(key, pos2);
  return err === undefined ? key : reject(err);
}

type ObsoleteClaim = Claim<{ obsoleteKey: unknown }>;

/**
 * The parser hook: sort.c's `case 1` of its in-order getopt loop. `traditional` starts as the
 * POSIX version allows and, once a `+POS1 -POS2` pair is seen (without POSIXLY_CORRECT), stays on.
 */
export function obsoleteKeyClaimer(allowed: boolean, posixlyCorrect: boolean): (args: readonly string[], i: number) => ObsoleteClaim | undefined {
  let traditional = allowed;
  return (args, i) => {
    const arg = args[i]!; // parseFlags asks at an index of args
    if (arg[0] !== '+') return undefined;
    const next = args[i + 1];
    const minusPos = next !== undefined && next[0] === '-' && isDigit(next[1]);
    if (minusPos && !posixlyCorrect) traditional = true;
    if (!traditional) return undefined;
    const key = parseStart(arg);
    if (key === null) return undefined;
    if (!minusPos) return { consumed: 1, occurrence: { name: 'obsoleteKey', value: arg, spelled: arg } };
    const err = applyEnd(key, next);
    if (err !== undefined) return { error: err };
    return { consumed: 2, occurrence: { name: 'obsoleteKey', value: `${arg} ${next}`, spelled: arg } };
  };
}
