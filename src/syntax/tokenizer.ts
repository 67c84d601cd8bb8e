// Multi-character operators, as mvdan/sh's lexer reads them in each context: regular shell
// syntax, double quotes, parameter expansions and arithmetic.

import { EOF_RUNE, ESC_NEWL, Q, Scanner } from './scanner.js';
import { Tok } from './tokens.js';

export abstract class Tokenizer extends Scanner {
  /**
   * The rune after a `$`, past any line continuations: bash removes `\<newline>` before it
   * tokenizes, so `$\<newline>?` is `$?` (mvdan/sh reads a lone `$` there; see
   * docs/PARSER_DIVERGENCES.md).
   */
  private runeAfterDollar(): number {
    let r = this.rune();
    while (r === ESC_NEWL) r = this.rune();
    return r;
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
        switch (this.runeAfterDollar()) {
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
        switch (this.runeAfterDollar()) {
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

  /** the current rune `c` once or twice in a row: `%` / `%%`, `#` / `##`, … */
  private doubled(c: number, twice: Tok, once: Tok): Tok {
    if (this.rune() !== c) return once;
    this.rune();
    return twice;
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
      case 37: return this.doubled(37, Tok.dblPerc, Tok.perc);
      case 35: return this.doubled(35, Tok.dblHash, Tok.hash);
      case 33: this.rune(); return Tok.exclMark;
      case 93: this.rune(); return Tok.rightBrack;
      case 47: return this.doubled(47, Tok.dblSlash, Tok.slash);
      case 94: return this.doubled(94, Tok.dblCaret, Tok.caret);
      case 44: return this.doubled(44, Tok.dblComma, Tok.comma);
      // bash's case toggle ${x~} ${x~~}: only the compat pass reads it (mvdan/sh has no such operator)
      case 126: return this.compat ? this.doubled(126, Tok.dblTilde, Tok.tilde) : Tok.illegal;
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

}
