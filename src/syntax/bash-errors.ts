// bash's words for a syntax error. The parser follows mvdan/sh's grammar and keeps its messages
// (tests compare them with sh-syntax); this module says what bash 5.2 prints for the same script,
// from the token the parser stood on when it gave up. bash has three families:
//
//   syntax error near unexpected token `TOK'   + the text of the line holding TOK
//   syntax error: unexpected end of file       (an unfinished compound, `&&` at the end, …)
//   unexpected EOF while looking for matching `"'   (an unclosed quote, `$(`, `${`, …)
//
// and the conditional-expression errors of `[[ ]]`. The line is the one bash's reader was on:
// bash reads a script as if it ended with a newline, so the end of file is on the line after the
// last newline (a file that ends with one does not start another line).

import { bashCondError, wordEnd } from './bash-cond-errors.js';
import { Q, type LexError } from './scanner.js';
import { Tok, TOK_STR } from './tokens.js';

export interface BashSyntaxError {
  /** 1-based line bash names */
  line: number;
  /** the message after `line N: ` */
  text: string;
  /** the line bash quotes on a second line (`line N: \`…'`), or null when it prints none */
  quoted: string | null;
  /** further messages bash prints after it (nested `[[ ( … ) ]]` errors), each with its line */
  more?: { line: number; text: string }[];
  /** the script's exit status: 2, except where bash keeps the last command's status */
  status: number;
  /** a limit of rshell's (too large, too deep), not a syntax error: its own words stand */
  limit?: boolean;
  /**
   * Where the parse stopped and whether more lines could have completed the text, as bash reads
   * it: set when these differ from the ParseError's own (mvdan/sh stopped earlier, at a construct
   * bash takes, like `${x~~}`). The REPL and chunks.ts ask.
   */
  stop?: { offset: number; incomplete: boolean };
}

/** rshell's own limits, reported by the parser like syntax errors */
const LIMITS = /^(script too large|nesting too deep)/;

/** bash's closing character for each construct its reader matches as text */
const CLOSERS: ReadonlyMap<Tok, string> = new Map([
  [Tok.sglQuote, "'"],
  [Tok.dollSglQuote, "'"],
  [Tok.dblQuote, '"'],
  [Tok.dollDblQuote, '"'],
  [Tok.bckQuote, '`'],
  [Tok.dollParen, ')'],
  [Tok.dollDblParen, ')'],
  [Tok.cmdIn, ')'],
  [Tok.cmdOut, ')'],
  [Tok.dollBrace, '}'],
  [Tok.dollBrack, ']'],
]);

/**
 * Constructs bash matches by scanning to their closer, whose error names the line they start on
 * (parse_matched_pair); `$(` and `<(` are parsed as commands and name the line the end of file is on.
 */
const NAMES_START_LINE: ReadonlySet<Tok> = new Set([
  Tok.sglQuote, Tok.dollSglQuote, Tok.dblQuote, Tok.dollDblQuote, Tok.bckQuote, Tok.dollBrace, Tok.dollBrack,
  Tok.dollDblParen,
]);

/**
 * mvdan/sh's messages for a word missing where bash's grammar takes no newline either: at the end
 * of the script bash's reader still returns the newline it adds, and names that (`echo >`,
 * `case`, `for`). Elsewhere (`&&`, `case x`, `f()`) a newline may come and the end of file is what
 * bash refuses.
 */
const WANTS_WORD = /^`(case|[<>&|0-9{}a-zA-Z_]*[<>][<>&|-]*)` must be followed by a word$|^`(for|select)` must be followed by a literal$|^`function` must be followed by a name$/;

function lineOf(src: string, pos: number): number {
  let line = 1;
  for (let i = src.indexOf('\n'); i >= 0 && i < pos; i = src.indexOf('\n', i + 1)) line++;
  return line;
}

function lineText(src: string, line: number): string {
  let start = 0;
  for (let l = 1; l < line; l++) start = src.indexOf('\n', start) + 1;
  const end = src.indexOf('\n', start);
  return src.slice(start, end < 0 ? src.length : end);
}

/** the line bash's reader is on at the end of `src` */
export function eofLine(src: string): number {
  let n = 0;
  for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) n++;
  return src.endsWith('\n') ? n + 1 : n + 2;
}

/**
 * `function (` or `function {`: bash takes a `{` as the name and then wants `(`, a newline or a
 * compound command; a `(` is no name at all
 */
function anonymousFunction(src: string, err: LexError): BashSyntaxError {
  let i = err.pos + 'function'.length;
  const blanks = (): void => {
    while (src[i] === ' ' || src[i] === '\t') i++;
  };
  blanks();
  if (src[i] === '{') {
    i++;
    blanks();
  }
  let end = i;
  while (end < src.length && !/[\s;&|()<>]/.test(src[end]!)) end++;
  const tok = src[i] === '\n' || i >= src.length ? '' : end > i ? src.slice(i, end) : src[i]!;
  return near(src, { ...err, tok: tok === '' ? Tok.Newl : Tok.LitWord, val: tok, tokPos: i }, lineOf(src, i));
}

/**
 * Arithmetic cut short by the end of file (`$((1+`, `$[1+`, `((1+`): bash reads these to their
 * closer as text, so it names the closer, on the line of the innermost opener.
 */
function arithmEOF(src: string, err: LexError): BashSyntaxError {
  const brack = src.lastIndexOf('$[', err.pos);
  const paren = src.lastIndexOf('((', err.pos);
  const closer = brack > paren ? ']' : ')';
  const open = Math.max(brack, paren);
  return { line: lineOf(src, open < 0 ? err.pos : open), text: `unexpected EOF while looking for matching \`${closer}'`, quoted: null, status: 2 };
}

/** the `(` at `pos` opens an array value (`a=(`, `a+=(`) */
function isArrayOpen(src: string, pos: number): boolean {
  return src[pos - 1] === '=';
}

/** the token as bash prints it */
function tokenText(err: LexError): string {
  switch (err.tok) {
    case Tok.Newl: case Tok.EOF: return 'newline';
    case Tok.Lit: case Tok.LitWord: case Tok.LitRedir: return err.val;
    default: return TOK_STR[err.tok] ?? err.val;
  }
}

/** tokens that start a word of several parts: bash names the whole word (`"a"b`, `${x}y`) */
const WORD_STARTS = new Set([
  Tok.Lit, Tok.dblQuote, Tok.sglQuote, Tok.dollSglQuote, Tok.dollDblQuote, Tok.dollBrace, Tok.dollar, Tok.bckQuote,
  Tok.dollParen, Tok.dollDblParen, Tok.dollBrack,
]);

function near(src: string, err: LexError, line: number): BashSyntaxError {
  const tok = WORD_STARTS.has(err.tok) && src.startsWith(tokenText(err), err.tokPos) ? src.slice(err.tokPos, wordEnd(src, err.tokPos)) || tokenText(err) : tokenText(err);
  return { line, text: `syntax error near unexpected token \`${tok}'`, quoted: lineText(src, line), status: 2 };
}

function endOfFile(src: string): BashSyntaxError {
  return { line: eofLine(src), text: 'syntax error: unexpected end of file', quoted: null, status: 2 };
}

/** bash's message for an error inside the `[[` at `start`, or null to word it as any other */
function condError(src: string, start: number): BashSyntaxError | null {
  const c = bashCondError(src, start);
  if (c === null) return null;
  // bash's conditional parser names each line itself and quotes none; the script then ends with
  // the last command's status (nothing ran: 0)
  const [first, ...rest] = c.lines;
  const err: BashSyntaxError = { line: lineOf(src, first?.pos ?? c.pos), text: first?.text ?? '', quoted: null, status: c.status2 ? 2 : 0 };
  if (rest.length > 0) err.more = rest.map((l) => ({ line: l.atEof ? eofLine(src) : lineOf(src, l.pos), text: l.text }));
  return err;
}

/** bash's message for the parse error `err` of `src` */
export function bashSyntaxError(src: string, err: LexError): BashSyntaxError {
  if (LIMITS.test(err.text)) return { line: lineOf(src, err.pos), text: err.text, quoted: null, status: 2, limit: true };
  const closer = err.open !== undefined ? CLOSERS.get(err.open) : undefined;
  if (err.cond >= 0 && closer === undefined) {
    const c = condError(src, err.cond);
    if (c !== null) return c;
  }
  if (err.open === Tok.leftParen && isArrayOpen(src, err.pos)) {
    // `a=(…` is read to its `)` as text; bash then ends the script with status 1
    return { line: lineOf(src, err.pos), text: "unexpected EOF while looking for matching `)'", quoted: null, status: 1 };
  }
  if (err.text.startsWith('not a valid parameter expansion operator') && src.indexOf('}', err.tokPos) < 0) {
    // bash reads `${` to its `}` as text: without one, the end of file is the error
    const open = src.lastIndexOf('${', err.tokPos);
    return { line: lineOf(src, open < 0 ? err.pos : open), text: "unexpected EOF while looking for matching `}'", quoted: null, status: 2 };
  }
  if (err.tok === Tok.EOF && (err.quote & (Q.arithmExpr | Q.arithmExprCmd)) !== 0) return arithmEOF(src, err);
  if (err.text.startsWith('anonymous functions')) return anonymousFunction(src, err);
  if (err.text === '`foo()` must be followed by a statement' && src[err.pos] === '(') {
    // `()` alone: mvdan/sh reads a function without a name, bash a subshell closed too soon
    const close = src.indexOf(')', err.pos);
    return near(src, { ...err, tok: Tok.rightParen, tokPos: close }, lineOf(src, close));
  }
  if (closer !== undefined) {
    const line = err.open !== undefined && NAMES_START_LINE.has(err.open) ? lineOf(src, err.pos) : eofLine(src);
    return { line, text: `unexpected EOF while looking for matching \`${closer}'`, quoted: null, status: 2 };
  }
  if (err.tok === Tok.EOF) {
    if (WANTS_WORD.test(err.text)) return near(src, err, Math.max(1, eofLine(src) - 1));
    return endOfFile(src);
  }
  return near(src, err, lineOf(src, err.tokPos));
}
