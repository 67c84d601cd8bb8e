// `case WORD in PATTERN) …;; esac`: patterns expanded lazily item by item as in bash, literal
// pattern lists found with one Map lookup, `;&` falls through, `;;&` tests on.

import { trace } from '../expand/xtrace.js';
import { info } from '../state/source-info.js';
import type { CaseClause, Word } from '../../syntax/ast.js';
import type { Exec, Shell, Status } from '../state/shell.js';
import { compileWordString, isStaticWord, expandString, expandPattern, needsTape, withTape } from '../expand/expand.js';
import { matchPattern } from '../../../lib/pattern/pattern.js';
import { compileStmts } from './compile.js';

type CaseItem = { patterns: Word[]; matchers: CaseMatcher[]; body: Exec; op: string };

/** set -x: `+ case $x in`, the word as written */
function traceCase(sh: Shell, cmd: CaseClause): void {
  trace(sh, `case ${info.textOf(cmd.Word)} in`);
}

export function compileCase(cmd: CaseClause): Exec {
  const items: CaseItem[] = cmd.Items.map((it) => ({
    patterns: it.Patterns,
    matchers: it.Patterns.map(compileCasePattern),
    body: compileStmts(it.Stmts),
    op: it.Op,
  }));
  const word = cmd.Word;
  // a command substitution that may wait: expand everything up front under the tape
  if (needsTape(cmd)) {
    const taped = compileTapedCase(cmd, items);
    return (sh) => {
      if (sh.setOpts.xtrace) traceCase(sh, cmd);
      return taped(sh);
    };
  }
  // otherwise patterns are expanded lazily, item by item, as bash does
  const subjectOf = compileWordString(word, 'string');
  const literal = literalCaseTable(items);
  return (sh) => {
    if (sh.setOpts.xtrace) traceCase(sh, cmd);
    const subject = subjectOf(sh);
    if (literal !== null && !sh.shopt('nocasematch')) {
      const first = literal.firstMatch(sh, subject);
      return first < 0 ? 0 : runCaseFrom(sh, items, NO_MORE_TESTS, first, true, 0);
    }
    return runCaseByPatterns(sh, items, subject);
  };
}

/**
 * a case without a literal table: each item's patterns tested in turn. A function of its own: its
 * closure would make the case's closure allocate a context on every run (issue 7).
 */
function runCaseByPatterns(sh: Shell, items: CaseItem[], subject: string): Status {
  const opts = { extglob: sh.shopt('extglob'), nocase: sh.shopt('nocasematch') };
  const matches = (i: number): boolean => {
    const ms = items[i]!.matchers;
    for (let k = 0; k < ms.length; k++) if (ms[k]!(sh, subject, opts)) return true;
    return false;
  };
  return runCaseFrom(sh, items, matches, 0, false, 0);
}

/** for a case whose items never test a later pattern after a match (no `;;&`) */
const NO_MORE_TESTS = (): boolean => false;

/** characters that can make a pattern more than its literal text (as in pattern.ts) */
const MAYBE_SPECIAL = /[\\*?[(]/;

/**
 * `case $x in a) …;; b|c) …;; *) …;; esac`: when every pattern is fixed text without glob
 * characters, or `*`, the first matching item is found with one Map lookup instead of a pattern
 * test per item (issue 7). Built at the first run (expanding a pattern needs the shell), and only
 * for cases without `;;&`, which goes on testing patterns after a match.
 */
function literalCaseTable(items: CaseItem[]): { firstMatch(sh: Shell, subject: string): number } | null {
  if (items.some((it) => it.op === ';;&' || !it.patterns.every(isStaticWord))) return null;
  let byText: Map<string, number> | null = null;
  let star = -1;
  let usable = true;
  const build = (sh: Shell): Map<string, number> => {
    const table = new Map<string, number>();
    items.forEach((it, i) => {
      for (const w of it.patterns) {
        const p = expandPattern(sh, w);
        if (p === '*') {
          if (star < 0) star = i;
        } else if (MAYBE_SPECIAL.test(p)) usable = false;
        else if (!table.has(p)) table.set(p, i);
      }
    });
    byText = table;
    return table;
  };
  return {
    firstMatch(sh, subject) {
      const table = byText ?? build(sh);
      if (!usable) return firstMatchByPatterns(sh, items, subject);
      const i = table.get(subject);
      return i === undefined ? star : star >= 0 && star < i ? star : i;
    },
  };
}

/** the first item whose pattern matches (nocasematch off): the table's fallback */
function firstMatchByPatterns(sh: Shell, items: CaseItem[], subject: string): number {
  const opts = { extglob: sh.shopt('extglob'), nocase: false };
  for (let i = 0; i < items.length; i++) {
    const ms = items[i]!.matchers;
    for (let k = 0; k < ms.length; k++) if (ms[k]!(sh, subject, opts)) return i;
  }
  return -1;
}

/** from item i on: run the first matching body, then follow its `;&` / `;;&` */
function runCaseFrom(sh: Shell, items: CaseItem[], matches: (i: number) => boolean, i: number, falling: boolean, last: number): Status {
  for (; i < items.length; i++) {
    if (!falling && !matches(i)) continue;
    const r = items[i]!.body(sh);
    if (typeof r === 'number') return afterCaseItem(sh, items, matches, i, r);
    return caseItemLater(sh, items, matches, i, r);
  }
  return last;
}

function afterCaseItem(sh: Shell, items: CaseItem[], matches: (i: number) => boolean, idx: number, s: number): Status {
  if (sh.ctl) return s;
  const op = items[idx]!.op;
  if (op === ';&') return idx + 1 < items.length ? runCaseFrom(sh, items, matches, idx + 1, true, s) : s;
  if (op === ';;&') return runCaseFrom(sh, items, matches, idx + 1, false, s);
  return s;
}

function caseItemLater(sh: Shell, items: CaseItem[], matches: (i: number) => boolean, idx: number, r: Promise<number>): Promise<number> {
  return r.then((s) => afterCaseItem(sh, items, matches, idx, s));
}

function compileTapedCase(cmd: CaseClause, items: CaseItem[]): Exec {
  const word = cmd.Word;
  return (sh) => {
    const v = withTape(sh, () => {
      const subject = expandString(sh, word);
      // patterns are expanded lazily in bash; here all at once, which differs only for side effects
      const pats = items.map((it) => it.patterns.map((p) => expandPattern(sh, p)));
      return { subject, pats };
    }, cmd);
    const go = ({ subject, pats }: { subject: string; pats: string[][] }): Status => {
      const opts = { extglob: sh.shopt('extglob'), nocase: sh.shopt('nocasematch') };
      // pats has one entry per item, and runCaseFrom asks for items only
      return runCaseFrom(sh, items, (i) => pats[i]!.some((p) => matchPattern(subject, p, opts, sh.rt)), 0, false, 0);
    };
    return v instanceof Promise ? v.then(go) : go(v);
  };
}

type CaseMatcher = (sh: Shell, subject: string, opts: { extglob: boolean; nocase: boolean }) => boolean;

function compileCasePattern(w: Word): CaseMatcher {
  if (!isStaticWord(w)) return (sh, subject, opts) => matchPattern(subject, expandPattern(sh, w), opts, sh.rt);
  let pattern: string | null = null;
  return (sh, subject, opts) => {
    pattern ??= expandPattern(sh, w);
    return matchPattern(subject, pattern, opts, sh.rt);
  };
}
