// Parsing of bash patterns into a small node list, shared by the regex translator and the
// backtracking matcher (pattern.ts). Input convention: a quoted character is preceded by a
// backslash (the expander escapes what was quoted in the source), so `\*` is a literal star.

import { asciiLower } from '../text/bytes.js';

export type ExtOp = '?' | '*' | '+' | '@' | '!';

export type PatNode =
  | { t: 'lit'; s: string }
  | { t: 'any' }
  | { t: 'star' }
  /** a bracket expression, already translated to a JS character-class source (`[^a-z]`) */
  | { t: 'set'; cls: string }
  | { t: 'ext'; op: ExtOp; alts: PatNode[][] };

export interface ParseOptions {
  extglob?: boolean;
  /** fold ASCII letters to lower case (the subject must be folded the same way: asciiLower) */
  nocase?: boolean;
  /** `*`, `?` and brackets never match `/` */
  pathname?: boolean;
}

/** the POSIX classes as JS class bodies (C locale: ASCII only) */
const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: '0-9A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  print: ' -~',
  graph: '!-~',
  cntrl: '\\x00-\\x1f\\x7f',
  xdigit: '0-9A-Fa-f',
  word: '0-9A-Za-z_',
  ascii: '\\x00-\\x7f',
};


/** escape one character for use inside a JS character class */
function classChar(c: string): string {
  return /[\\\][^-]/.test(c) ? '\\' + c : c;
}

export function regexChar(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? '\\' + c : c;
}

interface BracketResult {
  cls: string;
  next: number;
}

/** parse a bracket expression at p[i] === '['; null when it is not one (then `[` is literal) */
function parseBracket(p: string, i: number, pathname: boolean, nocase: boolean): BracketResult | null {
  const fold = nocase ? asciiLower : (c: string) => c;
  let j = i + 1;
  let negate = false;
  if (p[j] === '!' || p[j] === '^') {
    negate = true;
    j++;
  }
  const members: string[] = [];
  let first = true;
  let prev: string | null = null; // last single char, for ranges
  while (j < p.length) {
    const c = p[j]!;
    if (c === ']' && !first) {
      let body = members.join('');
      if (pathname && negate) body += '\\/';
      if (body === '') return { cls: negate ? '[^]' : '[]', next: j + 1 };
      return { cls: (negate ? '[^' : '[') + body + ']', next: j + 1 };
    }
    first = false;
    if (c === '[' && (p[j + 1] === ':' || p[j + 1] === '=' || p[j + 1] === '.')) {
      const kind = p[j + 1]!;
      const close = p.indexOf(kind + ']', j + 2);
      if (close >= 0) {
        const name = p.slice(j + 2, close);
        if (kind === ':') members.push(CLASSES[name] ?? '');
        else for (const ch of name) members.push(classChar(fold(ch)));
        prev = null;
        j = close + 2;
        continue;
      }
    }
    let ch = fold(c);
    let len = 1;
    if (c === '\\' && j + 1 < p.length) {
      ch = fold(p[j + 1]!);
      len = 2;
    }
    // a range: prev '-' this (a '-' right before ']' is literal)
    if (ch === '-' && len === 1 && prev !== null && j + 1 < p.length && p[j + 1] !== ']') {
      let end = fold(p[j + 1]!);
      let endLen = 1;
      if (end === '\\' && j + 2 < p.length) {
        end = fold(p[j + 2]!);
        endLen = 2;
      }
      members.pop();
      if (prev.codePointAt(0)! <= end.codePointAt(0)!) members.push(classChar(prev) + '-' + classChar(end));
      prev = null;
      j += 1 + endLen;
      continue;
    }
    members.push(classChar(ch));
    prev = ch;
    j += len;
  }
  return null;
}

/** index of the `)` closing an extglob group opened at p[open] === '(', or -1 */
function findClose(p: string, open: number): number {
  let depth = 0;
  for (let j = open; j < p.length; j++) {
    const c = p[j]!;
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return -1;
}

/** split an extglob body on top-level `|` */
function splitAlternatives(body: string): string[] {
  const alts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let j = 0; j < body.length; j++) {
    const c = body[j]!;
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      alts.push(body.slice(start, j));
      start = j + 1;
    }
  }
  alts.push(body.slice(start));
  return alts;
}

/**
 * The `)` matching each `(` of p, found in one pass with a stack (-1: none), reading `\x` as a
 * pair from the start. Where parsePattern meets a `(` this pass also took as one (not as the
 * second half of a pair), the answer is findClose's: from there on both read the same
 * characters the same way. Scanning from each `(` instead was quadratic: 100,000 unclosed
 * `@(a|` took a minute.
 */
function matchParens(p: string): Map<number, number> {
  const close = new Map<number, number>();
  const open: number[] = [];
  for (let j = 0; j < p.length; j++) {
    const c = p.charCodeAt(j);
    if (c === 92 /* \ */) j++;
    else if (c === 40 /* ( */) {
      open.push(j);
      close.set(j, -1);
    } else if (c === 41 /* ) */) {
      const o = open.pop();
      if (o !== undefined) close.set(o, j);
    }
  }
  return close;
}

export function parsePattern(p: string, opts: ParseOptions): PatNode[] {
  const out: PatNode[] = [];
  let parens: Map<number, number> | undefined;
  let lit = '';
  const flush = () => {
    if (lit) out.push({ t: 'lit', s: opts.nocase ? asciiLower(lit) : lit });
    lit = '';
  };
  let i = 0;
  while (i < p.length) {
    const c = p[i]!;
    if (opts.extglob && '?*+@!'.includes(c) && p[i + 1] === '(') {
      parens ??= matchParens(p);
      const close = parens.get(i + 1) ?? findClose(p, i + 1);
      if (close > 0) {
        flush();
        const alts = splitAlternatives(p.slice(i + 2, close)).map((a) => parsePattern(a, opts));
        out.push({ t: 'ext', op: c as ExtOp, alts });
        i = close + 1;
        continue;
      }
    }
    if (c === '*') {
      flush();
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
      i++;
    } else if (c === '?') {
      flush();
      out.push({ t: 'any' });
      i++;
    } else if (c === '[') {
      const b = parseBracket(p, i, !!opts.pathname, !!opts.nocase);
      if (b) {
        flush();
        out.push({ t: 'set', cls: b.cls });
        i = b.next;
      } else {
        lit += '[';
        i++;
      }
    } else if (c === '\\') {
      lit += i + 1 < p.length ? p[i + 1]! : '\\';
      i += 2;
    } else {
      // keep surrogate pairs together
      const cp = p.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      lit += ch;
      i += ch.length;
    }
  }
  flush();
  return out;
}

/** does the node list contain a negated extglob (which needs the backtracking matcher) */
export function hasNegation(nodes: PatNode[]): boolean {
  return nodes.some((n) => n.t === 'ext' && (n.op === '!' || n.alts.some(hasNegation)));
}

export function hasExt(nodes: PatNode[]): boolean {
  return nodes.some((n) => n.t === 'ext');
}

/** JS regex source for the nodes (no anchors); `lazy` makes stars non-greedy */
export function toRegexSource(nodes: PatNode[], pathname: boolean, lazy: boolean): string {
  const anyChar = pathname ? '[^/]' : '[^]';
  const star = anyChar + (lazy ? '*?' : '*');
  let out = '';
  for (const n of nodes) {
    switch (n.t) {
      case 'lit':
        for (const ch of n.s) out += regexChar(ch);
        break;
      case 'any':
        out += anyChar;
        break;
      case 'star':
        out += star;
        break;
      case 'set':
        out += n.cls;
        break;
      case 'ext': {
        const body = n.alts.map((a) => toRegexSource(a, pathname, lazy)).join('|');
        const q = { '?': '?', '*': '*', '+': '+', '@': '', '!': '' }[n.op];
        out += `(?:${body})${q}${q && lazy ? '?' : ''}`;
        break;
      }
    }
  }
  return out;
}
