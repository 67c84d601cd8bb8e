// sort's KEYDEF parsing with GNU's messages, the --sort words, key inheritance from the global
// options, and the incompatibility check. The option table is in index.ts.

import { reject, type Reject } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { encode } from '../../lib/io/encoding.js';

export interface Key {
  /** 0-based start field; -1 = the line start */
  sword: number;
  schar: number;
  /** 0-based end field; -1 = the line end */
  eword: number;
  /** 0 = the end of the field */
  echar: number;
  skipsblanks: boolean;
  skipeblanks: boolean;
  ignore: 'none' | 'dictionary' | 'nonprinting';
  translate: boolean;
  numeric: boolean;
  general: boolean;
  human: boolean;
  month: boolean;
  version: boolean;
  random: boolean;
  reverse: boolean;
}

export function emptyKey(): Key {
  return {
    sword: -1, schar: 0, eword: -1, echar: 0, skipsblanks: false, skipeblanks: false, ignore: 'none',
    translate: false, numeric: false, general: false, human: false, month: false, version: false, random: false, reverse: false,
  };
}

/** apply ordering letters; returns the index of the first character that is not one */
export function setOrdering(s: string, i: number, key: Key, blank: 'start' | 'end' | 'both'): number {
  for (; i < s.length; i++) {
    switch (s[i]) {
      case 'b':
        if (blank !== 'end') key.skipsblanks = true;
        if (blank !== 'start') key.skipeblanks = true;
        break;
      case 'd': key.ignore = 'dictionary'; break;
      case 'f': key.translate = true; break;
      case 'g': key.general = true; break;
      case 'h': key.human = true; break;
      // -d implies -i but -i does not override -d (GNU: option order must not matter)
      case 'i': if (key.ignore === 'none') key.ignore = 'nonprinting'; break;
      case 'M': key.month = true; break;
      case 'n': key.numeric = true; break;
      case 'R': key.random = true; break;
      case 'r': key.reverse = true; break;
      case 'V': key.version = true; break;
      default: return i;
    }
  }
  return i;
}

export function applyGlobalLetter(key: Key, letter: string): void {
  setOrdering(letter, 0, key, 'both');
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** parse_field_count: xstrtoumax's number (blanks and a '+' may lead; saturating) or an error when none */
export function fieldCount(spec: string, i: number, what: string): Parsed<{ n: number; next: number }> {
  let d = i;
  while (d < spec.length && ' \t\n\v\f\r'.includes(spec[d]!)) d++;
  if (spec[d] === '+') d++;
  let j = d;
  while (j < spec.length && spec[j]! >= '0' && spec[j]! <= '9') j++;
  if (j === d) return { ok: false, message: `${what}: invalid count at start of ${quote(spec.slice(i))}` };
  const n = Number(spec.slice(d, j));
  return { ok: true, value: { n: Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER, next: j } };
}

/** -k KEYDEF, checked where GNU's getopt loop meets it */
export function keyOption(spec: string): Key | Reject {
  const k = parseKey(spec);
  return k.ok ? k.value : reject(k.message);
}

function parseKey(spec: string): Parsed<Key> {
  const bad = (msg: string): Parsed<Key> => ({ ok: false, message: `${msg}: invalid field specification ${quote(spec)}` });
  const key = emptyKey();
  const start = fieldCount(spec, 0, 'invalid number at field start');
  if (!start.ok) return start;
  if (start.value.n === 0) return bad('field number is zero');
  const sword = start.value.n - 1;
  let schar = 0;
  let i = start.value.next;
  if (spec[i] === '.') {
    const c = fieldCount(spec, i + 1, "invalid number after '.'");
    if (!c.ok) return c;
    if (c.value.n === 0) return bad('character offset is zero');
    schar = c.value.n - 1;
    i = c.value.next;
  }
  // -k1 and -k1.1 start at the line start (GNU's SIZE_MAX start field)
  key.sword = sword === 0 && schar === 0 ? -1 : sword;
  key.schar = schar;
  i = setOrdering(spec, i, key, 'start');
  if (spec[i] === ',') {
    const e = fieldCount(spec, i + 1, "invalid number after ','");
    if (!e.ok) return e;
    if (e.value.n === 0) return bad('field number is zero');
    key.eword = e.value.n - 1;
    i = e.value.next;
    if (spec[i] === '.') {
      const c = fieldCount(spec, i + 1, "invalid number after '.'");
      if (!c.ok) return c;
      key.echar = c.value.n;
      i = c.value.next;
    }
    i = setOrdering(spec, i, key, 'end');
  }
  if (i < spec.length) return bad('stray character in field spec');
  return { ok: true, value: key };
}

/** GNU's default_key_compare: a key with no ordering options of its own inherits the global ones */
export function hasNoOrdering(k: Key): boolean {
  return !(k.ignore !== 'none' || k.translate || k.skipsblanks || k.skipeblanks || k.numeric || k.general || k.human || k.month || k.version || k.random);
}

export function inherit(k: Key, g: Key): void {
  k.ignore = g.ignore;
  k.translate = g.translate;
  k.skipsblanks = g.skipsblanks;
  k.skipeblanks = g.skipeblanks;
  k.month = g.month;
  k.numeric = g.numeric;
  k.general = g.general;
  k.human = g.human;
  k.version = g.version;
  k.random = g.random;
  k.reverse = g.reverse;
}

/** "options '-gn' are incompatible" (b and r are left out, as GNU clears them before printing) */
export function incompatibility(k: Key): string | undefined {
  const n = +k.numeric + +k.general + +k.human + +k.month + +(k.version || k.random || k.ignore !== 'none');
  if (n <= 1) return undefined;
  let o = '';
  if (k.ignore === 'dictionary') o += 'd';
  if (k.translate) o += 'f';
  if (k.general) o += 'g';
  if (k.human) o += 'h';
  if (k.ignore === 'nonprinting') o += 'i';
  if (k.month) o += 'M';
  if (k.numeric) o += 'n';
  if (k.random) o += 'R';
  if (k.version) o += 'V';
  return `options '-${o}' are incompatible`;
}

/** --sort=WORD (XARGMATCH): the ordering letter it stands for */
export const SORT_WORDS = {
  'general-numeric': 'g', 'human-numeric': 'h', month: 'M', numeric: 'n', random: 'R', version: 'V',
} as const;

/** -t SEP: one byte, or "\0" for NUL */
export function tabOption(value: string): number | Reject {
  if (value === '\\0') return 0;
  const b = encode(value);
  if (b.length === 0) return reject('empty tab');
  if (b.length > 1) return reject(`multi-character tab ${quote(value)}`);
  return b[0]!;
}
