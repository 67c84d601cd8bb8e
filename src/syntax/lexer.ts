// The lexer: turns the scanner's runes into tokens according to the quote state, following
// mvdan/sh's lexer so that token boundaries, error positions and corner cases (line
// continuations, backquote escapes, NUL bytes, here-doc delimiters) agree with it.

import type { Lit } from './ast.js';
import {
  ALL_ARITHM, ALL_KEEP_SPACES, ALL_PARAM_EXP, ALL_REG_TOKENS, ARITHM_OPS, EOF_RUNE, ESC_NEWL, PARAM_OPS,
  PLAIN_DQ, PLAIN_NONE, Q, REG_OPS, numberLiteral, validName,
} from './scanner.js';
import { Tok } from './tokens.js';
import { Tokenizer } from './tokenizer.js';
import { bracketClose } from './raw-scan.js';

export * from './scanner.js';

export abstract class Lexer extends Tokenizer {
  /** set by a comment: the token is still to be read */
  private relex = false;

  protected abstract doHeredocs(): void;

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
        if (this.relex) {
          this.relex = false;
          if (this.r === EOF_RUNE) {
            this.tok = Tok.EOF;
            return;
          }
          this.spaced = false;
          r = this.r;
          while (r === ESC_NEWL) r = this.rune();
          continue;
        }
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
        this.relex = true; // next() goes on with the token after the comment (a loop: comments can be many)
        return;
      }
      case 91: // [
        // in `x=( … )` a `[` opens `[k]=v` only when `]=` or `]+=` closes it; else (`[ab]*`,
        // `[a]`) it starts a word, a glob for bash (assign_compound_array_list)
        if (this.quote === Q.arrayElems && (!this.compat || isElemIndex(this.src, this.pos))) {
          this.rune();
          this.tok = Tok.leftBrack;
        } else this.advanceLitNone(r);
        return;
      case 61: // =
        if (this.peekCode() === 40) {
          this.rune();
          this.rune();
          this.tok = Tok.assgnParen;
        } else if (this.quote === Q.arrayElems && (!this.compat || this.src.charCodeAt(this.pos - 1) === 93)) {
          // the `=` of `[k]=v`; elsewhere (`=e`) it starts a word, as in bash
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
        if (r === 36 && this.src.charCodeAt(this.i - this.w - 1) === 10 && this.stopLineAt(this.i - this.w)) this.advanceLitHdoc(r);
        else if (r === 96 || r === 36) this.tok = this.dqToken(r);
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

  /**
   * Whether `?(`, `*(`, … start an extended glob here (not `@()`, likely a function, except inside
   * `[[ ]]`, where bash matches it as the empty pattern and mvdan/sh fails: see
   * docs/PARSER_DIVERGENCES.md).
   */
  private extendedGlob(): boolean {
    if (this.val === 'function') return false;
    if (this.peekCode() === 40) return this.peekCode2() !== 41 || (this.compat && this.quote === Q.testExpr);
    return false;
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
          if (this.eqlOffs < 0) this.eqlOffs = this.litLenBeforeCurrent();
          break;
        case 91:
          // a[ inside a word: stop, so that a[i]=x can be an assignment
          if (this.litLenBeforeCurrent() > 0 && this.litFirst() !== 91) {
            tok = Tok.Lit;
            break loop;
          }
          break;
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
    // the current line is the raw text of a bash-compat stop such as `${a}`: no expansions in it
    let rawStop = false;
    for (;; r = this.rune()) {
      switch (r) {
        case 36:
          if (rawStop || (lStart >= 0 && this.stopLineAt(this.i - this.w, this.litFrom(lStart)))) {
            rawStop = true;
            continue;
          }
          this.val = this.endLit();
          return;
        case ESC_NEWL:
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
            const line = this.litFrom(lStart);
            // a null stop (already matched) matches an empty line, as a nil slice does in Go
            if (stop === null ? line === '' : line === stop) {
              const all = this.litSoFar();
              this.tok = Tok.LitWord;
              this.endLit();
              this.val = all.slice(0, lStart);
              if (this.val === '' && !droppedTabs) this.tok = Tok.Newl;
              this.hdocStops[this.hdocStops.length - 1] = null;
              return;
            }
          }
          if (r !== 10) {
            // unexpected EOF or closing backquote; at EOF the compat pass may keep the body
            if (r === EOF_RUNE && this.compat && this.heredocsToEOF) this.val = this.endLit();
            return;
          }
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
          rawStop = false;
          continue;
        }
      }
    }
  }

  /**
   * Whether the here-doc line whose text so far is `linePrefix`, going on at src index `at` with a
   * `$`, is exactly the current stop: only a bash-compat delimiter holding an expansion
   * (`cat <<${a}`, `<<x$a`) gives a stop with a `$`, and bash matches its closing line by raw text.
   */
  private stopLineAt(at: number, linePrefix = ''): boolean {
    const stop = this.hdocStops[this.hdocStops.length - 1];
    if (stop === null || stop === undefined || !stop.startsWith(linePrefix)) return false;
    const rest = stop.slice(linePrefix.length);
    if (rest.charCodeAt(0) !== 36 || !this.src.startsWith(rest, at)) return false;
    const end = at + rest.length;
    const c = this.src.charCodeAt(end);
    return end >= this.src.length || c === 10 || (c === 13 && this.src.charCodeAt(end + 1) === 10);
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
      const whole = this.litFrom(lStart);
      const line = r === ESC_NEWL ? whole.slice(0, -1) : whole;
      if (stop !== null && line === stop) {
        const all = this.litSoFar();
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
}


/** the `[` at `at` of an array literal opens a subscript followed by `=` or `+=` */
function isElemIndex(src: string, at: number): boolean {
  // inside a word (`a[`, `*[`): a character of that word
  const before = src.charCodeAt(at - 1);
  if (before !== 40 && before !== 32 && before !== 9 && before !== 10) return false;
  const close = bracketClose(src, at + 1);
  if (close < 0) return true; // unclosed: the index path reports it as before
  const next = src.charCodeAt(close + 1);
  return next === 61 || (next === 43 && src.charCodeAt(close + 2) === 61);
}
