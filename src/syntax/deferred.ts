// The bashCompat pass's retries: constructs that bash parses and reports only when they run
// (status 1, the script goes on) and mvdan/sh's grammar rejects outright. The parser first tries
// mvdan/sh's grammar on the construct; when that fails it comes back (Scanner.saveState), finds
// where bash ends the construct (raw-scan.ts) and keeps it as raw text marked for the
// interpreter (docs/PARSER_DIVERGENCES.md):
//   $((5 +)), (( )), $[1 +]     → an ArithmExp/ArithmCmd whose X is an `Unparsed` Word
//   a[x y], m[a.b-c], a[]       → a subscript that is an `Unparsed` Word
//   ${x!}, ${%}, ${x:}, ${a[]}  → a ParamExp with `Invalid` (its text): "bad substitution"
// None of this runs in the first pass, so valid scripts never pay for it.

import type { ArithmCmd, ArithmExp, ArithmExpr, CStyleLoop, Lit, ParamExp, Word, WordPart } from './ast.js';
import { Q, type LexError, type ScanState } from './lexer.js';
import { arithClose, braceClose, bracketClose, sliceColon, topLevelSemicolons } from './raw-scan.js';
import { Tok, quoteTok } from './tokens.js';
import { WordParser } from './words.js';


function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** An Unparsed subscript that is empty (`a[]`): bash rejects it where a plain `a[ ]` is 0. */
export function isEmptySubscript(x: ArithmExpr | null): boolean {
  return x !== null && x.type === 'Word' && x.Unparsed === true && x.Parts.length === 0;
}

export abstract class DeferredParser extends WordParser {
  /** Whether the construct that just failed may be retried the bash way. */
  protected canDefer(): boolean {
    if (!this.compat) return false;
    if (this.deferrals++ === 0) this.reread = 0; // the first retry in this script
    return this.reread <= this.rereadBudget();
  }

  /**
   * Counts the text the retries read again. Nested failing constructs are each read more than
   * once (the outer retry reads the inner ones again); past twice the script's length the pass
   * gives up (mvdan/sh's error stands), so its cost stays linear in the script.
   */
  private spend(chars: number): boolean {
    this.reread += chars;
    return this.reread <= this.rereadBudget();
  }

  private rereadBudget(): number {
    return 2 * this.src.length + 4096;
  }

  private reread = 0;

  /**
   * Back to `st` after a failure; returns the error to re-raise if the retry is not possible.
   * The deferred… methods call it, each only where this.err is set.
   */
  protected backTo(st: ScanState): LexError {
    const err = this.err!;
    this.restoreState(st);
    return err;
  }

  /** Gives up a retry: the construct fails as mvdan/sh said. */
  protected fail(err: LexError): void {
    if (this.err !== null) return;
    this.posErr(err.pos, err.text, err.open);
    // bash names the token the first attempt stopped at, not where the lexer stands now
    const e = this.err as LexError | null;
    if (e !== null) {
      e.tok = err.tok;
      e.val = err.val;
      e.tokPos = err.tokPos;
    }
  }

  /** Goes on lexing at `i` (just after a construct read raw), in the quote state restored. */
  protected resumeAt(i: number): void {
    if (this.err !== null) return;
    this.i = i;
    this.r = 0;
    this.w = 0;
    this.rune();
    this.next();
  }

  /**
   * The text [from, end) as an Unparsed Word: from its first non-blank character, with the
   * expansions in it parsed (bash expands them before it evaluates the text) and every other
   * character kept as written.
   */
  protected rawWord(from: number, end: number): Word {
    let start = from;
    while (start < end && isBlank(this.src.charCodeAt(start))) start++;
    const word: Word = { type: 'Word', Pos: start, End: end, Parts: [], Unparsed: true };
    if (start === end) return word;
    const oldQuote = this.quote;
    // the text ends the input for a moment: the lexer reads every character up to `end`
    this.n = end;
    this.i = start;
    this.r = 0;
    this.w = 0;
    this.quote = Q.paramExpExp; // blanks kept; quotes and expansions are parts
    this.rune();
    this.next();
    const mark = this.top;
    while (this.err === null) {
      const parts = this.wordParts();
      for (const p of parts) this.spush(p);
      if (this.tok !== Tok.rightBrace) break;
      // `}` ends a ${…} word in this quote state; here it is just a character
      const brace: Lit = { type: 'Lit', Pos: this.pos, End: this.pos + 1, ValuePos: this.pos, ValueEnd: this.pos + 1, Value: '}' };
      this.spush(brace);
      this.next();
    }
    // anything left unread (no such token is known) fails the construct rather than dropping text
    if (this.err === null && this.tok !== Tok.EOF) this.curErr(`unexpected ${quoteTok(this.tok)} in text read as is`);
    word.Parts = this.collectFresh<WordPart>(mark);
    this.quote = oldQuote;
    this.n = this.src.length;
    return word;
  }

  /** `$((…))` or `$[…]` that failed from `st`: the raw text, or the error kept. */
  protected deferredArithmExp(st: ScanState, failed: ArithmExp): ArithmExp {
    const err = this.backTo(st);
    const bracket = this.tok === Tok.dollBrack;
    const from = this.pos + (bracket ? 2 : 3);
    const close = bracket ? bracketClose(this.src, from) : arithClose(this.src, from);
    if (close < 0 || !this.spend(close - from)) {
      this.fail(err);
      return failed;
    }
    const left = this.pos;
    const x = this.rawWord(from, close);
    const end = close + (bracket ? 1 : 2);
    this.resumeAt(end);
    return { type: 'ArithmExp', Pos: left, End: end, Left: left, Right: close, Bracket: bracket, Unsigned: false, X: x };
  }

  /** `((…))` that failed from `st`: an ArithmCmd of the raw text, or the error kept. */
  protected deferredArithmCmd(st: ScanState, failed: ArithmCmd): ArithmCmd {
    const err = this.backTo(st);
    const left = this.pos;
    const close = arithClose(this.src, left + 2);
    if (close < 0 || !this.spend(close - left)) {
      this.fail(err);
      return failed;
    }
    const x = this.rawWord(left + 2, close);
    this.resumeAt(close + 2);
    return { type: 'ArithmCmd', Pos: left, End: close + 2, Left: left, Right: close, Unsigned: false, X: x };
  }

  /** `for ((…; …; …))` that failed from `st` (at `((`): each expression as raw text, or null. */
  protected deferredCStyleLoop(st: ScanState): CStyleLoop | null {
    const err = this.backTo(st);
    const left = this.pos;
    const close = arithClose(this.src, left + 2);
    const semis = close < 0 || !this.spend(close - left) ? [] : topLevelSemicolons(this.src, left + 2, close);
    if (semis.length !== 2) {
      this.fail(err);
      return null;
    }
    const [a, b] = semis as [number, number];
    const part = (from: number, to: number): Word | null => {
      const w = this.rawWord(from, to);
      // an empty part is an omitted expression, as in a loop that parses
      return w.Parts.every((p) => p.type === 'Lit' && p.Value.trim() === '') ? null : trimmed(w);
    };
    const cl: CStyleLoop = {
      type: 'CStyleLoop', Pos: left, End: close + 2, Lparen: left, Rparen: close,
      Init: part(left + 2, a), Cond: part(a + 1, b), Post: part(b + 1, close),
    };
    this.resumeAt(close + 2);
    return cl;
  }

  /** A subscript (its text starts at `from`, after `[`) that failed from `st`: the raw text, lexer after `]`. */
  protected deferredSubscript(st: ScanState, from: number): Word | null {
    const err = this.backTo(st);
    const close = bracketClose(this.src, from);
    if (close < 0 || !this.spend(close - from)) {
      this.fail(err);
      return null;
    }
    const x = this.rawWord(from, close);
    this.resumeAt(close + 1);
    return x;
  }

  /**
   * The slice of `pe` (`${x:off:len}`, `st` at its first `:`) that failed: its offset and length as
   * raw text, the lexer after the `}`; `pe` as it failed when no `}` closes it.
   */
  protected deferredSlice(st: ScanState, pe: ParamExp, quote: number): ParamExp {
    const err = this.backTo(st);
    const colon = this.pos;
    const close = braceClose(this.src, colon);
    if (close < 0 || !this.spend(close - colon)) {
      this.fail(err);
      return pe;
    }
    const second = sliceColon(this.src, colon + 1, close);
    const slice = pe.Slice!; // params.ts calls this for the Slice it just made
    slice.Offset = this.rawWord(colon + 1, second < 0 ? close : second);
    slice.Length = second < 0 ? null : this.rawWord(second + 1, close);
    slice.End = close;
    pe.Rbrace = close;
    pe.End = close + 1;
    this.quote = quote;
    this.resumeAt(close + 1);
    return pe;
  }

  /** `${…}` that failed from `st`: a ParamExp that fails with "bad substitution" when expanded. */
  protected deferredParamExp(st: ScanState, failed: ParamExp | null): ParamExp | null {
    const err = this.backTo(st);
    const dollar = this.pos;
    const close = braceClose(this.src, dollar + 2);
    if (close < 0 || !this.spend(close - dollar)) {
      this.fail(err);
      return failed;
    }
    this.resumeAt(close + 1);
    return invalidParamExp(this.src, dollar, close);
  }
}

/**
 * A part of `for ((…))` ends at its `;`, so its trailing blanks belong to no expression: bash's
 * message quotes the expression without them (`((: i<2 +: syntax error …`).
 */
function trimmed(w: Word): Word {
  const last = w.Parts[w.Parts.length - 1];
  if (last === undefined || last.type !== 'Lit') return w;
  const value = last.Value.replace(/[ \t\r\n]+$/, '');
  if (value === last.Value) return w;
  const end = last.ValuePos + value.length;
  const parts = value === '' ? w.Parts.slice(0, -1) : [...w.Parts.slice(0, -1), { ...last, Value: value, End: end, ValueEnd: end }];
  return { ...w, Parts: parts, End: parts.length > 0 ? parts[parts.length - 1]!.End : w.Pos };
}

/** `${…}` from `dollar` to the `}` at `close`, which bash reports as a bad substitution. */
export function invalidParamExp(src: string, dollar: number, close: number): ParamExp {
  const name: Lit = { type: 'Lit', Pos: dollar + 2, End: dollar + 2, ValuePos: dollar + 2, ValueEnd: dollar + 2, Value: '' };
  return {
    type: 'ParamExp', Pos: dollar, End: close + 1, Dollar: dollar, Rbrace: close, Short: false, Excl: false,
    Length: false, Width: false, Param: name, Index: null, Slice: null, Repl: null, Names: null, Exp: null,
    Invalid: src.slice(dollar, close + 1),
  };
}
