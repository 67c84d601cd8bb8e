// The -regextype dialects lib/regex does not read itself, rewritten as the ERE it reads (GNU
// grep's dialect): emacs (find's default) and the awk family. The rewrite follows the gnulib
// syntax bits GNU find compiles each type with:
//   emacs      RE_SYNTAX_EMACS: \( \| \) group and alternate, bare ( ) | { } are literals, no
//              intervals, no [:classes:]; a reversed range in a list ([z-a]) is empty, not an error
//   awk        RE_SYNTAX_AWK: ERE without intervals ({ } literal) and without the GNU operators
//              (\< \w \b … are the plain letters), backslash escapes inside lists ([\]] is ])
//   posix-awk  RE_SYNTAX_POSIX_AWK: ERE with intervals, no GNU operators, escapes in lists
//   gnu-awk    RE_SYNTAX_GNU_AWK: ERE with intervals and GNU operators, escapes in lists

type Item = { kind: 'char'; c: string } | { kind: 'range'; lo: string; hi: string } | { kind: 'class'; text: string };

interface Bracket {
  negated: boolean;
  items: Item[];
  /** index after the closing ']' */
  end: number;
}

interface ListSyntax {
  /** RE_BACKSLASH_ESCAPE_IN_LISTS: `\x` in a list is x */
  escapes: boolean;
  /** RE_CHAR_CLASSES: [:alpha:] is a class (emacs has none: it is the characters `[:alph`) */
  classes: boolean;
  /** !RE_NO_EMPTY_RANGES: a reversed range is empty, not an error */
  emptyRanges: boolean;
}

/** one list element at j (< p.length: readBracket checks it): a [:class:] / [.x.] / [=x=], an escaped or a plain character */
function readElement(p: string, j: number, syn: ListSyntax): { item: Item; next: number } | null {
  const open = p[j + 1];
  if (p[j] === '[' && ((open === ':' && syn.classes) || open === '.' || open === '=')) {
    const close = p.indexOf(open + ']', j + 2);
    if (close < 0) return null;
    return { item: { kind: 'class', text: p.slice(j, close + 2) }, next: close + 2 };
  }
  if (syn.escapes && p[j] === '\\' && j + 1 < p.length) return { item: { kind: 'char', c: p[j + 1]! }, next: j + 2 };
  return { item: { kind: 'char', c: p[j]! }, next: j + 1 };
}

/** the list opening at i (a '['); null when it is not closed (left to the regex parser to report) */
function readBracket(p: string, i: number, syn: ListSyntax): Bracket | null {
  let j = i + 1;
  const negated = p[j] === '^';
  if (negated) j++;
  const items: Item[] = [];
  let first = true;
  for (;;) {
    if (j >= p.length) return null;
    if (p[j] === ']' && !first) return { negated, items, end: j + 1 };
    first = false;
    const el = readElement(p, j, syn);
    if (el === null) return null;
    j = el.next;
    if (el.item.kind === 'char' && p[j] === '-' && j + 1 < p.length && p[j + 1] !== ']') {
      const hi = readElement(p, j + 1, syn);
      if (hi === null) return null;
      if (hi.item.kind === 'char') {
        items.push({ kind: 'range', lo: el.item.c, hi: hi.item.c });
        j = hi.next;
        continue;
      }
    }
    items.push(el.item);
  }
}

// Paths never hold a NUL byte: a list of nothing matches no path, its negation any character
const EMPTY_LIST = '[\0]';
const ANY_LIST = '[^\0]';

/** characters a POSIX list takes only in some places: ']' first, '[' (before : . =), '^', '-' last */
const PLACED = new Set([']', '[', '^', '-']);

/** the list as a POSIX bracket expression */
function emitBracket(b: Bracket, dropReversed: boolean): string {
  const items = dropReversed ? b.items.filter((it) => it.kind !== 'range' || it.lo <= it.hi) : b.items;
  if (items.length === 0) return b.negated ? ANY_LIST : EMPTY_LIST;
  const chars = new Set(items.filter((it) => it.kind === 'char').map((it) => (it as { c: string }).c));
  let body = '';
  for (const it of items) {
    if (it.kind === 'range') body += `${it.lo}-${it.hi}`;
    else if (it.kind === 'class') body += it.text;
    else if (!PLACED.has(it.c)) body += it.c;
  }
  if (chars.has(']')) body = ']' + body;
  if (chars.has('[')) body += '[';
  if (chars.has('^')) body += '^';
  if (chars.has('-')) body += '-';
  // '^' first would negate: the list of '^' (and '-') alone is written another way
  if (!b.negated && body.startsWith('^')) return body === '^' ? '\\^' : '[-^]';
  return `[${b.negated ? '^' : ''}${body}]`;
}

/** copy the bracket expression at i, rewritten; the raw rest of p when it is not closed */
function bracket(p: string, i: number, syn: ListSyntax): { text: string; end: number } {
  const b = readBracket(p, i, syn);
  if (b === null) return { text: p.slice(i), end: p.length };
  return { text: emitBracket(b, syn.emptyRanges), end: b.end };
}

const EMACS_LISTS: ListSyntax = { escapes: false, classes: false, emptyRanges: true };
const AWK_LISTS: ListSyntax = { escapes: true, classes: true, emptyRanges: false };

const EMACS_ESCAPES: Record<string, string> = { '(': '(', ')': ')', '|': '|', '`': '^', "'": '$' };
const ERE_LITERALS = new Set(['(', ')', '|', '{', '}']);

/** emacs syntax as ERE; null for an unmatched `\)` (RE_SYNTAX_EMACS has no RE_UNMATCHED_RIGHT_PAREN_ORD) */
export function emacsToExtended(p: string): string | null {
  let out = '';
  let i = 0;
  let depth = 0;
  while (i < p.length) {
    const ch = p[i]!;
    if (ch === '[') {
      const b = bracket(p, i, EMACS_LISTS);
      out += b.text;
      i = b.end;
    } else if (ch === '\\' && i + 1 < p.length) {
      const next = p[i + 1]!;
      const mapped = EMACS_ESCAPES[next];
      if (next === '(') depth++;
      if (next === ')' && --depth < 0) return null;
      if (mapped !== undefined) out += mapped;
      else if (/[0-9wWbB<>]/.test(next)) out += '\\' + next;
      else out += /[A-Za-z0-9]/.test(next) ? next : '\\' + next;
      i += 2;
    } else {
      out += ERE_LITERALS.has(ch) ? '\\' + ch : ch;
      i++;
    }
  }
  return out;
}

/** the GNU operators RE_NO_GNU_OPS turns back into plain characters */
const GNU_OPS = new Set(['w', 'W', 's', 'S', 'b', 'B', '<', '>', '`', "'"]);

/** an awk-family pattern as ERE (see the table at the top) */
export function awkToExtended(p: string, intervals: boolean, gnuOps: boolean): string {
  let out = '';
  let i = 0;
  while (i < p.length) {
    const ch = p[i]!;
    if (ch === '[') {
      const b = bracket(p, i, AWK_LISTS);
      out += b.text;
      i = b.end;
    } else if (ch === '\\' && i + 1 < p.length) {
      const next = p[i + 1]!;
      out += !gnuOps && GNU_OPS.has(next) ? next : '\\' + next;
      i += 2;
    } else {
      out += !intervals && (ch === '{' || ch === '}') ? '\\' + ch : ch;
      i++;
    }
  }
  return out;
}
