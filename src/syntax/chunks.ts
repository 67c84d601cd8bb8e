// bash reads a script the way it reads a terminal: a line at a time, until what it has read is a
// complete command, which it runs before reading on. So a syntax error in line 10 is met after the
// commands of lines 1-9 have run, and the same line-by-line test tells the REPL when to stop
// asking for more. rshell parses a whole script before it runs any of it (a limit or a refused
// construct stops it unstarted); on a syntax error the Runner, eval and source run what
// commandsBefore() gives, then report the error, as bash does.
import { ParseError, parse, type Comment } from './index.js';

export type Completeness = { kind: 'complete' } | { kind: 'incomplete' } | { kind: 'error'; message: string };

/** does this text (lines read so far, without the last newline) need more lines? */
export function completeness(text: string): Completeness {
  const r = readState(text);
  return r.kind === 'incomplete' ? { kind: 'incomplete' } : r;
}

type State = { kind: 'complete' } | { kind: 'incomplete'; offset: number } | { kind: 'error'; message: string };

/** completeness, with where the parser stopped when the text is unfinished */
function readState(text: string): State {
  // a trailing backslash continues the line (the parser sees it as an escaped newline, complete)
  const trailingBackslashes = text.length - text.replace(/\\+$/, '').length;
  try {
    // with its newline, as typed: `cat <<EOF` then waits for the body instead of failing
    const file = parse(text + '\n');
    // ...unless the backslash ends a comment (`echo a # see \`): then the line is done
    if (trailingBackslashes % 2 === 1 && !hasCommentEndingAt(file, text.length + 1)) return { kind: 'incomplete', offset: text.length };
    return { kind: 'complete' };
  } catch (err) {
    // bash's words as an interactive bash prints them: no line number, no quoted line
    if (err instanceof ParseError) {
      const stop = err.bash.stop ?? { offset: err.offset, incomplete: err.incomplete };
      return stop.incomplete ? { kind: 'incomplete', offset: stop.offset } : { kind: 'error', message: err.bash.limit === true ? err.message : err.bash.text };
    }
    return { kind: 'error', message: (err as Error).message };
  }
}

/** is there a comment in the tree that ends at `end` (its newline included)? */
function hasCommentEndingAt(node: unknown, end: number): boolean {
  if (Array.isArray(node)) return node.some((n) => hasCommentEndingAt(n, end));
  if (node === null || typeof node !== 'object') return false;
  const n = node as Partial<Comment> & Record<string, unknown>;
  if (n.type === 'Comment') return n.End === end;
  for (const k in n) if (k !== 'Lines' && hasCommentEndingAt(n[k], end)) return true;
  return false;
}

/**
 * Where bash meets a syntax error: the start of the line its message names. mvdan/sh's own
 * position (ParseError.offset) can come earlier, at a construct bash takes (`${x~~}`), which
 * would stop commandsBefore too soon.
 */
function bashErrorOffset(text: string, e: ParseError): number {
  let at = 0;
  for (let line = 1; line < e.bash.line; line++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return at;
}

/**
 * The text of the complete commands that come before the one the syntax error `e` is in: what
 * bash has run when it meets the error. '' when the error is in the first command, is one of
 * rshell's own limits (those stop a script unstarted), or the search fails; null when it would
 * parse more than `budget` characters.
 *
 * The lines before the error's own are complete commands when they parse whole (a text that
 * parses whole is made of whole commands, as bash reads them), unless the last ends in a
 * continuing backslash. When they do not, the command the error is in began on an earlier line:
 * at latest on the line where the parser found something left open (an `if`, a quote, a `(`), or
 * else on the line before; try again from there. One parse per step, and few steps: a long
 * unfinished command costs one parse, not one per line.
 */
export function commandsBefore(text: string, e: ParseError, budget = 8 * text.length + (1 << 20)): string | null {
  if (e.bash.limit === true) return '';
  // the start of the error's own line: that line belongs to the failing command whatever precedes
  let end = bashErrorOffset(text, e);
  let spent = 0;
  while (end > 0) {
    spent += end;
    if (spent > budget) return null;
    const state = readState(text.slice(0, end - 1));
    if (state.kind === 'complete') return text.slice(0, end);
    if (state.kind === 'error') return '';
    const from = Math.min(state.offset, end - 1);
    end = text.lastIndexOf('\n', from - 1) + 1;
  }
  return '';
}
