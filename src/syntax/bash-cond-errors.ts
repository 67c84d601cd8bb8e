// bash's messages for a `[[ … ]]` that does not parse. bash reads a conditional command with a
// recursive parser of its own (parse.y: cond_expr, cond_term) whose errors are not the grammar's
// "near unexpected token": `unexpected argument `]]' to conditional binary operator`,
// `conditional binary operator expected`, … This module replays that parser over the text after
// `[[` to find bash's message; it runs only once a script has failed to parse.
//
// bash names a token only when it is an operator, `]]` or a newline (error_token_from_token): a
// plain word gives the message without a token.

/** a token of bash's conditional parser: an operator, `]]`, a newline, a word, or the end */
interface CondTok {
  kind: 'op' | 'end' | 'nl' | 'word' | 'eof';
  text: string;
  pos: number;
}

export interface CondError {
  /** offset bash's reader was at (its line is the one named) */
  pos: number;
  /** bash's lines (none for `[[ ]]`: the script just ends) */
  lines: { pos: number; text: string; atEof?: true }[];
  /**
   * bash 5.2 exits with status 2 (not the last command's) after exactly one shape: a word
   * followed by the newline that ends the file, outside parentheses (`[[ a`)
   */
  status2: boolean;
}

// test.c's test_unop and test_binop
const UNARY = new Set('abcdefghknoprstuvwxzGLNORS'.split('').map((c) => '-' + c));
const BINARY = new Set(['=', '==', '!=', '<', '>', '=~', '-nt', '-ot', '-ef', '-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

const OPERATORS = ['&&', '||', '(', ')', '<', '>', ';', '&', '|'];
const META = /[\s;&|()<>]/;

class CondLexer {
  private i: number;
  constructor(
    private readonly src: string,
    start: number,
  ) {
    this.i = start;
  }

  /** the next token; newlines are tokens (bash's read_token) */
  read(): CondTok {
    const s = this.src;
    while (this.i < s.length && (s[this.i] === ' ' || s[this.i] === '\t')) this.i++;
    // a `#` that starts a word starts a comment, to the end of the line
    if (s[this.i] === '#') while (this.i < s.length && s[this.i] !== '\n') this.i++;
    if (this.i >= s.length) return { kind: 'eof', text: '', pos: this.i };
    const pos = this.i;
    if (s[pos] === '\n') {
      this.i++;
      return { kind: 'nl', text: 'newline', pos };
    }
    for (const op of OPERATORS) {
      if (s.startsWith(op, pos)) {
        this.i += op.length;
        return { kind: 'op', text: op, pos };
      }
    }
    this.i = wordEnd(s, pos);
    const text = s.slice(pos, this.i);
    return { kind: text === ']]' ? 'end' : 'word', text, pos };
  }

  /**
   * The word after `=~`, read as bash's read_token_word does under PST_REGEXP: `|` is part of it
   * and each `(` reads to its matching `)` whatever is in between (blanks, `]]`, newlines). A `(`
   * that the text never closes: its offset, as `{ unclosed }`.
   */
  readRegex(): CondTok | { unclosed: number } {
    const s = this.src;
    while (this.i < s.length && (s[this.i] === ' ' || s[this.i] === '\t')) this.i++;
    const pos = this.i;
    let i = pos;
    while (i < s.length) {
      const c = s[i]!;
      if (c === '(') {
        const close = matchingParen(s, i + 1);
        if (close < 0) return { unclosed: i };
        i = close + 1;
      } else if (c === '|') i++;
      else if (META.test(c)) break;
      else i = wordEnd(s, i) === i ? i + 1 : wordEnd(s, i);
    }
    if (i === pos) return this.read();
    this.i = i;
    const text = s.slice(pos, i);
    return { kind: text === ']]' ? 'end' : 'word', text, pos };
  }

  /** the next token that is not a newline (bash's cond_skip_newlines) */
  skipNewlines(): CondTok {
    let t = this.read();
    while (t.kind === 'nl') t = this.read();
    return t;
  }
}

/** end of the word at `i`: quotes, backslashes and `$(…)`/`${…}` are part of it */
export function wordEnd(s: string, i: number): number {
  while (i < s.length && !META.test(s[i]!)) {
    const c = s[i]!;
    if (c === '\\') i += 2;
    else if (c === "'") i = skipTo(s, i + 1, "'");
    else if (c === '"') i = skipTo(s, i + 1, '"');
    else if (c === '$' && (s[i + 1] === '(' || s[i + 1] === '{')) i = skipBalanced(s, i + 1);
    else i++;
  }
  return Math.min(i, s.length);
}

/** the `)` matching a `(` just before `i` (bash's parse_matched_pair), or -1 at the end of the text */
function matchingParen(s: string, i: number): number {
  let depth = 1;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') i += 2;
    else if (c === "'" || c === '"') i = skipTo(s, i + 1, c);
    else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i;
      i++;
    }
  }
  return -1;
}

function skipTo(s: string, i: number, q: string): number {
  while (i < s.length && s[i] !== q) i += s[i] === '\\' && q === '"' ? 2 : 1;
  return i + 1;
}

/** s[i] is the `(` or `{` after a `$` (wordEnd) */
function skipBalanced(s: string, i: number): number {
  const open = s[i]!;
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  for (; i < s.length; i++) {
    if (s[i] === open) depth++;
    else if (s[i] === close && --depth === 0) return i + 1;
  }
  return i;
}

/** thrown inside the replay only: the message bash prints */
class Stop {
  constructor(readonly err: CondError) {}
}

const silent = (pos: number): Stop => new Stop({ pos, lines: [], status2: false });

/** the token as error_token_from_token gives it, or null for a word */
function named(t: CondTok): string | null {
  if (t.kind === 'word' || t.kind === 'eof') return null;
  return t.text;
}

class CondReplay {
  /** bash's cond_token: the token after the last term */
  private tok: CondTok = { kind: 'eof', text: '', pos: 0 };
  private parens = 0;
  constructor(
    private readonly lx: CondLexer,
    private readonly src: string,
  ) {}

  private fail(t: CondTok, withTok: string, without: string, status2 = false): never {
    const n = named(t);
    // an error at the newline that ends the file: bash exits with status 2 (`[[ a ==<EOF>`)
    if (t.kind === 'nl' && t.pos + 1 === this.src.length) status2 = true;
    throw new Stop({ pos: t.pos, lines: [{ pos: t.pos, text: n !== null ? withTok.replace('%s', n) : without }], status2 });
  }

  expr(): void {
    this.and();
    if (this.tok.kind === 'op' && this.tok.text === '||') this.expr();
  }

  private and(): void {
    this.term();
    if (this.tok.kind === 'op' && this.tok.text === '&&') this.and();
  }

  private term(): void {
    const t = this.lx.skipNewlines();
    if (t.kind === 'end' || t.kind === 'eof') throw silent(t.pos); // COND_RETURN_ERROR: no message
    if (t.kind === 'op' && t.text === '(') {
      this.parens++;
      try {
        this.expr();
      } catch (e) {
        // the inner error leaves bash's token at COND_ERROR, which this level reports too
        if (!(e instanceof Stop)) throw e;
        e.err.lines.push({ pos: t.pos, text: "expected `)'" });
        throw e;
      }
      this.parens--;
      if (!(this.tok.kind === 'op' && this.tok.text === ')')) this.fail(this.tok, "unexpected token `%s', expected `)'", "expected `)'");
      this.tok = this.lx.skipNewlines();
      return;
    }
    if (t.kind === 'word' && t.text === '!') {
      this.term();
      return;
    }
    if (t.kind === 'word' && UNARY.has(t.text)) {
      const arg = this.lx.read();
      if (arg.kind !== 'word') this.fail(arg, "unexpected argument `%s' to conditional unary operator", 'unexpected argument to conditional unary operator');
      this.tok = this.lx.skipNewlines();
      return;
    }
    if (t.kind === 'word') {
      const op = this.lx.read();
      const isOp = (op.kind === 'word' && BINARY.has(op.text)) || (op.kind === 'op' && (op.text === '<' || op.text === '>'));
      if (!isOp) {
        if (op.kind === 'end' || (op.kind === 'op' && (op.text === '&&' || op.text === '||' || op.text === ')'))) {
          this.tok = op; // `[[ x ]]` is `[[ -n x ]]`
          return;
        }
        const atEnd = op.kind === 'nl' && op.pos + 1 === this.src.length && this.parens === 0;
        this.fail(op, "unexpected token `%s', conditional binary operator expected", 'conditional binary operator expected', atEnd);
      }
      const rhs = op.text === '=~' ? this.lx.readRegex() : this.lx.read();
      if ('unclosed' in rhs) {
        // parse_matched_pair's error, on the `(`'s line, then the conditional parser's at the end
        const eof = this.src.length;
        throw new Stop({ pos: eof, lines: [{ pos: rhs.unclosed, text: "unexpected EOF while looking for matching `)'" }, { pos: eof, text: 'unexpected argument to conditional binary operator', atEof: true }], status2: true });
      }
      if (rhs.kind !== 'word') {
        this.fail(rhs, "unexpected argument `%s' to conditional binary operator", 'unexpected argument to conditional binary operator');
      }
      this.tok = this.lx.skipNewlines();
      return;
    }
    this.fail(t, "unexpected token `%s' in conditional command", "unexpected token in conditional command");
  }

  /** after the expression: anything but `]]` is cond_error's */
  finish(): CondError | null {
    const t = this.tok;
    if (t.kind === 'end') return null;
    const n = named(t);
    const text = t.kind === 'eof' ? "unexpected EOF while looking for `]]'"
      : n !== null ? `syntax error in conditional expression: unexpected token \`${n}'` : 'syntax error in conditional expression';
    return { pos: t.pos, lines: [{ pos: t.pos, text }], status2: false };
  }
}

/**
 * bash's message for the `[[` at `start` of `src` (an empty text where bash prints none: `[[ ]]`,
 * `[[ ! ]]` just end the script), or null when bash's conditional parser accepts the expression.
 */
export function bashCondError(src: string, start: number): CondError | null {
  const replay = new CondReplay(new CondLexer(src, start + 2), src);
  try {
    replay.expr();
  } catch (e) {
    if (e instanceof Stop) return e.err;
    throw e;
  }
  return replay.finish();
}
