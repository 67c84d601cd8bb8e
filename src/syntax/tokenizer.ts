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

  /** the operator starting at `r`, which must start one in `table` (the callers check) */
  private op(table: OpNode, r: number): Tok {
    return this.longest(table.next[r]!, this.rune());
  }

  /** from `node` (its characters read), the longest operator `c` and the runes after it extend */
  private longest(node: OpNode, c: number): Tok {
    for (;;) {
      const next = c < 128 ? node.next[c] : undefined;
      if (next === undefined) return node.tok;
      node = next;
      c = this.rune();
    }
  }

  protected regToken(r: number): Tok {
    switch (r) {
      case 96: return Tok.bckQuote; // the parser consumes it, to track backquote depth first
      case 36: return this.longest(REG_TRIE.next[36]!, this.runeAfterDollar());
      case 40: // `((` opens arithmetic, except inside [[ ]]
        if (this.quote === Q.testExpr) {
          this.rune();
          return Tok.leftParen;
        }
        return this.op(REG_TRIE, r);
      default: return this.op(REG_TRIE, r);
    }
  }

  protected dqToken(r: number): Tok {
    switch (r) {
      case 34: this.rune(); return Tok.dblQuote;
      case 96: return Tok.bckQuote;
      default: return this.longest(DQ_DOLLAR, this.runeAfterDollar()); // $
    }
  }

  protected paramToken(r: number): Tok {
    if (r < 128 && PARAM_TRIE.next[r] !== undefined) return this.op(PARAM_TRIE, r);
    // bash's case toggle ${x~} ${x~~}: only the compat pass reads it (mvdan/sh has no such operator)
    if (r === 126 && this.compat) return this.longest(TILDES, this.rune());
    return r === EOF_RUNE ? Tok.EOF : Tok.illegal;
  }

  protected arithmToken(r: number): Tok {
    if (r < 128 && ARITH_TRIE.next[r] !== undefined) return this.op(ARITH_TRIE, r);
    this.rune();
    return Tok.period; // '.', the one character left
  }
}

/**
 * The operators of one context as a trie over character codes. Every prefix of an operator is an
 * operator too (`<<-`: `<<`, `<`), so the longest match needs no backtracking: mvdan/sh's lexer
 * reads them the same way, one switch per character.
 */
interface OpNode {
  tok: Tok;
  next: (OpNode | undefined)[];
}

function opTrie(ops: Readonly<Record<string, Tok>>): OpNode {
  const root: OpNode = { tok: Tok.illegal, next: [] };
  // shorter first, so each node exists with its token before a longer operator passes through it
  for (const text of Object.keys(ops).sort((x, y) => x.length - y.length)) {
    let node = root;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let next = node.next[c];
      if (next === undefined) node.next[c] = next = { tok: Tok.illegal, next: [] };
      node = next;
    }
    node.tok = ops[text]!;
  }
  return root;
}

/** `$` and what may follow it, in regular words and in double quotes */
const DOLLAR_OPS: Readonly<Record<string, Tok>> = {
  $: Tok.dollar, '${': Tok.dollBrace, '$[': Tok.dollBrack, '$(': Tok.dollParen, '$((': Tok.dollDblParen,
};

const REG_TRIE = opTrie({
  ...DOLLAR_OPS, "$'": Tok.dollSglQuote, '$"': Tok.dollDblQuote,
  "'": Tok.sglQuote, '"': Tok.dblQuote,
  '&': Tok.and, '&&': Tok.andAnd, '&>': Tok.rdrAll, '&>|': Tok.rdrAllClob, '&>>': Tok.appAll, '&>>|': Tok.appAllClob,
  '|': Tok.or, '||': Tok.orOr, '|&': Tok.orAnd,
  '(': Tok.leftParen, '((': Tok.dblLeftParen, ')': Tok.rightParen,
  ';': Tok.semicolon, ';;': Tok.dblSemicolon, ';;&': Tok.dblSemiAnd, ';&': Tok.semiAnd,
  '<': Tok.rdrIn, '<<': Tok.hdoc, '<<-': Tok.dashHdoc, '<<<': Tok.wordHdoc, '<>': Tok.rdrInOut, '<&': Tok.dplIn, '<(': Tok.cmdIn,
  '>': Tok.rdrOut, '>>': Tok.appOut, '>>|': Tok.appClob, '>&': Tok.dplOut, '>|': Tok.clbOut, '>(': Tok.cmdOut,
});

/** inside double quotes: from the `$` on (its node in a trie of its own) */
const DQ_DOLLAR = opTrie(DOLLAR_OPS).next[36]!;

const PARAM_TRIE = opTrie({
  '}': Tok.rightBrace,
  ':': Tok.colon, ':+': Tok.colPlus, ':-': Tok.colMinus, ':?': Tok.colQuest, ':=': Tok.colAssgn,
  ':#': Tok.colHash, ':|': Tok.colPipe, ':*': Tok.colStar,
  '+': Tok.plus, '-': Tok.minus, '?': Tok.quest, '=': Tok.assgn, '!': Tok.exclMark, ']': Tok.rightBrack,
  '%': Tok.perc, '%%': Tok.dblPerc, '#': Tok.hash, '##': Tok.dblHash, '/': Tok.slash, '//': Tok.dblSlash,
  '^': Tok.caret, '^^': Tok.dblCaret, ',': Tok.comma, ',,': Tok.dblComma, '@': Tok.at, '*': Tok.star,
});

const TILDES = opTrie({ '~': Tok.tilde, '~~': Tok.dblTilde }).next[126]!;

const ARITH_TRIE = opTrie({
  '!': Tok.exclMark, '!=': Tok.nequal, '=': Tok.assgn, '==': Tok.equal, '~': Tok.tilde, '(': Tok.leftParen, ')': Tok.rightParen,
  '&': Tok.and, '&&': Tok.andAnd, '&=': Tok.andAssgn, '|': Tok.or, '||': Tok.orOr, '|=': Tok.orAssgn,
  '<': Tok.rdrIn, '<<': Tok.hdoc, '<<=': Tok.shlAssgn, '<=': Tok.lequal,
  '>': Tok.rdrOut, '>>': Tok.appOut, '>>=': Tok.shrAssgn, '>=': Tok.gequal,
  '+': Tok.plus, '++': Tok.addAdd, '+=': Tok.addAssgn, '-': Tok.minus, '--': Tok.subSub, '-=': Tok.subAssgn,
  '%': Tok.perc, '%=': Tok.remAssgn, '*': Tok.star, '**': Tok.power, '*=': Tok.mulAssgn,
  '/': Tok.slash, '/=': Tok.quoAssgn, '^': Tok.caret, '^^': Tok.dblCaret, '^=': Tok.xorAssgn,
  '[': Tok.leftBrack, ']': Tok.rightBrack, ',': Tok.comma, '?': Tok.quest, ':': Tok.colon, '#': Tok.hash,
});
