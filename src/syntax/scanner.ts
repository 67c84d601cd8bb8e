// The scanner: the bottom of the lexer. It reads the script rune by rune, as mvdan/sh's lexer
// does (line continuations, backquote escapes and NUL bytes are dropped here), builds literals, and
// records errors. It works on the JS string directly: positions are UTF-16 offsets.
//
// Errors never throw here: the first one is recorded and the lexer turns into EOF, so the parser
// unwinds through its normal paths, exactly like mvdan/sh. `parse()` throws once at the end.

import type { Comment, Redirect, Stmt } from './ast.js';
import { internSlice } from './intern.js';
import { Tok } from './tokens.js';

/**
 * The shared empty list of the AST: most statements have no comments and no redirections, and
 * one frozen array for all of them saves allocations. Treat the AST as read-only.
 */
export const NONE = Object.freeze([]) as unknown as never[];

/** Appends to an AST list that may still be the shared NONE. */
export function append<T>(list: T[], x: T): T[] {
  if (list === NONE) return [x];
  list.push(x);
  return list;
}

export const EOF_RUNE = -1;
export const ESC_NEWL = -2;

// Quote states (bit set, so that families can be tested with one AND).
export const Q = {
  noState: 1 << 0,
  runeByRune: 1 << 1,
  unquotedWordCont: 1 << 2,
  subCmd: 1 << 3,
  subCmdBckquo: 1 << 4,
  dblQuotes: 1 << 5,
  hdocWord: 1 << 6,
  hdocBody: 1 << 7,
  hdocBodyTabs: 1 << 8,
  arithmExpr: 1 << 9,
  arithmExprLet: 1 << 10,
  arithmExprCmd: 1 << 11,
  testExpr: 1 << 12,
  testExprRegexp: 1 << 13,
  switchCase: 1 << 14,
  paramExpArithm: 1 << 15,
  paramExpSlice: 1 << 16,
  paramExpRepl: 1 << 17,
  paramExpExp: 1 << 18,
  arrayElems: 1 << 19,
} as const;

export const ALL_KEEP_SPACES = Q.runeByRune | Q.paramExpRepl | Q.dblQuotes | Q.hdocBody | Q.hdocBodyTabs | Q.paramExpExp;
export const ALL_REG_TOKENS =
  Q.noState | Q.unquotedWordCont | Q.subCmd | Q.subCmdBckquo | Q.hdocWord | Q.switchCase | Q.arrayElems | Q.testExpr;
export const ALL_ARITHM = Q.arithmExpr | Q.arithmExprLet | Q.arithmExprCmd | Q.paramExpArithm | Q.paramExpSlice;
export const ALL_PARAM_EXP = Q.paramExpArithm | Q.paramExpSlice | Q.paramExpRepl | Q.paramExpExp;

/** A snapshot of the lexer (Scanner.saveState), for the bashCompat pass's retries. */
export interface ScanState {
  i: number; r: number; w: number; tok: Tok; val: string; pos: number; spaced: boolean; quote: number;
  eqlOffs: number; litOn: boolean; litAcc: string; litSeg: number; openNodes: number; openBquotes: number;
  lastBquoteEsc: number; rxOpenParens: number; rxFirstPart: boolean; forbidNested: boolean; buriedHdocs: number;
  heredocs: Redirect[]; hdocOwners: Stmt[]; hdocStops: (string | null)[]; accComs: Comment[]; top: number;
}

/** Raised once per parse; carries mvdan's text and a JS offset. */
export interface LexError {
  pos: number;
  text: string;
  incomplete: boolean;
  /** the token the parser stood on when it gave up, its text and offset: bash names that token */
  tok: Tok;
  val: string;
  tokPos: number;
  /** for an unclosed quote or bracket: the token that opened it (bash names its closer) */
  open?: Tok;
  /** offset of the `[[` the error is inside, or -1 (bash's conditional parser words it) */
  cond: number;
  /** the lexer's quote state (Q) when it gave up: inside arithmetic, bash wants its closer */
  quote: number;
}

// Character classes as lookup tables: one array read per character in the hot loops.
export const REG_OPS = new Uint8Array(128);
for (const c of ';"\'()$|&><`') REG_OPS[c.charCodeAt(0)] = 1;
export const PARAM_OPS = new Uint8Array(128);
for (const c of '}#!:-+=?%[]/^,@*') PARAM_OPS[c.charCodeAt(0)] = 1;
export const ARITHM_OPS = new Uint8Array(128);
for (const c of '+-!~*/%()^<>:=,?|&[]#.') ARITHM_OPS[c.charCodeAt(0)] = 1;

// Characters that need no attention inside an unquoted word (advanceLitNone) or a double-quoted
// string (advanceLitDquote): the scanners skip runs of them without going rune by rune.
export const PLAIN_NONE = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) PLAIN_NONE[c] = 1;
for (const c of '&|;()\\<>`"\'$?*+@!=[') PLAIN_NONE[c.charCodeAt(0)] = 0;
export const PLAIN_DQ = new Uint8Array(128);
for (let c = 1; c < 0x80; c++) PLAIN_DQ[c] = 1;
for (const c of '"\\`$\r') PLAIN_DQ[c.charCodeAt(0)] = 0;

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
export function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}
export function paramNameRune(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 95;
}

/** POSIX name: [A-Za-z_][A-Za-z0-9_]* */
export function validName(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isLetter(c) || c === 95 || (i > 0 && isDigit(c))) continue;
    return false;
  }
  return true;
}

export function numberLiteral(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

export abstract class Scanner {
  protected src = '';
  protected n = 0;
  /** index just after the current rune */
  protected i = 0;
  /** current rune: a code point, EOF_RUNE or ESC_NEWL */
  protected r = 0;
  /** width of the current rune in UTF-16 units */
  protected w = 0;

  protected tok: Tok = Tok.illegal;
  protected val = '';
  protected pos = 0;
  protected spaced = false;
  protected quote: number = Q.noState;
  protected eqlOffs = 0;

  protected err: LexError | null = null;
  /** offset of the `[[` being parsed, or -1: an error there is worded by bash's conditional parser */
  protected condStart = -1;
  /**
   * Second pass only: accept what bash accepts and mvdan/sh rejects (the divergences listed in
   * docs/PARSER_DIVERGENCES.md). parse() tries mvdan/sh's grammar first, so scripts it accepts
   * get exactly its AST, and scripts both passes reject get its error.
   */
  protected compat = false;
  /** compat pass: a here-doc left open at the end of the script ends there, with bash's warning */
  protected heredocsToEOF = false;
  /** retries made by the compat pass in this script (deferred.ts bounds them) */
  protected deferrals = 0;

  // literal accumulation: text is litAcc + src[litSeg .. current rune)
  protected litOn = false;
  protected litAcc = '';
  protected litSeg = 0;

  protected openNodes = 0;
  /** syntax nodes opened so far in this parse, against maxNodes (a memory budget) */
  protected nodesSeen = 0;
  protected maxNodes = Infinity;
  protected openBquotes = 0;
  protected lastBquoteEsc = 0;
  protected rxOpenParens = 0;
  protected rxFirstPart = false;

  protected forbidNested = false;
  protected buriedHdocs = 0;
  protected heredocs: Redirect[] = [];
  /** the statement of each pending here-doc, whose span its body may extend */
  protected hdocOwners: Stmt[] = [];
  protected hdocStops: (string | null)[] = [];

  protected accComs: Comment[] = [];
  /** the trailing comments of the statement list parsed last (set by stmtList) */
  protected lastComs: Comment[] = NONE;

  /**
   * A stack shared by list builders: each pushes its elements above its mark, then copies them
   * out at the exact size. Arrays grown by push() keep 17+ slots; most AST lists hold one or two.
   */
  protected scratch: unknown[] = [];
  /** top of the scratch stack (the array itself never shrinks: truncating it is slow) */
  protected top = 0;

  protected spush(x: unknown): void {
    this.scratch[this.top++] = x;
  }

  protected collect<T>(mark: number): T[] {
    const n = this.top - mark;
    this.top = mark;
    const s = this.scratch as T[];
    // Array literals rather than slice(): a literal has an allocation site, so once V8 sees that
    // these lists outlive the young generation it allocates them in old space directly
    // (pretenuring) instead of copying every one of them in each scavenge.
    switch (n) {
      case 0: return NONE;
      case 1: return [s[mark]!];
      case 2: return [s[mark]!, s[mark + 1]!];
      case 3: return [s[mark]!, s[mark + 1]!, s[mark + 2]!];
      case 4: return [s[mark]!, s[mark + 1]!, s[mark + 2]!, s[mark + 3]!];
      case 5: return [s[mark]!, s[mark + 1]!, s[mark + 2]!, s[mark + 3]!, s[mark + 4]!];
      case 6: return [s[mark]!, s[mark + 1]!, s[mark + 2]!, s[mark + 3]!, s[mark + 4]!, s[mark + 5]!];
      default: return s.slice(mark, mark + n);
    }
  }

  /** As collect(), but an empty list is a fresh array (for lists that were never the shared NONE). */
  protected collectFresh<T>(mark: number): T[] {
    return this.top === mark ? [] : this.collect<T>(mark);
  }

  /** The comments read so far, handed over (NONE when there are none). */
  protected takeComs(): Comment[] {
    if (this.accComs.length === 0) return NONE;
    const c = this.accComs;
    this.accComs = [];
    return c;
  }

  protected resetLexer(src: string): void {
    this.src = src;
    this.n = src.length;
    this.i = 0;
    this.r = 0;
    this.w = 0;
    this.tok = Tok.illegal;
    this.val = '';
    this.pos = 0;
    this.spaced = false;
    this.quote = Q.noState;
    this.eqlOffs = 0;
    this.err = null;
    this.condStart = -1;
    this.deferrals = 0;
    this.litOn = false;
    this.litAcc = '';
    this.openNodes = 0;
    this.nodesSeen = 0;
    this.openBquotes = 0;
    this.lastBquoteEsc = 0;
    this.forbidNested = false;
    this.buriedHdocs = 0;
    this.heredocs = [];
    this.hdocOwners = [];
    this.hdocStops = [];
    this.accComs = [];
    this.scratch = [];
    this.top = 0;
  }

  /**
   * Drops every reference to the last script and its AST: the parser object is kept between
   * calls, and should not keep the previous AST alive (through the scratch stack) until the next.
   */
  protected releaseInput(): void {
    this.src = '';
    this.val = '';
    this.litAcc = '';
    this.scratch = [];
    this.top = 0;
    this.heredocs = [];
    this.hdocOwners = [];
    this.hdocStops = [];
    this.accComs = [];
    this.lastComs = NONE;
  }

  /** Position of the current rune. */
  protected nextPos(): number {
    return this.i - this.w;
  }

  /** Text between [a, b) is dropped from the literal being built (line continuation, NUL, ...). */
  private skipInLit(a: number, b: number): void {
    if (this.litOn) {
      this.litAcc += this.src.slice(this.litSeg, a);
      this.litSeg = b;
    }
  }

  protected rune(): number {
    const src = this.src;
    let bquotes = 0;
    for (;;) {
      const i = this.i;
      if (i >= this.n) {
        this.i = this.n + 1;
        this.w = 1;
        this.r = EOF_RUNE;
        return EOF_RUNE;
      }
      const c = src.charCodeAt(i);
      if (c < 0x80) {
        this.i = i + 1;
        if (c === 0) {
          // NUL bytes are ignored while parsing, like bash does.
          this.skipInLit(i, i + 1);
          continue;
        }
        if (c === 13 /* \r */ && src.charCodeAt(i + 1) === 10) {
          // \r\n reads as \n
          this.skipInLit(i, i + 1);
          continue;
        }
        if (c === 92 /* \ */) {
          if (this.r === 92) {
            // an escaped backslash cannot start a line continuation
          } else if (src.charCodeAt(i + 1) === 10) {
            this.i = i + 2;
            this.skipInLit(i, i + 2);
            this.w = 1;
            this.r = ESC_NEWL;
            return ESC_NEWL;
          } else if (src.charCodeAt(i + 1) === 13 && src.charCodeAt(i + 2) === 10) {
            this.i = i + 3;
            this.skipInLit(i, i + 3);
            this.w = 2;
            this.r = ESC_NEWL;
            return ESC_NEWL;
          }
          if (this.openBquotes > 0 && bquotes < this.openBquotes && i + 1 < this.n) {
            const nc = src.charCodeAt(i + 1);
            if (nc === 36 || nc === 96 || nc === 92) {
              // Backquotes become $( ): drop the extra backslashes they need.
              bquotes++;
              this.skipInLit(i, i + 1);
              continue;
            }
          }
        }
        if (c === 96) this.lastBquoteEsc = bquotes;
        this.w = 1;
        this.r = c;
        return c;
      }
      // non-ASCII
      if (c >= 0xd800 && c <= 0xdbff) {
        const lo = src.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          this.i = i + 2;
          this.w = 2;
          this.r = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
          return this.r;
        }
      } else if (c >= 0xdc80 && c <= 0xdcff) {
        // a surrogate-escaped raw byte: not valid UTF-8, which mvdan/sh refuses; bash reads the
        // byte as it is, and so does the compat pass (docs/PARSER_DIVERGENCES.md)
        this.i = i + 1;
        this.w = 1;
        if (this.compat) {
          this.r = c;
          return c;
        }
        this.r = 0xfffd;
        this.posErr(i, 'invalid UTF-8 encoding');
        return this.r;
      }
      this.i = i + 1;
      this.w = 1;
      this.r = c;
      return c;
    }
  }

  /** The current rune is ordinary: move past the run of ordinary ASCII characters after it. */
  protected skipPlain(table: Uint8Array): number {
    const src = this.src;
    const n = this.n;
    let i = this.i;
    while (i < n) {
      const c = src.charCodeAt(i);
      if (c >= 128 || table[c] === 0) break;
      i++;
    }
    if (i !== this.i) {
      this.i = i;
      this.w = 1;
      this.r = src.charCodeAt(i - 1);
    }
    return this.r;
  }

  protected peekCode(): number {
    return this.i < this.n ? this.src.charCodeAt(this.i) : EOF_RUNE;
  }

  protected peekCode2(): number {
    return this.i + 1 < this.n ? this.src.charCodeAt(this.i + 1) : EOF_RUNE;
  }

  // ------------------------------------------------------------------ literals

  protected newLit(r: number): void {
    this.litOn = true;
    this.litAcc = '';
    this.litSeg = r === EOF_RUNE || r === ESC_NEWL ? Math.min(this.i, this.n) : this.i - this.w;
  }

  protected endLit(): string {
    const end = this.r === EOF_RUNE || this.r === ESC_NEWL ? Math.min(this.i, this.n) : this.i - this.w;
    const s = this.litAcc === '' ? internSlice(this.src, this.litSeg, end) : this.litAcc + this.src.slice(this.litSeg, end);
    this.litOn = false;
    this.litAcc = '';
    return s;
  }

  /** The literal from lit index `from` up to the current rune, in O(length of that part). */
  protected litFrom(from: number): string {
    const accLen = this.litAcc.length;
    const end = Math.min(this.i - this.w, this.n);
    if (from >= accLen) return this.src.slice(this.litSeg + (from - accLen), end);
    return this.litAcc.slice(from) + this.src.slice(this.litSeg, end);
  }

  /** First character of the literal being built (NaN when empty). */
  protected litFirst(): number {
    return this.litAcc.length > 0 ? this.litAcc.charCodeAt(0) : this.litSeg < this.i - this.w ? this.src.charCodeAt(this.litSeg) : NaN;
  }

  /** The literal so far, without the current rune. */
  protected litSoFar(): string {
    return this.litAcc + this.src.slice(this.litSeg, this.i - this.w);
  }

  protected litAppend(s: string): void {
    this.litAcc += this.src.slice(this.litSeg, Math.min(this.i, this.n)) + s;
    this.litSeg = Math.min(this.i, this.n);
  }

  // ------------------------------------------------------------------ errors

  protected incomplete(): boolean {
    return this.openNodes > 0 || (this.litOn && (this.litAcc.length > 0 || this.i - this.w > this.litSeg));
  }

  protected posErr(pos: number, text: string, open?: Tok): void {
    if (this.err !== null) return;
    this.err = { pos, text, incomplete: this.tok === Tok.EOF && this.incomplete(), tok: this.tok, val: this.val, tokPos: this.pos, cond: this.condStart, quote: this.quote };
    if (open !== undefined) this.err.open = open;
    this.i = this.n + 1;
    this.r = EOF_RUNE;
    this.w = 1;
    this.tok = Tok.EOF;
  }

  protected curErr(text: string): void {
    this.posErr(this.pos, text);
  }

  /** posErr, naming for bash the word `val` at `tokPos` (where bash's grammar stops, not mvdan/sh's) */
  protected posErrNear(pos: number, text: string, tokPos: number, val: string): void {
    if (this.err !== null) return;
    this.posErr(pos, text);
    const e = this.err as LexError | null;
    if (e === null) return;
    e.tok = Tok.LitWord;
    e.val = val;
    e.tokPos = tokPos;
  }

  // ------------------------------------------------------------------ backtracking (compat pass)

  /**
   * The whole lexer state, so that the bashCompat pass can try mvdan/sh's grammar on a construct
   * and, when it fails, come back and read the construct the way bash does (deferred.ts). Never
   * used by the first pass: valid scripts do not pay for it.
   */
  protected saveState(): ScanState {
    return {
      i: this.i, r: this.r, w: this.w, tok: this.tok, val: this.val, pos: this.pos, spaced: this.spaced,
      quote: this.quote, eqlOffs: this.eqlOffs, litOn: this.litOn, litAcc: this.litAcc, litSeg: this.litSeg,
      openNodes: this.openNodes, openBquotes: this.openBquotes, lastBquoteEsc: this.lastBquoteEsc,
      rxOpenParens: this.rxOpenParens, rxFirstPart: this.rxFirstPart, forbidNested: this.forbidNested,
      buriedHdocs: this.buriedHdocs, heredocs: this.heredocs.slice(), hdocOwners: this.hdocOwners.slice(),
      hdocStops: this.hdocStops.slice(), accComs: this.accComs.slice(), top: this.top,
    };
  }

  /** Back to a saved state, forgetting the error found since (the caller reads the text another way). */
  protected restoreState(s: ScanState): void {
    this.i = s.i; this.r = s.r; this.w = s.w; this.tok = s.tok; this.val = s.val; this.pos = s.pos;
    this.spaced = s.spaced; this.quote = s.quote; this.eqlOffs = s.eqlOffs; this.litOn = s.litOn;
    this.litAcc = s.litAcc; this.litSeg = s.litSeg; this.openNodes = s.openNodes; this.openBquotes = s.openBquotes;
    this.lastBquoteEsc = s.lastBquoteEsc; this.rxOpenParens = s.rxOpenParens; this.rxFirstPart = s.rxFirstPart;
    this.forbidNested = s.forbidNested; this.buriedHdocs = s.buriedHdocs; this.heredocs = s.heredocs;
    this.hdocOwners = s.hdocOwners; this.hdocStops = s.hdocStops; this.accComs = s.accComs; this.top = s.top;
    this.n = this.src.length;
    this.err = null;
  }

}
