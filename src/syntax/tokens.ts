// Lexer tokens, in the same families as mvdan/sh's token set (bash variant only).
//
// Tokens below RealTokenBoundary are not shell syntax: error messages print them bare
// ("reached EOF without ..."), while real tokens are quoted (`;;`), as mvdan/sh does.

export enum Tok {
  illegal,
  EOF,
  Newl,
  Lit,
  LitWord,
  LitRedir,
  RealTokenBoundary,

  sglQuote,
  dblQuote,
  bckQuote,

  and,
  andAnd,
  orOr,
  or,
  orAnd,

  dollar,
  dollSglQuote,
  dollDblQuote,
  dollBrace,
  dollBrack,
  dollParen,
  dollDblParen,
  leftBrace,
  leftBrack,
  dblLeftBrack,
  leftParen,
  dblLeftParen,

  rightBrace,
  rightBrack,
  dblRightBrack,
  rightParen,
  dblRightParen,
  semicolon,

  dblSemicolon,
  semiAnd,
  dblSemiAnd,
  semiOr,

  exclMark,
  tilde,
  addAdd,
  subSub,
  star,
  power,
  equal,
  nequal,
  lequal,
  gequal,

  addAssgn,
  subAssgn,
  mulAssgn,
  quoAssgn,
  remAssgn,
  andAssgn,
  orAssgn,
  xorAssgn,
  shlAssgn,
  shrAssgn,

  rdrOut,
  appOut,
  rdrIn,
  rdrInOut,
  dplIn,
  dplOut,
  clbOut,
  hdoc,
  dashHdoc,
  wordHdoc,
  rdrAll,
  appAll,
  appClob,
  rdrAllClob,
  appAllClob,

  cmdIn,
  cmdOut,
  assgnParen,

  plus,
  colPlus,
  minus,
  colMinus,
  quest,
  colQuest,
  assgn,
  colAssgn,
  perc,
  dblPerc,
  hash,
  dblHash,
  caret,
  dblCaret,
  comma,
  dblComma,
  at,
  slash,
  dblSlash,
  colon,
  colHash,
  colPipe,
  colStar,
  period,

  globQuest,
  globStar,
  globPlus,
  globAt,
  globExcl,

  dblTilde, // `~~` of ${x~~}: bash's case toggle (only ever read in a parameter expansion)
}

/** How each token is written in source (and in error messages). */
export const TOK_STR: readonly string[] = (() => {
  const s: string[] = [];
  const set = (t: Tok, v: string): void => {
    s[t] = v;
  };
  set(Tok.illegal, 'illegalTok');
  set(Tok.EOF, 'EOF');
  set(Tok.Newl, 'Newl');
  set(Tok.Lit, 'Lit');
  set(Tok.LitWord, 'LitWord');
  set(Tok.LitRedir, 'LitRedir');
  set(Tok.RealTokenBoundary, '');
  const table: [Tok, string][] = [
    [Tok.sglQuote, "'"], [Tok.dblQuote, '"'], [Tok.bckQuote, '`'],
    [Tok.and, '&'], [Tok.andAnd, '&&'], [Tok.orOr, '||'], [Tok.or, '|'], [Tok.orAnd, '|&'],
    [Tok.dollar, '$'], [Tok.dollSglQuote, "$'"], [Tok.dollDblQuote, '$"'], [Tok.dollBrace, '${'],
    [Tok.dollBrack, '$['], [Tok.dollParen, '$('], [Tok.dollDblParen, '$(('],
    [Tok.leftBrace, '{'], [Tok.leftBrack, '['], [Tok.dblLeftBrack, '[['], [Tok.leftParen, '('],
    [Tok.dblLeftParen, '(('], [Tok.rightBrace, '}'], [Tok.rightBrack, ']'], [Tok.dblRightBrack, ']]'],
    [Tok.rightParen, ')'], [Tok.dblRightParen, '))'], [Tok.semicolon, ';'],
    [Tok.dblSemicolon, ';;'], [Tok.semiAnd, ';&'], [Tok.dblSemiAnd, ';;&'], [Tok.semiOr, ';|'],
    [Tok.exclMark, '!'], [Tok.tilde, '~'], [Tok.addAdd, '++'], [Tok.subSub, '--'], [Tok.star, '*'],
    [Tok.power, '**'], [Tok.equal, '=='], [Tok.nequal, '!='], [Tok.lequal, '<='], [Tok.gequal, '>='],
    [Tok.addAssgn, '+='], [Tok.subAssgn, '-='], [Tok.mulAssgn, '*='], [Tok.quoAssgn, '/='],
    [Tok.remAssgn, '%='], [Tok.andAssgn, '&='], [Tok.orAssgn, '|='], [Tok.xorAssgn, '^='],
    [Tok.shlAssgn, '<<='], [Tok.shrAssgn, '>>='],
    [Tok.rdrOut, '>'], [Tok.appOut, '>>'], [Tok.rdrIn, '<'], [Tok.rdrInOut, '<>'], [Tok.dplIn, '<&'],
    [Tok.dplOut, '>&'], [Tok.clbOut, '>|'], [Tok.hdoc, '<<'], [Tok.dashHdoc, '<<-'], [Tok.wordHdoc, '<<<'],
    [Tok.rdrAll, '&>'], [Tok.appAll, '&>>'], [Tok.appClob, '>>|'], [Tok.rdrAllClob, '&>|'], [Tok.appAllClob, '&>>|'], [Tok.cmdIn, '<('], [Tok.cmdOut, '>('], [Tok.assgnParen, '=('],
    [Tok.plus, '+'], [Tok.colPlus, ':+'], [Tok.minus, '-'], [Tok.colMinus, ':-'], [Tok.quest, '?'],
    [Tok.colQuest, ':?'], [Tok.assgn, '='], [Tok.colAssgn, ':='], [Tok.perc, '%'], [Tok.dblPerc, '%%'],
    [Tok.hash, '#'], [Tok.dblHash, '##'], [Tok.caret, '^'], [Tok.dblCaret, '^^'], [Tok.comma, ','],
    [Tok.dblComma, ',,'], [Tok.at, '@'], [Tok.slash, '/'], [Tok.dblSlash, '//'], [Tok.colon, ':'], [Tok.colHash, ':#'], [Tok.colPipe, ':|'], [Tok.colStar, ':*'],
    [Tok.period, '.'], [Tok.dblTilde, '~~'],
    [Tok.globQuest, '?('], [Tok.globStar, '*('], [Tok.globPlus, '+('], [Tok.globAt, '@('], [Tok.globExcl, '!('],
  ];
  for (const [t, v] of table) set(t, v);
  return s;
})();

/** Go's strconv.CanBackquote: what `%#q` needs to print a string between backquotes. */
function canBackquote(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x60 || c === 0xfeff) return false;
    if (c < 0x20 && c !== 0x09) return false;
    if (c === 0x7f) return false;
    if (c >= 0xd800 && c <= 0xdfff) {
      // a valid pair is printable text; a lone surrogate is not valid UTF-8
      const next = s.charCodeAt(i + 1);
      if (c < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
  }
  return true;
}

/** Go's `%#q` of a string: backquoted when possible, else a double-quoted Go literal. */
export function goQuote(s: string): string {
  if (canBackquote(s)) return '`' + s + '`';
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 0x07: out += '\\a'; break;
      case 0x08: out += '\\b'; break;
      case 0x0c: out += '\\f'; break;
      case 0x0a: out += '\\n'; break;
      case 0x0d: out += '\\r'; break;
      case 0x09: out += '\\t'; break;
      case 0x0b: out += '\\v'; break;
      case 0x22: out += '\\"'; break;
      case 0x5c: out += '\\\\'; break;
      default:
        if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
        else if (c >= 0xdc80 && c <= 0xdcff) out += '\\x' + (c - 0xdc00).toString(16).padStart(2, '0');
        else out += s[i];
    }
  }
  return out + '"';
}

/** `%#q` of a token: bare for non-syntax tokens (EOF, newline), quoted otherwise. */
export function quoteTok(t: Tok): string {
  if (t < Tok.RealTokenBoundary) return TOK_STR[t]!;
  return goQuote(TOK_STR[t]!);
}
