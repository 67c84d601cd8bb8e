// Public entry points of the bash parser.

import type { ArithmExpr, File } from './ast.js';
import { bashSyntaxError, type BashSyntaxError } from './bash-errors.js';
import { Parser } from './parser.js';
import type { LexError } from './scanner.js';
import { lineAt, lineCol, lineStarts } from './positions.js';

export * from './ast.js';
export { lineCol, utf8Len } from './positions.js';
export type { BashSyntaxError } from './bash-errors.js';

export interface ParseOptions {
  /** Largest accepted script, in UTF-16 code units (default 5 MiB). */
  maxBytes?: number;
  /** Deepest nesting of statements, words and expressions (default 500). */
  maxDepth?: number;
  /** Most syntax nodes (statements, words, expressions…) in all (default: no limit). */
  maxNodes?: number;
  /** File name, kept in File.Name and prefixed to error messages. */
  name?: string;
  /**
   * When mvdan/sh's grammar rejects the script, try again accepting the constructs bash runs and
   * mvdan/sh refuses (docs/PARSER_DIVERGENCES.md); the error stays mvdan/sh's if that fails too.
   * Default true; false gives mvdan/sh's answer exactly.
   */
  bashCompat?: boolean;
  /**
   * With bashCompat: a here-doc whose delimiter line never comes takes the rest of the script as
   * its body and its Redirect carries bash's `Warning`, as bash does for a script. Off by default,
   * so that text typed at a prompt with an open here-doc stays `incomplete` (the REPL waits for
   * more lines); the Runner turns it on for scripts.
   */
  heredocsToEOF?: boolean;
}

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 500;

/**
 * A syntax error, with mvdan/sh's text and position (`message` is `line:col: text`, as sh-syntax
 * says it) and bash's words for it (`bash`, `bashMessage()`: what scripts see).
 */
export class ParseError extends Error {
  /** the error text without position */
  readonly text: string;
  /** 1-based line */
  readonly line: number;
  /** 1-based column, in UTF-8 bytes */
  readonly col: number;
  /** JS string offset of the error */
  readonly offset: number;
  /** true when more input could have completed the script (unclosed quote, trailing `|`, …) */
  readonly incomplete: boolean;
  /** what bash 5.2 says about the same script: its line, message, quoted line and exit status */
  readonly bash: BashSyntaxError;

  constructor(text: string, line: number, col: number, offset: number, incomplete: boolean, name = '', bash?: BashSyntaxError) {
    super(`${name !== '' ? name + ':' : ''}${line}:${col}: ${text}`);
    this.name = 'ParseError';
    this.text = text;
    this.line = line;
    this.col = col;
    this.offset = offset;
    this.incomplete = incomplete;
    this.bash = bash ?? { line, text, quoted: null, status: 2, limit: true };
  }

  /**
   * bash's lines without its `NAME: ` prefix and without the final newline:
   * `line N: syntax error near unexpected token \`)'` then `line N: \`echo )'`. `lineBase` is
   * added to the line (the line an eval'd text starts after). Empty where bash prints nothing;
   * mvdan/sh-style `message` for rshell's own limits (script too large, nesting too deep).
   */
  bashMessage(lineBase = 0): string {
    if (this.bash.limit === true) return this.message; // not bash's: rshell's own limit, as it was
    if (this.bash.text === '') return ''; // `[[ ]]`: bash ends the script without a word
    const line = this.bash.line + lineBase;
    let out = `line ${line}: ${this.bash.text}`;
    if (this.bash.quoted !== null) out += `\nline ${line}: \`${this.bash.quoted}'`;
    for (const m of this.bash.more ?? []) out += `\nline ${m.line + lineBase}: ${m.text}`;
    return out;
  }
}

// One parser object reused across calls: parsing is synchronous, so calls never interleave.
let shared: Parser | null = null;

function errorAt(src: string, offset: number, text: string, incomplete: boolean, name: string): ParseError {
  const { line, col } = lineCol(src, offset);
  return new ParseError(text, line, col, offset, incomplete, name);
}

function parseErrorOf(src: string, err: LexError, name: string, bashErr: LexError = err): ParseError {
  const { line, col } = lineCol(src, err.pos);
  const bash = bashSyntaxError(src, bashErr);
  if (bashErr !== err) bash.stop = { offset: bashErr.pos, incomplete: bashErr.incomplete };
  return new ParseError(err.text, line, col, err.pos, err.incomplete, name, bash);
}

function tooDeep(src: string, name: string): ParseError {
  return errorAt(src, 0, 'nesting too deep', false, name);
}

/** Parses a bash script into mvdan/sh's AST. Throws ParseError. */
export function parse(src: string, opts: ParseOptions = {}): File {
  const name = opts.name ?? '';
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (src.length > maxBytes) {
    throw errorAt(src, 0, `script too large: ${src.length} bytes exceeds the limit of ${maxBytes}`, false, name);
  }
  const parser = shared ?? new Parser();
  shared = null; // a re-entrant call (none today) would get its own parser
  try {
    const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
    const maxNodes = opts.maxNodes ?? Infinity;
    let file = parser.parseFile(src, name, maxDepth, false, false, maxNodes);
    let err = parser.error;
    let bashErr: LexError | null = null;
    if ((err !== null || parser.sawElseCommand || parser.sawSimpleFuncBody) && opts.bashCompat !== false) {
      // only scripts mvdan/sh rejects pay for a second pass, and only a success replaces its
      // error; a script it accepts with a command named `else` gets the second pass's refusal
      const accepted = err === null;
      // (and one with a function body bash refuses: `f() echo hi`)
      const retry = parser.parseFile(src, name, maxDepth, true, opts.heredocsToEOF === true, maxNodes);
      if (accepted) err = parser.error; // mvdan/sh's AST stays if the `else` was not reached
      else if (parser.error === null) {
        file = retry;
        err = null;
      } else if (parser.error.tokPos > err!.tokPos && !err!.incomplete) { // not accepted: err is set
        // the second pass got past mvdan/sh's complaint (`${x~~}`, which bash takes): what it
        // stopped at later is what bash refuses (`while …; do echo ${x~~}` at the end of file).
        // The error stays mvdan/sh's; only bash's words come from the second pass.
        bashErr = parser.error;
      }
    }
    if (err !== null) throw parseErrorOf(src, err, name, bashErr ?? err);
    file.Pos = 0;
    file.End = src.length;
    file.Lines = lineStarts(src);
    return file;
  } catch (e) {
    if (e instanceof RangeError) throw tooDeep(src, name); // belt and braces: the depth limit should come first
    throw e;
  } finally {
    parser.release();
    shared = parser;
  }
}

/** Parses one arithmetic expression (bash re-parses variable values in arithmetic). Null when empty. */
export function parseArith(src: string, opts: { maxDepth?: number } = {}): ArithmExpr | null {
  const parser = new Parser();
  try {
    const x = parser.parseArithSource(src, opts.maxDepth ?? DEFAULT_MAX_DEPTH);
    const err = parser.error;
    if (err !== null) throw errorAt(src, err.pos, err.text, err.incomplete, '');
    return x;
  } catch (e) {
    if (e instanceof RangeError) throw tooDeep(src, '');
    throw e;
  }
}

/** 1-based line number of a JS offset in a parsed file. */
export function lineOf(file: File, pos: number): number {
  return lineAt(file.Lines, pos);
}
