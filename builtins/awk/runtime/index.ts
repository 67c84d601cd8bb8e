// awk's runtime library: the pure functions the evaluator (builtins/awk/) calls, each matching
// gawk 5.2.1 in the C locale byte for byte (strings are latin1-decoded byte strings). No I/O.
//
// Fatal results: functions that can fail as gawk fails at run time return { fatal } (awkSprintf,
// the bitwise functions) or throw AwkFatalError (numToStr, whose callers are everywhere). `fatal`
// is the text gawk prints after its "gawk: cmd. line:N: " prefix; it starts with "fatal: ". The
// caller prints "awk: <where>: " + fatal + "\n" to stderr and exits with status 2.

export { AwkFatalError, awkSprintf, type AwkArg, type SprintfResult } from './sprintf.js';
export { looksNumeric, numToStr, strToNum, strtonum } from './numbers.js';
export { AwkRandom } from './random.js';
export { DEFAULT_STRFTIME_FORMAT, mktime, strftime } from './time.js';
export { and, compl, lshift, or, rshift, xor, type BitResult } from './bitwise.js';
export { expandGensub, expandSubRepl } from './subst.js';
export { asortCompare, sortedInCompare, type AwkSortValue, type SortCompare, type SortEntry } from './sort.js';
