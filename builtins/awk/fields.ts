// Field splitting, as gawk does it for each FS form: " " (runs of blanks and newlines, ends
// trimmed), one other character (literal; a tab; a letter folds under IGNORECASE), a regex
// (longer FS; a leading match at the start of the record is not a separator for the default
// case only), "" (one field per character), FIELDWIDTHS and FPAT. In paragraph mode (RS == "")
// a newline always separates fields too. Splitting appends to `out` and returns the count.

import type { Matcher } from '../../lib/regex/index.js';

export type Splitter = (s: string, out: string[]) => number;

export function splitDefault(s: string, out: string[]): number {
  let n = 0;
  const len = s.length;
  let i = 0;
  for (;;) {
    while (i < len) {
      const c = s.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10) break;
      i++;
    }
    if (i >= len) return n;
    const start = i;
    while (i < len) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10) break;
      i++;
    }
    out[++n] = s.slice(start, i);
  }
}

export function charSplitter(ch: string, newlineToo: boolean, foldCase: boolean): Splitter {
  const code = ch.charCodeAt(0);
  const other = foldCase && /[a-zA-Z]/.test(ch) ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()).charCodeAt(0) : -1;
  if (!newlineToo && other < 0) {
    return (s, out) => {
      if (s === '') return 0;
      let n = 0;
      let start = 0;
      for (;;) {
        const j = s.indexOf(ch, start);
        if (j < 0) {
          out[++n] = s.slice(start);
          return n;
        }
        out[++n] = s.slice(start, j);
        start = j + 1;
      }
    };
  }
  return (s, out) => {
    if (s === '') return 0;
    let n = 0;
    let start = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === code || c === other || (newlineToo && c === 10)) {
        out[++n] = s.slice(start, i);
        start = i + 1;
      }
    }
    out[++n] = s.slice(start);
    return n;
  };
}

export function regexSplitter(m: Matcher, newlineToo: boolean): Splitter {
  return (s, out) => {
    if (s === '') return 0;
    let n = 0;
    let start = 0;
    let from = 0;
    for (;;) {
      let hit = m.find(s, from);
      // an empty match separates nothing: look further
      while (hit !== null && hit.end === hit.start) {
        if (hit.start >= s.length) {
          hit = null;
          break;
        }
        hit = m.find(s, hit.start + 1);
      }
      let nl = newlineToo ? s.indexOf('\n', from) : -1;
      if (nl >= 0 && (hit === null || nl < hit.start)) {
        out[++n] = s.slice(start, nl);
        start = from = nl + 1;
        continue;
      }
      if (hit === null) {
        out[++n] = s.slice(start);
        return n;
      }
      out[++n] = s.slice(start, hit.start);
      start = from = hit.end;
      nl = -1;
    }
  };
}

export function emptySplitter(s: string, out: string[]): number {
  for (let i = 0; i < s.length; i++) out[i + 1] = s[i]!;
  return s.length;
}

/** FIELDWIDTHS: "[skip:]width …", a `*` last takes the rest */
export function widthsSplitter(spec: string): Splitter | string {
  const parts = spec.trim().split(/[ \t\n]+/);
  const cols: { skip: number; width: number }[] = [];
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    const m = /^(?:([0-9]+):)?([0-9]+|\*)$/.exec(p);
    if (m === null || (m[2] === '*' && k !== parts.length - 1)) return `invalid FIELDWIDTHS value, for field ${k + 1}, near \`${p}'`;
    cols.push({ skip: m[1] === undefined ? 0 : Number(m[1]), width: m[2] === '*' ? -1 : Number(m[2]) });
  }
  return (s, out) => {
    let n = 0;
    let i = 0;
    for (const c of cols) {
      i += c.skip;
      if (i >= s.length) break;
      const end = c.width < 0 ? s.length : Math.min(s.length, i + c.width);
      out[++n] = s.slice(i, end);
      i = end;
    }
    return n;
  };
}

/** FPAT: the fields are the matches */
export function fpatSplitter(m: Matcher): Splitter {
  return (s, out) => {
    let n = 0;
    let from = 0;
    let lastEmptyAt = -1;
    while (from <= s.length) {
      const hit = m.find(s, from);
      if (hit === null) break;
      if (hit.end === hit.start) {
        if (hit.start === lastEmptyAt) {
          from = hit.start + 1;
          continue;
        }
        // an empty match right after a non-empty field is not a field of its own
        if (n > 0 && hit.start === from && from !== 0 && lastEmptyAt !== from) {
          lastEmptyAt = hit.start;
          from = hit.start + 1;
          continue;
        }
        lastEmptyAt = hit.start;
        out[++n] = '';
        from = hit.start + 1;
        continue;
      }
      out[++n] = s.slice(hit.start, hit.end);
      from = hit.end;
    }
    return n;
  };
}
