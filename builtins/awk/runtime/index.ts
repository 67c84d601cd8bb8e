// awk's runtime library: the pure functions the evaluator (builtins/awk/) calls, each matching
// gawk 5.2.1 in the C locale byte for byte (strings are latin1-decoded byte strings). No I/O.
//
// Fatal results: functions that can fail as gawk fails at run time return { fatal } (awkSprintf,
// the bitwise functions) or throw AwkFatalError (numToStr, whose callers are everywhere). `fatal`
// is the text gawk prints after its "gawk: cmd. line:N: " prefix; it starts with "fatal: ". The
// caller prints "awk: <where>: " + fatal + "\n" to stderr and exits with status 2.
//
// What the caller must supply, as gawk decides it outside these functions:
// - AwkArg.isNum(): true for numbers and for strnums that look numeric (%c prints a byte then);
// - strtonum(): pass a number or a numeric-looking strnum straight through (gawk does not reparse
//   them: strtonum of the field "017" is 17, of the constant "017" is 15);
// - NaN signs: gawk prints "-nan" for the NaNs x86 makes (log(-1), 0*inf…) and "+nan" for
//   "+nan" input; V8 does not keep NaN signs, so make them with NEG_NAN/POS_NAN/negateNaN
//   (./numbers.ts) where the arithmetic makes them;
// - sortedInCompare/asortCompare work on [index, value] entries with a stable sort (Array sort);
//   the value orders tie-break integer indices as gawk's cint_array lists them (./sort.ts);
// - AwkRandom.srand() takes the time of day as its second argument.

export { AwkFatalError, awkSprintf, type AwkArg, type SprintfResult } from './sprintf.js';
export { looksNumeric, numToStr, strToNum, strtonum } from './numbers.js';
export { AwkRandom } from './random.js';
export { DEFAULT_STRFTIME_FORMAT, mktime, strftime } from './time.js';
export { and, compl, lshift, or, rshift, xor, type BitResult } from './bitwise.js';
export { expandGensub, expandSubRepl } from './subst.js';
export { asortCompare, sortedInCompare, type AwkSortValue, type SortCompare, type SortEntry } from './sort.js';
