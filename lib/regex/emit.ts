// AST → JavaScript RegExp source, for strings whose characters are bytes (latin1-style).
//
// Everything is spelled so V8's linear-time engine can run it: no `i` flag (case folding is done
// here, ASCII only, as in the C locale — the `i` flag would also fold latin1 letters like é/É),
// no lookaround unless unavoidable, `.` and negated sets never match the record terminator (so a
// block of many lines can be scanned at once). Back-references and the lookarounds used for \< \>
// next to non-word atoms force V8's backtracking engine; the result says so.

import { type Assertion, type ByteSet, type Node, isWordByte } from './ast.js';

export interface EmitOptions {
  icase: boolean;
  /** the record terminator: 0x0a, or 0x00 for -z; -1 for none (sed's pattern space: `.` matches newline) */
  eol: number;
  /** sed's M flag: ^ and $ also match next to newlines inside the record (\` and \' do not) */
  multiline?: boolean;
  /** emit POSIX groups as capturing groups (needed for back-references) */
  capture: boolean;
  /** added to back-reference numbers (patterns joined after others, or wrapped in a group) */
  groupOffset: number;
  /**
   * lazy quantifiers (`*?`): the same records match (a backtracking search tries every way
   * before giving up), but a match is found with less scanning (`a.*b` stops at the first b
   * instead of running to the end of the line and backing up). Only for "does it match" uses.
   */
  lazy?: boolean;
}

export interface Emitted {
  source: string;
  /** uses lookaround or back-references: V8's linear engine cannot run it */
  backtracking: boolean;
  /** JavaScript capture groups emitted */
  jsGroups: number;
  /** the JavaScript group number of each POSIX group of the pattern (index 1…), with `capture` */
  posixToJs: number[];
}

function hex(b: number): string {
  return '\\x' + b.toString(16).padStart(2, '0');
}

function charSource(b: number): string {
  if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f) {
    return String.fromCharCode(b);
  }
  return hex(b);
}

function foldSet(set: ByteSet): ByteSet {
  const out = set.slice();
  for (let b = 0x41; b <= 0x5a; b++) {
    if (set[b] || set[b + 0x20]) {
      out[b] = 1;
      out[b + 0x20] = 1;
    }
  }
  return out;
}

/** The body of a character class listing the members of `set` as ranges. */
function classBody(set: ByteSet, member: number): string {
  let out = '';
  let b = 0;
  while (b < 256) {
    if (set[b] !== member) {
      b++;
      continue;
    }
    let e = b;
    while (e + 1 < 256 && set[e + 1] === member) e++;
    out += charSource(b);
    if (e > b + 1) out += '-' + charSource(e);
    else if (e === b + 1) out += charSource(e);
    b = e + 1;
  }
  return out;
}

/** the bytes a set node matches (a negated bracket complemented) */
export function effectiveBytes(n: { bytes: ByteSet; negated?: boolean }, icase = false): ByteSet {
  const set = icase ? foldSet(n.bytes) : n.bytes.slice();
  if (n.negated === true) for (let b = 0; b < 256; b++) set[b] = set[b] ? 0 : 1;
  return set;
}

export function setSource(node: { bytes: ByteSet; negated?: boolean }, opts: Pick<EmitOptions, 'icase' | 'eol'>): string {
  const set = effectiveBytes(node, opts.icase);
  if (opts.eol >= 0) set[opts.eol] = 0;
  let count = 0;
  let only = -1;
  for (let b = 0; b < 256; b++) {
    if (set[b]) {
      count++;
      only = b;
    }
  }
  if (count === 0) return '[]';
  if (count === 1) return charSource(only);
  if (count > 128) return '[^' + classBody(set, 0) + ']';
  return '[' + classBody(set, 1) + ']';
}

function literalSource(b: number, icase: boolean): string {
  if (icase && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a))) {
    const upper = b & ~0x20;
    return '[' + String.fromCharCode(upper) + String.fromCharCode(upper | 0x20) + ']';
  }
  return charSource(b);
}

/** Only word bytes can start/end this node (so \< before it is a plain \b). */
function onlyWordBytes(n: Node | undefined): boolean {
  if (n === undefined) return false;
  if (n.type === 'literal') return isWordByte(n.byte);
  if (n.type === 'set') {
    const bytes = effectiveBytes(n);
    let any = false;
    for (let b = 0; b < 256; b++) {
      if (!bytes[b]) continue;
      if (!isWordByte(b)) return false;
      any = true;
    }
    return any;
  }
  if (n.type === 'repeat' && n.min > 0) return onlyWordBytes(n.body);
  return false;
}

/** Only non-word bytes can start/end this node (a literal, a set, or a repeat of one with min > 0). */
function onlyNonWordBytes(n: Node | undefined): boolean {
  if (n === undefined) return false;
  if (n.type === 'literal') return !isWordByte(n.byte);
  if (n.type === 'set') {
    const bytes = effectiveBytes(n);
    let any = false;
    for (let b = 0; b < 256; b++) {
      if (!bytes[b]) continue;
      if (isWordByte(b)) return false;
      any = true;
    }
    return any;
  }
  if (n.type === 'repeat' && n.min > 0) return onlyNonWordBytes(n.body);
  return false;
}

function isSingleAtom(n: Node): boolean {
  return n.type === 'literal' || n.type === 'set' || n.type === 'any';
}

class Emitter {
  backtracking = false;
  jsGroups = 0;
  readonly posixToJs: number[] = [];
  constructor(private readonly opts: EmitOptions) {}

  emit(n: Node): string {
    const o = this.opts;
    switch (n.type) {
      case 'literal':
        return n.byte === o.eol ? '[]' : literalSource(n.byte, o.icase);
      case 'set':
        return setSource(n, o);
      case 'any':
        return o.eol < 0 ? '[\\s\\S]' : '[^' + hex(o.eol) + ']';
      case 'concat':
        return n.items.length === 0 ? '(?:)' : n.items.map((item, k) => this.emitInConcat(item, n.items[k - 1], n.items[k + 1])).join('');
      case 'alt':
        return '(?:' + n.alternatives.map((a) => this.emit(a)).join('|') + ')';
      case 'group': {
        if (!o.capture) return '(?:' + this.emit(n.body) + ')';
        // numbered in the order of the opening parentheses, as JavaScript numbers them
        this.posixToJs[n.index] = o.groupOffset + ++this.jsGroups;
        return '(' + this.emit(n.body) + ')';
      }
      case 'repeat': {
        const body = this.emit(n.body);
        const wrapped = isSingleAtom(n.body) || n.body.type === 'group' ? body : '(?:' + body + ')';
        return wrapped + quantifier(n.min, n.max) + (o.lazy === true && n.min !== n.max ? '?' : '');
      }
      case 'backref': {
        this.backtracking = true;
        return '(?:\\' + (this.posixToJs[n.group] ?? n.group + o.groupOffset) + ')';
      }
      case 'assert':
        return this.emitAssertNode(n, undefined, undefined);
    }
  }

  private emitAssertNode(n: { kind: Assertion; buffer?: boolean }, prev: Node | undefined, next: Node | undefined): string {
    // multiline (sed M): ^ $ at line starts/ends, spelled without the `m` flag, which would also
    // treat \r as a line end
    if (this.opts.multiline === true && n.buffer !== true && (n.kind === 'bol' || n.kind === 'eol')) {
      this.backtracking = true;
      return n.kind === 'bol' ? '(?<![^\\n])' : '(?![^\\n])';
    }
    return this.emitAssert(n.kind, prev, next);
  }

  private emitInConcat(n: Node, prev: Node | undefined, next: Node | undefined): string {
    if (n.type === 'assert') return this.emitAssertNode(n, prev, next);
    return this.emit(n);
  }

  private emitAssert(kind: Assertion, prev: Node | undefined, next: Node | undefined): string {
    switch (kind) {
      case 'bol':
        return '^';
      case 'eol':
        return '$';
      case 'word-boundary':
        return '\\b';
      case 'not-word-boundary':
        return '\\B';
      // \< and \> become a plain \b (or a never-matching []) when a neighbour decides which side
      // the word is on; only otherwise is a lookaround (backtracking engine) needed
      case 'word-start':
        if (onlyWordBytes(next)) return '\\b';
        if (onlyNonWordBytes(next) || onlyWordBytes(prev)) return '[]';
        this.backtracking = true;
        return '\\b(?=\\w)';
      case 'word-end':
        if (onlyWordBytes(prev)) return '\\b';
        if (onlyWordBytes(next) || onlyNonWordBytes(prev)) return '[]';
        this.backtracking = true;
        return '\\b(?<=\\w)';
    }
  }
}

function quantifier(min: number, max: number): string {
  if (min === 0 && max === Infinity) return '*';
  if (min === 1 && max === Infinity) return '+';
  if (min === 0 && max === 1) return '?';
  if (max === Infinity) return `{${min},}`;
  if (min === max) return `{${min}}`;
  return `{${min},${max}}`;
}

export function emitNode(n: Node, opts: EmitOptions): Emitted {
  const e = new Emitter(opts);
  const source = e.emit(n);
  return { source, backtracking: e.backtracking, jsGroups: e.jsGroups, posixToJs: e.posixToJs };
}

/** Nested repetition (a repeated node containing a repeat or an alternation): exponential under backtracking. */
export function hasNestedRepetition(n: Node, insideRepeat = false): boolean {
  switch (n.type) {
    case 'repeat':
      if (insideRepeat && !(n.max === 1)) return true;
      return hasNestedRepetition(n.body, insideRepeat || n.max > 1);
    case 'alt':
      if (insideRepeat) return true;
      return n.alternatives.some((a) => hasNestedRepetition(a, insideRepeat));
    case 'concat':
      return n.items.some((a) => hasNestedRepetition(a, insideRepeat));
    case 'group':
      return hasNestedRepetition(n.body, insideRepeat);
    default:
      return false;
  }
}

/** Could JS's leftmost-first match be shorter than POSIX's leftmost-longest? */
export function mayDifferFromLongest(n: Node): boolean {
  switch (n.type) {
    case 'alt':
      return true;
    case 'repeat':
      return !isSingleAtom(n.body) || mayDifferFromLongest(n.body);
    case 'concat':
      return n.items.some(mayDifferFromLongest);
    case 'group':
      return mayDifferFromLongest(n.body);
    case 'backref':
      return true;
    default:
      return false;
  }
}

/** Assertions whose truth depends on what follows the match end (so a match cannot be re-checked on a prefix). */
export function hasEndSensitiveAssertion(n: Node): boolean {
  switch (n.type) {
    case 'assert':
      return n.kind !== 'bol';
    case 'alt':
      return n.alternatives.some(hasEndSensitiveAssertion);
    case 'concat':
      return n.items.some(hasEndSensitiveAssertion);
    case 'group':
    case 'repeat':
      return hasEndSensitiveAssertion(n.body);
    default:
      return false;
  }
}

/**
 * Contains ^ or $ (block scanning over many records is then not possible; word assertions are
 * fine there, since the terminator between records is a non-word byte).
 */
export function hasLineAnchor(n: Node): boolean {
  switch (n.type) {
    case 'assert':
      return n.kind === 'bol' || n.kind === 'eol';
    case 'alt':
      return n.alternatives.some(hasLineAnchor);
    case 'concat':
      return n.items.some(hasLineAnchor);
    case 'group':
    case 'repeat':
      return hasLineAnchor(n.body);
    default:
      return false;
  }
}
