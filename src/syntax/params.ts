// Parameter expansions: $name, ${name}, ${#name}, ${!name}, ${name[i]}, ${name:o:l},
// ${name/p/r}, ${name op word} and ${name@op}, with mvdan/sh's error texts (and its LangErrors
// for the zsh and mksh forms).

import type { ArithmExpr, Expansion, Lit, ParamExp, ParExpOperator, Replace, Word } from './ast.js';
import { finishWord } from './ends.js';
import { ESC_NEWL, EOF_RUNE, Q, isDigit, numberLiteral, paramNameRune, validName } from './lexer.js';
import { Tok, TOK_STR, goQuote, quoteTok } from './tokens.js';
import { isLitTok } from './words.js';
import { DeferredParser, isEmptySubscript } from './deferred.js';

function singleRuneParam(c: number): boolean {
  switch (c) {
    case 64: case 42: case 35: case 36: case 63: case 33: case 45: // @ * # $ ? ! -
      return true;
  }
  return isDigit(c);
}

function paramNameStartRune(c: number): boolean {
  return paramNameRune(c) || singleRuneParam(c);
}

function runeStr(r: number): string {
  if (r < 0) return '';
  return String.fromCodePoint(r);
}

/**
 * ${a/#p/r} and ${a/%p/r}: mvdan/sh keeps the anchor in Orig; the AST contract moves it to Anchor.
 * Only an unquoted, unescaped leading # or % anchors, and only after a single slash (as in bash).
 */
function splitAnchor(repl: Replace): void {
  const first = repl.Orig.Parts[0];
  if (first === undefined || first.type !== 'Lit') return;
  const c = first.Value[0];
  if (c !== '#' && c !== '%') return;
  repl.Anchor = c;
  if (first.Value.length === 1) {
    repl.Orig.Parts = repl.Orig.Parts.slice(1);
  } else {
    const pos = first.ValuePos + 1;
    repl.Orig.Parts = [{ ...first, Pos: pos, ValuePos: pos, Value: first.Value.slice(1) }, ...repl.Orig.Parts.slice(1)];
  }
  finishWord(repl.Orig);
}

/** A word with no parts at `pos`: an arithmetic operand that was left empty. */
function emptyWord(pos: number): Word {
  return { type: 'Word', Pos: pos, End: pos, Parts: [] };
}

export abstract class ParamParser extends DeferredParser {
  // ------------------------------------------------------------------ parameter expansions

  private newParamExp(): ParamExp {
    return {
      type: 'ParamExp', Pos: this.pos, End: 0, Dollar: this.pos, Rbrace: -1, Short: this.tok === Tok.dollar,
      Excl: false, Length: false, Width: false, Param: null as unknown as Lit, Index: null, Slice: null,
      Repl: null, Names: null, Exp: null,
    };
  }

  /** `$name`, `${…}`; null when a lone `$` is just a literal dollar. */
  protected paramExp(): ParamExp | null {
    if (!this.compat || this.tok !== Tok.dollBrace) return this.paramExpStrict();
    // bash parses `${x!}`, `${a[]}` … and reports a bad substitution when it expands them
    const st = this.saveState();
    const pe = this.paramExpStrict();
    if (this.err !== null) return this.canDefer() ? this.deferredParamExp(st, pe) : pe;
    if (pe !== null && isEmptySubscript(pe.Index)) pe.Invalid = this.src.slice(pe.Dollar, pe.End);
    return pe;
  }

  private paramExpStrict(): ParamExp | null {
    const old = this.quote;
    this.quote = Q.runeByRune;
    const pe = this.newParamExp();
    if (!pe.Short && this.r === 40) {
      this.langErr(pe.Dollar, 'parameter expansion flags', 'zsh');
    }
    if (!pe.Short) {
      switch (this.r) {
        case 35: // #
          if (this.paramNameStart(pe)) pe.Length = true;
          break;
        case 37: // %
          if (this.paramNameStart(pe)) {
            this.langErr(pe.Dollar, '`${%foo}`', 'mksh');
          }
          break;
        case 33: // !
          if (this.paramNameStart(pe)) pe.Excl = true;
          break;
        case 43: // +
          if (this.paramNameStart(pe)) this.langErr(pe.Dollar, '`${+foo}`', 'zsh');
          break;
      }
    }
    if (!this.paramExpParameter(pe)) {
      this.quote = old;
      return null; // just "$"
    }
    if (pe.Short) {
      this.quote = old;
      this.next();
      pe.End = pe.Param !== null ? pe.Param.End : pe.Dollar + 1;
      return pe;
    }
    if (this.r === 91) {
      if (pe.Param !== null && !validName(pe.Param.Value)) {
        this.posErr(this.nextPos(), 'cannot index a special parameter name');
      }
      this.pos = this.nextPos();
      this.rune();
      pe.Index = this.eitherIndex();
    }
    const tokRune = this.r;
    this.pos = this.nextPos();
    this.tok = this.paramToken(this.r);
    if (this.tok === Tok.rightBrace) {
      pe.Rbrace = this.pos;
      pe.End = pe.Rbrace + 1;
      this.quote = old;
      this.next();
      return pe;
    }
    if (this.tok !== Tok.EOF && pe.Length) {
      this.curErr('cannot combine multiple parameter expansion operators');
    }
    switch (this.tok) {
      case Tok.slash: case Tok.dblSlash: {
        pe.Repl = { type: 'Replace', Pos: this.pos, End: 0, All: this.tok === Tok.dblSlash, Orig: null as unknown as Word, With: null, Anchor: '' };
        this.quote = Q.paramExpRepl;
        this.next();
        const orig = this.getWord();
        pe.Repl.Orig = orig ?? this.word([]);
        if (!pe.Repl.All) splitAnchor(pe.Repl);
        this.quote = Q.paramExpExp;
        if (this.got(Tok.slash)) {
          pe.Repl.With = this.getWord();
          // `${x///}`: bash reads pattern `/` and an empty replacement, so keep the consumed
          // slash visible: an empty With, where `${x//}` has none (docs/PARSER_DIVERGENCES.md)
          if (pe.Repl.With === null && pe.Repl.All && pe.Repl.Orig.Parts.length === 0) pe.Repl.With = emptyWord(this.pos);
        }
        break;
      }
      case Tok.colon: {
        const st = this.compat ? this.saveState() : null;
        pe.Slice = { type: 'Slice', Pos: this.pos, End: 0, Offset: null as unknown as ArithmExpr, Length: null };
        let colonPos = this.pos;
        this.quote = Q.paramExpSlice;
        this.next();
        if (this.tok !== Tok.colon) {
          pe.Slice.Offset = this.followArithm(Tok.colon, colonPos) as ArithmExpr;
        }
        colonPos = this.pos;
        if (this.got(Tok.colon)) {
          // bash reads an empty length as 0 (`${a:1:}`, `${@::}`); mvdan/sh rejects it. An empty
          // Word stands for it (see docs/PARSER_DIVERGENCES.md).
          if (this.compat && (this.tok as Tok) === Tok.rightBrace) pe.Slice.Length = emptyWord(this.pos);
          else pe.Slice.Length = this.followArithm(Tok.colon, colonPos);
        }
        this.quote = old;
        pe.Rbrace = this.pos;
        pe.End = pe.Rbrace + 1;
        pe.Slice.End = pe.Rbrace;
        if (this.err === null && this.got(Tok.rightBrace)) return pe;
        if (this.err === null) this.arithmMatchingErr(pe.Dollar, Tok.dollBrace, Tok.rightBrace);
        // bash evaluates the offset and length only when it expands them (`${u:x y}` is silent
        // when u is unset): kept as raw text, as `$((x y))` is. `${x:}` stays a bad substitution.
        if (st !== null && this.src.charCodeAt(st.pos + 1) !== 125 && this.canDefer()) return this.deferredSlice(st, pe, old);
        return pe;
      }
      case Tok.caret: case Tok.dblCaret: case Tok.comma: case Tok.dblComma: case Tok.tilde: case Tok.dblTilde:
        pe.Exp = this.paramExpExp();
        break;
      case Tok.at: case Tok.star:
        if (this.tok === Tok.star && !pe.Excl) {
          this.curErr(`not a valid parameter expansion operator: ${quoteTok(this.tok)}`);
        } else if (pe.Excl && this.r === 125) {
          pe.Names = TOK_STR[this.tok] as '*' | '@';
          this.next();
        } else {
          pe.Exp = this.paramExpExp();
        }
        break;
      case Tok.plus: case Tok.colPlus: case Tok.minus: case Tok.colMinus: case Tok.quest: case Tok.colQuest:
      case Tok.assgn: case Tok.colAssgn: case Tok.perc: case Tok.dblPerc: case Tok.hash: case Tok.dblHash:
      case Tok.colHash: case Tok.colPipe: case Tok.colStar:
        pe.Exp = this.paramExpExp();
        break;
      case Tok.EOF:
        break;
      default:
        if (tokRune >= 0 && paramNameRune(tokRune)) {
          if (pe.Param !== null) this.curErr(`${goQuote(pe.Param.Value)} cannot be followed by a word`);
          else this.curErr('nested parameter expansion cannot be followed by a word');
        } else {
          this.curErr(`not a valid parameter expansion operator: ${goQuote(runeStr(tokRune))}`);
        }
    }
    if ((this.tok as Tok) !== Tok.EOF && (this.tok as Tok) !== Tok.rightBrace) this.tok = this.paramToken(this.r);
    this.quote = old;
    pe.Rbrace = this.matched(pe.Dollar, Tok.dollBrace, Tok.rightBrace);
    pe.End = pe.Rbrace + 1;
    if (pe.Exp !== null) pe.Exp.End = pe.Rbrace;
    if (pe.Repl !== null) pe.Repl.End = pe.Rbrace;
    return pe;
  }

  /** After a prefix rune like the '#' of ${#foo}: consumes it when a parameter name follows. */
  private paramNameStart(pe: ParamExp): boolean {
    const r = this.peekCode();
    if ((r >= 0 && paramNameStartRune(r)) || (!pe.Short && (r === 34 || r === EOF_RUNE))) {
      this.rune();
      return true;
    }
    return false;
  }

  /** Reads the parameter name; false when a short `$` has no valid name after it. */
  private paramExpParameter(pe: ParamExp): boolean {
    if (!pe.Short) {
      // zsh's nested forms ${"$(…)"} / ${${…}}: only errors for bash
      let quotePos = -1;
      if (this.r === 34) {
        quotePos = this.nextPos();
        this.rune();
      }
      if (this.r !== 36) {
        if (quotePos >= 0) {
          this.posErr(pe.Dollar, 'invalid nested parameter expansion');
          return true;
        }
      } else {
        const p1 = this.peekCode();
        if (p1 === 123 || p1 === 40) {
          this.pos = this.nextPos();
          this.langErr(this.pos, 'nested parameter expansions', 'zsh');
          return true;
        }
      }
    }
    if ((this.r === 63 || this.r === 45) && pe.Length && this.peekCode() !== 125) {
      // actually ${#-default}, not ${#-}
      pe.Length = false;
      const pos = this.nextPos();
      pe.Param = { type: 'Lit', Pos: pos - 1, End: pos, ValuePos: pos - 1, ValueEnd: pos, Value: '#' };
      return true;
    }
    switch (this.r) {
      case 63: case 45: case 64: case 42: case 35: case 33: case 36: { // ? - @ * # ! $
        const r = this.r;
        const pos = this.nextPos();
        this.rune();
        pe.Param = this.lit(pos, String.fromCharCode(r));
        return true;
      }
    }
    const pos = this.nextPos();
    let val: string;
    if (pe.Short && this.r >= 0 && singleRuneParam(this.r)) {
      val = String.fromCharCode(this.r);
      this.rune();
    } else {
      for (this.newLit(this.r); this.r !== EOF_RUNE; this.rune()) {
        if (!paramNameRune(this.r) && this.r !== ESC_NEWL) break;
      }
      val = this.endLit();
      if (!numberLiteral(val) && !validName(val)) {
        if (pe.Short) return false;
        this.posErr(pos, 'invalid parameter name');
      }
    }
    pe.Param = this.lit(pos, val);
    return true;
  }

  private paramExpExp(): Expansion {
    const opTok = this.tok;
    let op = TOK_STR[opTok];
    if (opTok === Tok.colHash || opTok === Tok.colPipe || opTok === Tok.colStar) {
      this.langErr(this.pos, `\${name${op}arg}`, 'zsh');
    }
    const exp: Expansion = { type: 'Expansion', Pos: this.pos, End: 0, Op: op as ParExpOperator, Word: null };
    this.quote = Q.paramExpExp;
    this.next();
    if (opTok === Tok.at) {
      if (!isLitTok(this.tok)) this.curErr('@ expansion operator requires a literal');
      switch (this.val) {
        case 'a': case 'k': case 'u': case 'A': case 'E': case 'K': case 'L': case 'P': case 'U': case 'Q':
          break;
        case '#':
          this.langErr(this.pos, 'this expansion operator', 'mksh');
          break;
        default:
          this.curErr(`invalid @ expansion operator ${goQuote(this.val)}`);
      }
    }
    op = '';
    exp.Word = this.getWord();
    return exp;
  }

}
