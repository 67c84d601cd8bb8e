// jq's regex builtins (test/match/capture/scan/splits/sub/gsub all go through `_match_impl`, as in
// jq's src/builtin.c f_match). jq uses Oniguruma with its Perl-NG syntax; we map a pattern onto a
// JavaScript RegExp with the `d` (indices) flag. Offsets and lengths are in code points as in jq.
// Modifiers: g (all matches), i (ignore case), x (extended: blanks and #comments dropped), m and
// p (Oniguruma's MULTILINE: `.` matches a newline; JS `s`), s (single line: our default), n (skip
// empty matches), l (longest: accepted, JS has no equivalent).
// Gaps (documented): possessive quantifiers, atomic groups `(?>...)`, inline option groups
// `(?i)`, `\h` (Oniguruma: hex digit) and Oniguruma-only escapes are not translated; such a
// pattern fails with jq's `... (at offset 0) is not a valid regex` style message from JS.

import { JqError, type Json } from './value.js';
import { typeError } from './ops.js';

const cache = new Map<string, RegExp>();

/** Oniguruma's words for what JavaScript's RegExp rejected */
const ONIG_MESSAGES: [RegExp, string][] = [
  [/Unterminated group|Incomplete quantifier|missing \)/i, 'end pattern with unmatched parenthesis'],
  [/Unmatched '\)'/, 'unmatched close parenthesis'],
  [/Unterminated character class/, 'premature end of char-class'],
  [/Nothing to repeat/, 'target of repeat operator is not specified'],
  [/numbers out of order/, 'upper is smaller than lower in repeat range'],
  [/\\ at end of pattern/, 'end pattern at escape'],
  [/Invalid capture group name|Duplicate capture group name/, 'invalid group name <>'],
];

function onigMessage(js: string): string {
  for (const [re, msg] of ONIG_MESSAGES) if (re.test(js)) return msg;
  return js.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
}

const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: '\\s',
  punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f', word: '\\w', blank: ' \\t', cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e', graph: '\\x21-\\x7e',
};

/** Oniguruma pattern text → JavaScript pattern text */
function translate(re: string, extended: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < re.length; i++) {
    const c = re[i] as string;
    if (c === '\\') {
      const n = re[i + 1] ?? '';
      i++;
      if (n === 'A' && !inClass) out += '^';
      else if (n === 'z' && !inClass) out += '$(?![\\s\\S])';
      else if (n === 'Z' && !inClass) out += '(?=\\n?$(?![\\s\\S]))';
      else if (n === 'h') out += inClass ? '0-9a-fA-F' : '[0-9a-fA-F]';
      else if (n === 'H') out += '[^0-9a-fA-F]';
      else out += `\\${n}`;
      continue;
    }
    if (inClass) {
      if (c === '[' && re[i + 1] === ':') {
        const end = re.indexOf(':]', i + 2);
        const name = end > 0 ? re.slice(i + 2, end) : '';
        const cls = POSIX[name];
        if (cls !== undefined) {
          out += cls;
          i = end + 1;
          continue;
        }
      }
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (re[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (re[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (extended) {
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
      if (c === '#') {
        while (i < re.length && re[i] !== '\n') i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

function compileRegex(re: string, mods: string): RegExp {
  const key = `${mods}\u0000${re}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let flags = 'gd';
  if (mods.includes('i')) flags += 'i';
  if (mods.includes('m') || mods.includes('p')) flags += 's';
  const src = translate(re, mods.includes('x'));
  let r: RegExp;
  try {
    r = new RegExp(src, `${flags}u`);
  } catch {
    try {
      r = new RegExp(src, flags);
    } catch (e) {
      throw new JqError(`Regex failure: ${onigMessage((e as Error).message)}`);
    }
  }
  if (cache.size > 256) cache.clear();
  cache.set(key, r);
  return r;
}

/** code points in s[0, unit) */
function cpIndex(s: string, unit: number, ascii: boolean): number {
  if (ascii) return unit;
  let n = 0;
  for (let i = 0; i < unit; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

function groupNames(r: RegExp, count: number): (string | null)[] {
  const names: (string | null)[] = new Array<string | null>(count).fill(null);
  // the names in order of their opening parenthesis
  const src = r.source;
  let g = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      for (i++; i < src.length && src[i] !== ']'; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (c !== '(') continue;
    if (src[i + 1] !== '?') {
      g++;
      continue;
    }
    const m = /^\(\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(src.slice(i));
    if (m !== null) {
      g++;
      if (g <= count) names[g - 1] = m[1] as string;
    }
  }
  return names;
}

/** f_match: the array of match objects (or, in test mode, whether any matched) */
export function matchImpl(input: Json, regex: Json, modifiers: Json, testMode: Json): Json {
  if (typeof input !== 'string') throw typeError(input, 'cannot be matched, as it is not a string');
  if (typeof regex !== 'string') throw typeError(regex, 'is not a string');
  let mods = '';
  if (typeof modifiers === 'string') {
    for (const c of modifiers) {
      if (!'gixmspln'.includes(c)) throw new JqError(`${modifiers} is not a valid modifier string`);
    }
    mods = modifiers;
  } else if (modifiers !== null) throw typeError(modifiers, 'is not a string');
  const r = compileRegex(regex, mods);
  const global = mods.includes('g');
  const skipEmpty = mods.includes('n');
  r.lastIndex = 0;
  if (testMode === true) {
    for (;;) {
      const m = r.exec(input);
      if (m === null) return false;
      if (!(skipEmpty && m[0] === '')) return true;
      r.lastIndex = m.index + 1;
      if (r.lastIndex > input.length) return false;
    }
  }
  const ascii = !/[\uD800-\uDFFF]/.test(input);
  const out: Json[] = [];
  let names: (string | null)[] | undefined;
  let start = 0;
  while (start <= input.length) {
    r.lastIndex = start;
    const m = r.exec(input);
    if (m === null) break;
    const idx = m.indices as unknown as ([number, number] | undefined)[];
    names ??= groupNames(r, m.length - 1);
    const whole = m[0];
    const off = cpIndex(input, m.index, ascii);
    if (whole === '') {
      if (!skipEmpty) {
        const caps: Json[] = [];
        for (let i = 1; i < m.length; i++) {
          caps.push(
            new Map<string, Json>([
              ['offset', off],
              ['string', ''],
              ['length', 0],
              ['name', names[i - 1] ?? null],
            ]),
          );
        }
        out.push(
          new Map<string, Json>([
            ['offset', off],
            ['length', 0],
            ['string', ''],
            ['captures', caps],
          ]),
        );
      }
      // step one code point on
      const c = input.charCodeAt(m.index);
      start = m.index + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
      if (!global) break;
      continue;
    }
    const caps: Json[] = [];
    for (let i = 1; i < m.length; i++) {
      const span = idx[i];
      const name = names[i - 1] ?? null;
      if (span === undefined) {
        caps.push(
          new Map<string, Json>([
            ['offset', -1],
            ['string', null],
            ['length', 0],
            ['name', name],
          ]),
        );
      } else if (span[0] === span[1]) {
        caps.push(
          new Map<string, Json>([
            ['offset', cpIndex(input, span[0], ascii)],
            ['string', ''],
            ['length', 0],
            ['name', name],
          ]),
        );
      } else {
        const s = m[i] as string;
        caps.push(
          new Map<string, Json>([
            ['offset', cpIndex(input, span[0], ascii)],
            ['length', ascii ? s.length : cpIndex(s, s.length, false)],
            ['string', s],
            ['name', name],
          ]),
        );
      }
    }
    out.push(
      new Map<string, Json>([
        ['offset', off],
        ['length', ascii ? whole.length : cpIndex(whole, whole.length, false)],
        ['string', whole],
        ['captures', caps],
      ]),
    );
    start = m.index + whole.length;
    if (!global) break;
  }
  return out;
}
