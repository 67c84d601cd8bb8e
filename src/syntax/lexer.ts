// The lexer: a rune-at-a-time scanner with quote states, following mvdan/sh's lexer so that token
// boundaries, error positions and the odd corner (line continuations, backquote escapes, NUL bytes)
// agree with it. It works on the JS string directly: positions are UTF-16 offsets.
//
// Errors never throw here: the first one is recorded and the lexer turns into EOF, so the parser
// unwinds through its normal paths, exactly like mvdan/sh. `parse()` throws once at the end.

import type { Comment, Lit, Redirect, Stmt } from './ast.js';
import { Tok, TOK_STR } from './tokens.js';

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

const ALL_KEEP_SPACES = Q.runeByRune | Q.paramExpRepl | Q.dblQuotes | Q.hdocBody | Q.hdocBodyTabs | Q.paramExpExp;
const ALL_REG_TOKENS =
  Q.noState | Q.unquotedWordCont | Q.subCmd | Q.subCmdBckquo | Q.hdocWord | Q.switchCase | Q.arrayElems | Q.testExpr;
export const ALL_ARITHM = Q.arithmExpr | Q.arithmExprLet | Q.arithmExprCmd | Q.paramExpArithm | Q.paramExpSlice;
const ALL_PARAM_EXP = Q.paramExpArithm | Q.paramExpSlice | Q.paramExpRepl | Q.paramExpExp;

/** Raised once per parse; carries mvdan's text and a JS offset. */
export interface LexError {
  pos: number;
  text: string;
  incomplete: boolean;
}

// Character classes as lookup tables: one array read per character in the hot loops.
const REG_OPS = new Uint8Array(128);
for (const c of ';"\'()$|&><`') REG_OPS[c.charCodeAt(0)] = 1;
const PARAM_OPS = new Uint8Array(128);
for (const c of '}#!:-+=?%[]/^,@*') PARAM_OPS[c.charCodeAt(0)] = 1;
const ARITHM_OPS = new Uint8Array(128);
for (const c of '+-!~*/%()^<>:=,?|&[]#.') ARITHM_OPS[c.charCodeAt(0)] = 1;

// Characters that need no attention inside an unquoted word (advanceLitNone) or a double-quoted
// string (advanceLitDquote): the scanners skip runs of them without going rune by rune.
const PLAIN_NONE = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) PLAIN_NONE[c] = 1;
for (const c of '&|;()\\<>`"\'$?*+@!=[') PLAIN_NONE[c.charCodeAt(0)] = 0;
const PLAIN_DQ = new Uint8Array(128);
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

export abstract class Lexer {
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

  // literal accumulation: text is litAcc + src[litSeg .. current rune)
  protected litOn = false;
  protected litAcc = '';
  protected litSeg = 0;

  protected openNodes = 0;
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
    if (this.top === mark) return NONE;
    const out = this.scratch.slice(mark, this.top) as T[];
    this.top = mark;
    return out;
  }

  protected abstract doHeredocs(): void;

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
    this.litOn = false;
    this.litAcc = '';
    this.openNodes = 0;
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
        // a surrogate-escaped raw byte: not valid UTF-8
        this.i = i + 1;
        this.w = 1;
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
  private skipPlain(table: Uint8Array): number {
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
    const s = this.litAcc + this.src.slice(this.litSeg, end);
    this.litOn = false;
    this.litAcc = '';
    return s;
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

  protected posErr(pos: number, text: string): void {
    if (this.err !== null) return;
    this.err = { pos, text, incomplete: this.tok === Tok.EOF && this.incomplete() };
    this.i = this.n + 1;
    this.r = EOF_RUNE;
    this.w = 1;
    this.tok = Tok.EOF;
  }

  protected curErr(text: string): void {
    this.posErr(this.pos, text);
  }

  // ------------------------------------------------------------------ tokens

  protected next(): void {
    if (this.r === EOF_RUNE) {
      this.tok = Tok.EOF;
      return;
    }
    this.spaced = false;
    if ((this.quote & ALL_KEEP_SPACES) !== 0) {
      this.nextKeepSpaces();
      return;
    }
    let r = this.r;
    while (r === ESC_NEWL) r = this.rune();
    for (;;) {
      // skip blanks
      for (;;) {
        if (r === EOF_RUNE) {
          this.tok = Tok.EOF;
          return;
        } else if (r === ESC_NEWL) {
          r = this.rune();
        } else if (r === 32 || r === 9 || r === 13) {
          this.spaced = true;
          r = this.rune();
        } else if (r === 10) {
          if (this.tok === Tok.Newl) {
            r = this.rune(); // merge consecutive newlines
            continue;
          }
          this.spaced = true;
          this.tok = Tok.Newl;
          if (this.quote !== Q.hdocWord && this.heredocs.length > this.buriedHdocs) this.doHeredocs();
          return;
        } else break;
      }
      this.pos = this.nextPos();
      const q = this.quote;
      if ((q & ALL_REG_TOKENS) !== 0) {
        this.lexRegular(r);
      } else if ((q & ALL_ARITHM) !== 0 && r < 128 && r >= 0 && ARITHM_OPS[r] === 1) {
        this.tok = this.arithmToken(r);
      } else if ((q & ALL_PARAM_EXP) !== 0 && r < 128 && r >= 0 && PARAM_OPS[r] === 1) {
        this.tok = this.paramToken(r);
      } else if (q === Q.testExprRegexp) {
        if (!this.rxFirstPart && this.spaced) {
          this.quote = Q.noState;
          continue; // re-lex as an ordinary token
        }
        this.rxFirstPart = false;
        switch (r) {
          case 59: case 34: case 39: case 36: case 38: case 62: case 60: case 96: // ; " ' $ & > < `
            this.tok = this.regToken(r);
            break;
          case 41: // )
            if (this.rxOpenParens > 0) this.advanceLitRe(r);
            else {
              this.tok = Tok.rightParen;
              this.quote = Q.noState;
              this.rune();
            }
            break;
          default:
            this.advanceLitRe(r);
        }
      } else if (r >= 0 && r < 128 && REG_OPS[r] === 1) {
        this.tok = this.regToken(r);
      } else {
        this.advanceLitOther(r);
      }
      if (this.err !== null) this.tok = Tok.EOF;
      return;
    }
  }

  private lexRegular(r: number): void {
    switch (r) {
      case 59: case 34: case 39: case 40: case 41: case 36: case 124: case 38: case 62: case 60: case 96:
        this.tok = this.regToken(r);
        return;
      case 35: {
        // '#': a comment, unless it continues a word as in $foo#bar
        if (this.quote === Q.unquotedWordCont && !this.spaced) {
          this.advanceLitNone(r);
          return;
        }
        const hashPos = this.pos;
        r = this.rune();
        this.newLit(r);
        for (;;) {
          if (r === 10 || r === EOF_RUNE) break;
          if (r === ESC_NEWL) {
            this.litAppend('\\\n');
            break;
          }
          if (r === 96 && this.backquoteEnd()) break;
          r = this.rune();
        }
        const text = this.endLit();
        this.accComs.push({ type: 'Comment', Pos: hashPos, End: hashPos + 1 + text.length, Text: text });
        this.next();
        return;
      }
      case 91: // [
        if (this.quote === Q.arrayElems) {
          this.rune();
          this.tok = Tok.leftBrack;
        } else this.advanceLitNone(r);
        return;
      case 61: // =
        if (this.peekCode() === 40) {
          this.rune();
          this.rune();
          this.tok = Tok.assgnParen;
        } else if (this.quote === Q.arrayElems) {
          this.rune();
          this.tok = Tok.assgn;
        } else this.advanceLitNone(r);
        return;
      case 63: case 42: case 43: case 64: case 33: // ? * + @ !
        if (this.extendedGlob()) {
          this.tok =
            r === 63 ? Tok.globQuest : r === 42 ? Tok.globStar : r === 43 ? Tok.globPlus : r === 64 ? Tok.globAt : Tok.globExcl;
          this.rune();
          this.rune();
        } else this.advanceLitNone(r);
        return;
      default:
        this.advanceLitNone(r);
    }
  }

  private nextKeepSpaces(): void {
    let r = this.r;
    if (this.quote !== Q.hdocBody && this.quote !== Q.hdocBodyTabs) {
      while (r === ESC_NEWL) r = this.rune();
    }
    this.pos = this.nextPos();
    switch (this.quote) {
      case Q.runeByRune:
        this.tok = Tok.illegal;
        break;
      case Q.dblQuotes:
        if (r === 96 || r === 34 || r === 36) this.tok = this.dqToken(r);
        else this.advanceLitDquote(r);
        break;
      case Q.hdocBody:
      case Q.hdocBodyTabs:
        if (r === 96 || r === 36) this.tok = this.dqToken(r);
        else this.advanceLitHdoc(r);
        break;
      default: // paramExpRepl, paramExpExp
        if (this.quote === Q.paramExpRepl && r === 47) {
          this.rune();
          this.tok = Tok.slash;
          break;
        }
        if (r === 125) this.tok = this.paramToken(r);
        else if (r === 96 || r === 34 || r === 36 || r === 39) this.tok = this.regToken(r);
        else this.advanceLitOther(r);
    }
    if (this.err !== null) this.tok = Tok.EOF;
  }

  /** Whether `?(`, `*(`, … start an extended glob here (not `@()`, likely a function). */
  private extendedGlob(): boolean {
    if (this.val === 'function') return false;
    if (this.peekCode() === 40) return this.peekCode2() !== 41;
    return false;
  }

  protected regToken(r: number): Tok {
    switch (r) {
      case 39: this.rune(); return Tok.sglQuote;
      case 34: this.rune(); return Tok.dblQuote;
      case 96: return Tok.bckQuote; // the parser consumes it, to track backquote depth first
      case 38: // &
        switch (this.rune()) {
          case 38: this.rune(); return Tok.andAnd;
          case 62:
            switch (this.rune()) {
              case 124: this.rune(); return Tok.rdrAllClob;
              case 62:
                if (this.rune() === 124) {
                  this.rune();
                  return Tok.appAllClob;
                }
                return Tok.appAll;
            }
            return Tok.rdrAll;
        }
        return Tok.and;
      case 124: // |
        switch (this.rune()) {
          case 124: this.rune(); return Tok.orOr;
          case 38: this.rune(); return Tok.orAnd;
        }
        return Tok.or;
      case 36: // $
        switch (this.rune()) {
          case 39: this.rune(); return Tok.dollSglQuote;
          case 34: this.rune(); return Tok.dollDblQuote;
          case 123: this.rune(); return Tok.dollBrace;
          case 91: this.rune(); return Tok.dollBrack;
          case 40:
            if (this.rune() === 40) {
              this.rune();
              return Tok.dollDblParen;
            }
            return Tok.dollParen;
        }
        return Tok.dollar;
      case 40: // (
        if (this.rune() === 40 && this.quote !== Q.testExpr) {
          this.rune();
          return Tok.dblLeftParen;
        }
        return Tok.leftParen;
      case 41: this.rune(); return Tok.rightParen;
      case 59: // ;
        switch (this.rune()) {
          case 59:
            if (this.rune() === 38) {
              this.rune();
              return Tok.dblSemiAnd;
            }
            return Tok.dblSemicolon;
          case 38: this.rune(); return Tok.semiAnd;
        }
        return Tok.semicolon;
      case 60: // <
        switch (this.rune()) {
          case 60:
            switch (this.rune()) {
              case 45: this.rune(); return Tok.dashHdoc;
              case 60: this.rune(); return Tok.wordHdoc;
            }
            return Tok.hdoc;
          case 62: this.rune(); return Tok.rdrInOut;
          case 38: this.rune(); return Tok.dplIn;
          case 40: this.rune(); return Tok.cmdIn;
        }
        return Tok.rdrIn;
      default: // >
        switch (this.rune()) {
          case 62:
            if (this.rune() === 124) {
              this.rune();
              return Tok.appClob;
            }
            return Tok.appOut;
          case 38: this.rune(); return Tok.dplOut;
          case 124: this.rune(); return Tok.clbOut;
          case 40: this.rune(); return Tok.cmdOut;
        }
        return Tok.rdrOut;
    }
  }

  protected dqToken(r: number): Tok {
    switch (r) {
      case 34: this.rune(); return Tok.dblQuote;
      case 96: return Tok.bckQuote;
      default: // $
        switch (this.rune()) {
          case 123: this.rune(); return Tok.dollBrace;
          case 91: this.rune(); return Tok.dollBrack;
          case 40:
            if (this.rune() === 40) {
              this.rune();
              return Tok.dollDblParen;
            }
            return Tok.dollParen;
        }
        return Tok.dollar;
    }
  }

  protected paramToken(r: number): Tok {
    switch (r) {
      case 125: this.rune(); return Tok.rightBrace;
      case 58: // :
        switch (this.rune()) {
          case 43: this.rune(); return Tok.colPlus;
          case 45: this.rune(); return Tok.colMinus;
          case 63: this.rune(); return Tok.colQuest;
          case 61: this.rune(); return Tok.colAssgn;
          case 35: this.rune(); return Tok.colHash;
          case 124: this.rune(); return Tok.colPipe;
          case 42: this.rune(); return Tok.colStar;
        }
        return Tok.colon;
      case 43: this.rune(); return Tok.plus;
      case 45: this.rune(); return Tok.minus;
      case 63: this.rune(); return Tok.quest;
      case 61: this.rune(); return Tok.assgn;
      case 37:
        if (this.rune() === 37) {
          this.rune();
          return Tok.dblPerc;
        }
        return Tok.perc;
      case 35:
        if (this.rune() === 35) {
          this.rune();
          return Tok.dblHash;
        }
        return Tok.hash;
      case 33: this.rune(); return Tok.exclMark;
      case 93: this.rune(); return Tok.rightBrack;
      case 47:
        if (this.rune() === 47) {
          this.rune();
          return Tok.dblSlash;
        }
        return Tok.slash;
      case 94:
        if (this.rune() === 94) {
          this.rune();
          return Tok.dblCaret;
        }
        return Tok.caret;
      case 44:
        if (this.rune() === 44) {
          this.rune();
          return Tok.dblComma;
        }
        return Tok.comma;
      case 64: this.rune(); return Tok.at;
      case 42: this.rune(); return Tok.star;
      case EOF_RUNE: return Tok.EOF;
      default: return Tok.illegal;
    }
  }

  protected arithmToken(r: number): Tok {
    switch (r) {
      case 33: // !
        if (this.rune() === 61) {
          this.rune();
          return Tok.nequal;
        }
        return Tok.exclMark;
      case 61: // =
        if (this.rune() === 61) {
          this.rune();
          return Tok.equal;
        }
        return Tok.assgn;
      case 126: this.rune(); return Tok.tilde;
      case 40: this.rune(); return Tok.leftParen;
      case 41: this.rune(); return Tok.rightParen;
      case 38: // &
        switch (this.rune()) {
          case 38: this.rune(); return Tok.andAnd;
          case 61: this.rune(); return Tok.andAssgn;
        }
        return Tok.and;
      case 124: // |
        switch (this.rune()) {
          case 124: this.rune(); return Tok.orOr;
          case 61: this.rune(); return Tok.orAssgn;
        }
        return Tok.or;
      case 60: // <
        switch (this.rune()) {
          case 60:
            if (this.rune() === 61) {
              this.rune();
              return Tok.shlAssgn;
            }
            return Tok.hdoc;
          case 61: this.rune(); return Tok.lequal;
        }
        return Tok.rdrIn;
      case 62: // >
        switch (this.rune()) {
          case 62:
            if (this.rune() === 61) {
              this.rune();
              return Tok.shrAssgn;
            }
            return Tok.appOut;
          case 61: this.rune(); return Tok.gequal;
        }
        return Tok.rdrOut;
      case 43: // +
        switch (this.rune()) {
          case 43: this.rune(); return Tok.addAdd;
          case 61: this.rune(); return Tok.addAssgn;
        }
        return Tok.plus;
      case 45: // -
        switch (this.rune()) {
          case 45: this.rune(); return Tok.subSub;
          case 61: this.rune(); return Tok.subAssgn;
        }
        return Tok.minus;
      case 37:
        if (this.rune() === 61) {
          this.rune();
          return Tok.remAssgn;
        }
        return Tok.perc;
      case 42: // *
        switch (this.rune()) {
          case 42: this.rune(); return Tok.power;
          case 61: this.rune(); return Tok.mulAssgn;
        }
        return Tok.star;
      case 47:
        if (this.rune() === 61) {
          this.rune();
          return Tok.quoAssgn;
        }
        return Tok.slash;
      case 94: // ^
        switch (this.rune()) {
          case 94: this.rune(); return Tok.dblCaret;
          case 61: this.rune(); return Tok.xorAssgn;
        }
        return Tok.caret;
      case 91: this.rune(); return Tok.leftBrack;
      case 93: this.rune(); return Tok.rightBrack;
      case 44: this.rune(); return Tok.comma;
      case 63: this.rune(); return Tok.quest;
      case 58: this.rune(); return Tok.colon;
      case 35: this.rune(); return Tok.hash;
      default: this.rune(); return Tok.period; // '.'
    }
  }

  // ------------------------------------------------------------------ literal scanners

  private advanceLitOther(r: number): void {
    let tok = Tok.LitWord;
    const q = this.quote;
    const arith = (q & ALL_ARITHM) !== 0;
    const keep = (q & ALL_KEEP_SPACES) !== 0;
    loop: for (this.newLit(r); r !== EOF_RUNE; r = this.rune()) {
      switch (r) {
        case 92: this.rune(); break; // escaped byte follows
        case 39: case 34: case 96: case 36:
          tok = Tok.Lit;
          break loop;
        case 125: if ((q & ALL_PARAM_EXP) !== 0) break loop; break;
        case 47: if (q !== Q.paramExpExp) break loop; break;
        case 58: case 61: case 37: case 94: case 44: case 63: case 33: case 126: case 42:
          if (arith) break loop;
          break;
        case 46: if (arith) break loop; break;
        case 91: case 93:
          if (arith) break loop;
          if (!keep) break loop;
          break;
        case 43: case 45: case 32: case 9: case 59: case 38: case 62: case 60: case 124: case 40: case 41: case 10: case 13:
          if (!keep) break loop;
          break;
      }
    }
    this.tok = tok;
    this.val = this.endLit();
  }

  protected isLitRedir(): boolean {
    const lit = this.litSoFar();
    if (lit.charCodeAt(0) === 123 && lit.charCodeAt(lit.length - 1) === 125) {
      return validName(lit.slice(1, -1));
    }
    return numberLiteral(lit);
  }

  private advanceLitNone(r: number): void {
    this.eqlOffs = -1;
    let tok = Tok.LitWord;
    loop: for (this.newLit(r); r !== EOF_RUNE; r = this.rune()) {
      switch (r) {
        case 32: case 9: case 10: case 13: case 38: case 124: case 59: case 40: case 41:
          break loop;
        case 92: this.rune(); break;
        case 62: case 60:
          if (this.peekCode() === 40) tok = Tok.Lit;
          else if (this.isLitRedir()) tok = Tok.LitRedir;
          break loop;
        case 96:
          if (this.quote !== Q.subCmdBckquo) tok = Tok.Lit;
          break loop;
        case 34: case 39: case 36:
          tok = Tok.Lit;
          break loop;
        case 63: case 42: case 43: case 64: case 33:
          if (this.extendedGlob()) {
            tok = Tok.Lit;
            break loop;
          }
          break;
        case 61:
          if (this.eqlOffs < 0) this.eqlOffs = this.litSoFar().length;
          break;
        case 91: {
          // a[ inside a word: stop, so that a[i]=x can be an assignment
          const soFar = this.litSoFar();
          if (soFar.length > 0 && soFar.charCodeAt(0) !== 91) {
            tok = Tok.Lit;
            break loop;
          }
          break;
        }
        default:
          r = this.skipPlain(PLAIN_NONE);
      }
    }
    this.tok = tok;
    this.val = this.endLit();
  }

  private advanceLitDquote(r: number): void {
    let tok = Tok.LitWord;
    loop: for (this.newLit(r); r !== EOF_RUNE; r = this.rune()) {
      switch (r) {
        case 34: break loop;
        case 92: this.rune(); break;
        case ESC_NEWL: case 96: case 36:
          tok = Tok.Lit;
          break loop;
        default:
          r = this.skipPlain(PLAIN_DQ);
      }
    }
    this.tok = tok;
    this.val = this.endLit();
  }

  private advanceLitHdoc(r: number): void {
    // Escaped newlines are handled here: a line that follows one can never end the here-doc.
    let lastTok = this.tok;
    while (r === ESC_NEWL) {
      r = this.rune();
      lastTok = Tok.Lit;
    }
    this.pos = this.nextPos();
    this.tok = Tok.Lit;
    this.newLit(r);
    // mvdan/sh keeps <<- tabs in the text; we drop them, but remember they were there so that a
    // body of only tabs still yields a (empty) word, as mvdan/sh yields one
    let droppedTabs = false;
    if (this.quote === Q.hdocBodyTabs && r === 9) {
      while (r === 9) r = this.rune();
      this.dropTabsFromLit();
      droppedTabs = true;
    }
    let lStart = this.litLenBeforeCurrent();
    const stop = this.hdocStops[this.hdocStops.length - 1];
    for (;; r = this.rune()) {
      switch (r) {
        case ESC_NEWL: case 36:
          this.val = this.endLit();
          return;
        case 92: this.rune(); continue;
        case 96: case 10: case EOF_RUNE: {
          if (r === 96 && !this.backquoteEnd()) {
            this.val = this.endLit();
            return;
          }
          if (lStart === 0 && lastTok === Tok.Lit && !droppedTabs) {
            // this line starts right after an escaped newline: it cannot end the here-doc
          } else if (lStart >= 0) {
            const all = this.litSoFar();
            const line = all.slice(lStart);
            // a null stop (already matched) matches an empty line, as a nil slice does in Go
            if (stop === null ? line === '' : line === stop) {
              this.tok = Tok.LitWord;
              this.endLit();
              this.val = all.slice(0, lStart);
              if (this.val === '' && !droppedTabs) this.tok = Tok.Newl;
              this.hdocStops[this.hdocStops.length - 1] = null;
              return;
            }
          }
          if (r !== 10) return; // unexpected EOF or closing backquote
          if (this.quote === Q.hdocBodyTabs) {
            // drop the next line's leading tabs
            const start = this.i;
            while (this.peekCode() === 9) this.rune();
            if (this.i > start) {
              this.litAcc += this.src.slice(this.litSeg, start);
              this.litSeg = this.i;
              droppedTabs = true;
            }
          }
          lStart = this.litLenBeforeCurrent() + 1;
          continue;
        }
      }
    }
  }

  /** Length of the literal so far, excluding the current rune. */
  private litLenBeforeCurrent(): number {
    return this.litAcc.length + (this.i - this.w - this.litSeg);
  }

  /** The leading tabs of a <<- line were consumed into the literal: remove them. */
  private dropTabsFromLit(): void {
    this.litAcc = '';
    this.litSeg = this.i - this.w;
  }

  /** A here-doc body whose delimiter was quoted: one literal, no expansions. */
  protected quotedHdocWord(): Lit | null {
    let r = this.r;
    this.newLit(r);
    const pos = this.nextPos();
    const stop = this.hdocStops[this.hdocStops.length - 1];
    let droppedTabs = false;
    for (;; r = this.rune()) {
      if (r === EOF_RUNE) return null;
      if (this.quote === Q.hdocBodyTabs && r === 9) {
        // <<- strips leading tabs: drop them from the literal
        const start = this.i - this.w;
        while (r === 9) r = this.rune();
        this.litAcc += this.src.slice(this.litSeg, start);
        this.litSeg = this.i - this.w;
        droppedTabs = true;
      }
      const lStart = this.litLenBeforeCurrent();
      for (;;) {
        if (r === EOF_RUNE || r === 10) break;
        if (r === 96 && this.backquoteEnd()) break;
        if (r === ESC_NEWL) {
          this.litAppend('\\\n');
          break;
        }
        r = this.rune();
      }
      const all = this.litSoFar();
      const line = r === ESC_NEWL ? all.slice(lStart, -1) : all.slice(lStart);
      if (stop !== null && line === stop) {
        this.hdocStops[this.hdocStops.length - 1] = null;
        this.endLit();
        const val = all.slice(0, lStart);
        if (val === '' && !droppedTabs) return null;
        const end = this.nextPos(); // mvdan/sh ends the body after its delimiter line
        return { type: 'Lit', Pos: pos, End: end, ValuePos: pos, ValueEnd: end, Value: val };
      }
    }
  }

  private advanceLitRe(r: number): void {
    for (this.newLit(r); ; r = this.rune()) {
      switch (r) {
        case 92: this.rune(); break;
        case 40: this.rxOpenParens++; break;
        case 41:
          if (--this.rxOpenParens < 0) {
            this.tok = Tok.LitWord;
            this.val = this.endLit();
            this.quote = Q.noState;
            return;
          }
          break;
        case 32: case 9: case 13: case 10: case 59: case 38: case 62: case 60:
          if (this.rxOpenParens <= 0) {
            this.tok = Tok.LitWord;
            this.val = this.endLit();
            this.quote = Q.noState;
            return;
          }
          break;
        case 34: case 39: case 36: case 96:
          this.tok = Tok.Lit;
          this.val = this.endLit();
          return;
        case EOF_RUNE:
          this.tok = Tok.LitWord;
          this.val = this.endLit();
          this.quote = Q.noState;
          return;
      }
    }
  }

  protected backquoteEnd(): boolean {
    return this.lastBquoteEsc < this.openBquotes;
  }

  protected stopToken(): boolean {
    switch (this.tok) {
      case Tok.EOF: case Tok.Newl: case Tok.semicolon: case Tok.and: case Tok.or: case Tok.andAnd:
      case Tok.orOr: case Tok.orAnd: case Tok.dblSemicolon: case Tok.semiAnd: case Tok.dblSemiAnd:
      case Tok.semiOr: case Tok.rightParen:
        return true;
      case Tok.bckQuote:
        return this.backquoteEnd();
    }
    return false;
  }

  protected tokStr(t: Tok): string {
    return TOK_STR[t];
  }
}
