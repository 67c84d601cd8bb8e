// [[ … ]]: string and pattern comparisons, =~ (POSIX ERE via lib/regex, BASH_REMATCH), < >,
// arithmetic comparisons, file tests through the sandbox, -v, -z/-n, -o, && || ! ( ).

import { trace } from '../expand/xtrace.js';
import type { TestClause, TestExpr, Word } from '../../syntax/ast.js';
import type { Exec, Shell } from '../state/shell.js';
import { compileWordString, expandPattern, expandString, withTape } from '../expand/expand.js';
import { matchPattern } from '../../../lib/pattern/pattern.js';
import { arithTextCmd } from '../expand/arith-shell.js';
import { shellFs } from '../state/fs-view.js';
import { assignArray } from '../expand/var-access.js';
import { compilePatterns, fromLatin1, toLatin1 } from '../../../lib/regex/index.js';
import { encode, decode } from '../../../lib/io/encoding.js';
import { ExpansionError } from '../state/errors.js';
import { keyFor, readVar, readElement } from '../expand/var-access.js';
import { isAssocValue, scalarOf } from '../state/vars.js';
import type { FileInfo } from '../../../allowedpaths/types.js';

export function compileTest(cmd: TestClause): Exec {
  const x = cmd.X;
  const cond = compileCond(x);
  return (sh) => {
    const r = withTape(sh, () => (cond(sh) ? 0 : 1), x);
    return r;
  };
}

class TestSyntaxError extends ExpansionError {}

type Cond = (sh: Shell) => boolean;
type Text = (sh: Shell) => string;

/** an operand: a word's string, or bash's complaint when an expression stands there */
function compileStr(x: TestExpr): Text {
  if (x.type === 'Word') return compileWordString(x, 'string');
  return () => {
    throw new TestSyntaxError('conditional binary operator expected', 2, false);
  };
}

/** the right side of == / != as a pattern; a word that cannot change is expanded once */
function compilePatternOperand(w: Word): Text {
  if (w.type !== 'Word') return (sh) => expandPattern(sh, w);
  const dynamic = w.Parts.some((p) => p.type !== 'Lit' && p.type !== 'SglQuoted') ||
    (w.Parts[0]?.type === 'Lit' && w.Parts[0].Value.startsWith('~'));
  if (dynamic) return (sh) => expandPattern(sh, w);
  let pattern: string | null = null;
  return (sh) => (pattern ??= expandPattern(sh, w));
}

/** the expression compiled to closures once; each closure evaluates in bash's order */
function compileCond(x: TestExpr): Cond {
  switch (x.type) {
    case 'Word': {
      const text = compileWordString(x, 'string');
      return (sh) => {
        const s = text(sh);
        if (sh.setOpts.xtrace) traceTest(sh, '-n', s);
        return s !== '';
      };
    }
    case 'ParenTest':
      return compileCond(x.X);
    case 'UnaryTest': {
      if (x.Op === '!') {
        const inner = compileCond(x.X);
        // set -x shows the `!` with the one test it negates (`+ [[ ! -z '' ]]`), not a group's
        const leaf = x.X.type === 'Word' || (x.X.type === 'UnaryTest' && x.X.Op !== '!') ||
          (x.X.type === 'BinaryTest' && x.X.Op !== '&&' && x.X.Op !== '||');
        return (sh) => {
          if (!sh.setOpts.xtrace || !leaf) return !inner(sh);
          sh.traceNegated = !sh.traceNegated;
          try {
            return !inner(sh);
          } finally {
            sh.traceNegated = !sh.traceNegated;
          }
        };
      }
      const op = x.Op;
      const operand = compileStr(x.X);
      return (sh) => {
        const s = operand(sh);
        if (sh.setOpts.xtrace) traceTest(sh, op, s);
        return unary(sh, op, s);
      };
    }
    case 'BinaryTest':
      return compileBinaryTest(x);
  }
  return () => false;
}

function compileBinaryTest(x: Extract<TestExpr, { type: 'BinaryTest' }>): Cond {
  const op = x.Op;
  switch (op) {
    case '&&': {
      const l = compileCond(x.X);
      const r = compileCond(x.Y);
      return (sh) => l(sh) && r(sh);
    }
    case '||': {
      const l = compileCond(x.X);
      const r = compileCond(x.Y);
      return (sh) => l(sh) || r(sh);
    }
    case '==':
    case '=':
    case '!=': {
      const l = compileStr(x.X);
      const pat = compilePatternOperand(x.Y as Word);
      const negate = op === '!=';
      return (sh) => {
        const left = l(sh);
        const p = pat(sh);
        if (sh.setOpts.xtrace) traceTest(sh, left, op, p);
        const m = matchPattern(left, p, { extglob: true, nocase: sh.shopt('nocasematch') }, sh.rt);
        return negate ? !m : m;
      };
    }
    case '=~': {
      const l = compileStr(x.X);
      return (sh) => {
        const left = l(sh);
        if (sh.setOpts.xtrace) traceTest(sh, left, '=~', regexSource(sh, x.Y as Word));
        return regexMatch(sh, left, x.Y as Word);
      };
    }
    case '<':
    case '>': {
      const l = compileStr(x.X);
      const r = compileStr(x.Y);
      const less = op === '<';
      return (sh) => {
        const a = l(sh);
        const b = r(sh);
        if (sh.setOpts.xtrace) traceTest(sh, a, op, b);
        return less ? a < b : a > b;
      };
    }
    case '-eq': case '-ne': case '-lt': case '-le': case '-gt': case '-ge': {
      const l = compileStr(x.X);
      const r = compileStr(x.Y);
      return (sh) => {
        const ls = l(sh);
        const rs = r(sh);
        if (sh.setOpts.xtrace) traceTest(sh, ls, op, rs);
        // an operand that is not an expression fails this [[ ]] only (status 1), as in bash
        const a = arithTextCmd(sh, ls, '[[: ');
        const b = arithTextCmd(sh, rs, '[[: ');
        return compareInts(op, a, b);
      };
    }
    case '-nt': case '-ot': case '-ef': {
      const l = compileStr(x.X);
      const r = compileStr(x.Y);
      return (sh) => {
        const a = l(sh);
        const b = r(sh);
        if (sh.setOpts.xtrace) traceTest(sh, a, op, b);
        return fileCompare(sh, op, a, b);
      };
    }
  }
  return () => false;
}

/** set -x: each test of a [[ ]] as it is evaluated, its operands expanded (`+ [[ -n a b ]]`) */
function traceTest(sh: Shell, ...words: string[]): void {
  trace(sh, `[[ ${(sh.traceNegated ? ['!', ...words] : words).map((w) => (w === '' ? "''" : w)).join(' ')} ]]`);
}

function compareInts(op: string, a: number | bigint, b: number | bigint): boolean {
  const A = typeof a === 'bigint' || typeof b === 'bigint' ? BigInt(a) : a;
  const B = typeof a === 'bigint' || typeof b === 'bigint' ? BigInt(b) : b;
  switch (op) {
    case '-eq': return A === B;
    case '-ne': return A !== B;
    case '-lt': return A < B;
    case '-le': return A <= B;
    case '-gt': return A > B;
    default: return A >= B;
  }
}

function stat(sh: Shell, p: string, follow = true): FileInfo | null {
  if (p === '') return null;
  const fs = shellFs(sh);
  const r = follow ? fs.stat(p) : fs.lstat(p);
  return r.ok ? r.value : null;
}

function unary(sh: Shell, op: string, v: string): boolean {
  switch (op) {
    case '-z': return v === '';
    case '-n': return v !== '';
    case '-v': return isVarSet(sh, v);
    case '-o': return sh.opt(v);
    case '-R': {
      const x = sh.vars.lookup(v);
      return x !== undefined && (x.attrs & 32) !== 0;
    }
    case '-t': return false;
    case '-e': case '-a': return stat(sh, v) !== null;
    case '-f': return stat(sh, v)?.type === 'file';
    case '-d': return stat(sh, v)?.type === 'dir';
    case '-c': return stat(sh, v)?.type === 'char';
    case '-b': return stat(sh, v)?.type === 'block';
    case '-p': return stat(sh, v)?.type === 'fifo';
    case '-S': return stat(sh, v)?.type === 'socket';
    case '-L': case '-h': return stat(sh, v, false)?.type === 'symlink';
    case '-s': return (stat(sh, v)?.size ?? 0) > 0;
    case '-k': return ((stat(sh, v)?.mode ?? 0) & 0o1000) !== 0;
    case '-g': return ((stat(sh, v)?.mode ?? 0) & 0o2000) !== 0;
    case '-u': return ((stat(sh, v)?.mode ?? 0) & 0o4000) !== 0;
    case '-r': return stat(sh, v) !== null && shellFs(sh).access(v, 'r');
    case '-w': return stat(sh, v) !== null && shellFs(sh).access(v, 'w');
    case '-x': return stat(sh, v) !== null && shellFs(sh).access(v, 'x');
    case '-O': case '-G': return stat(sh, v) !== null;
    case '-N': {
      const s = stat(sh, v);
      return s !== null && s.mtimeMs > s.atimeMs;
    }
  }
  return false;
}

/** bash's legal_number: blanks, a sign, digits, blanks */
const LEGAL_NUMBER = /^[ \t\n]*[-+]?[0-9]+[ \t\n]*$/;

export function isVarSet(sh: Shell, v: string): boolean {
  // a number asks for a positional parameter (test.c: `-v n == is $n set?`), $0 included
  const c = v.charCodeAt(0);
  if (((c >= 48 && c <= 57) || c === 32 || c === 9 || c === 10 || c === 43 || c === 45) && LEGAL_NUMBER.test(v)) {
    const n = Number(v);
    return n >= 0 && n <= sh.positional.length;
  }
  // a plain name (read asks for IFS on every line): no pattern to run
  // an array name is set when its element 0 (key "0") is, as in bash
  if (!v.includes('[')) return scalarOf(readVar(sh, v)) !== undefined;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(v);
  if (m) {
    const val = readVar(sh, m[1]!);
    if (val === undefined) return false;
    // a[@]: an indexed array with any element; in an associative array `@` is a key
    if ((m[2] === '@' || m[2] === '*') && !isAssocValue(val)) return typeof val === 'string' || val.some(() => true);
    const key = keyFor(sh, m[1]!, m[2]!);
    return readElement(sh, m[1]!, key) !== undefined;
  }
  return readVar(sh, v) !== undefined;
}

function fileCompare(sh: Shell, op: string, a: string, b: string): boolean {
  const sa = stat(sh, a);
  const sb = stat(sh, b);
  if (op === '-ef') return sa !== null && sb !== null && sa.dev === sb.dev && sa.ino === sb.ino;
  if (op === '-nt') return sa !== null && (sb === null || sa.mtimeMs > sb.mtimeMs);
  return sb !== null && (sa === null || sa.mtimeMs < sb.mtimeMs);
}

// ---------------------------------------------------------------- =~

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

/** the regex text: quoted parts are literal, unquoted parts are regex syntax */
function regexSource(sh: Shell, w: Word): string {
  let out = '';
  const add = (parts: Word['Parts'], quoted: boolean): void => {
    for (const p of parts) {
      if (p.type === 'Lit' && !quoted && p === w.Parts[0] && p.Value.startsWith('~')) out += tildeRegex(sh, p);
      else if (p.type === 'Lit' && !quoted) out += p.Value;
      else if (p.type === 'SglQuoted' || (p.type === 'Lit' && quoted)) {
        const v = expandString(sh, { type: 'Word', Pos: p.Pos, End: p.End, Parts: [p] });
        out += v.replace(REGEX_SPECIAL, '\\$&');
      } else if (p.type === 'DblQuoted') add(p.Parts, true);
      else {
        const v = expandString(sh, { type: 'Word', Pos: p.Pos, End: p.End, Parts: [p] });
        out += quoted ? v.replace(REGEX_SPECIAL, '\\$&') : v;
      }
    }
  };
  add(w.Parts, false);
  return out;
}

/** `[[ x =~ ~/a ]]`: a leading tilde expands, and its result is matched literally (bash) */
function tildeRegex(sh: Shell, p: Extract<Word['Parts'][number], { type: 'Lit' }>): string {
  const slash = p.Value.indexOf('/');
  const prefix = slash < 0 ? p.Value : p.Value.slice(0, slash);
  const home = expandString(sh, { type: 'Word', Pos: p.Pos, End: p.Pos + prefix.length, Parts: [{ ...p, Value: prefix }] });
  if (home === prefix) return p.Value;
  return home.replace(REGEX_SPECIAL, '\\$&') + p.Value.slice(prefix.length);
}

function regexMatch(sh: Shell, subject: string, w: Word): boolean {
  const src = regexSource(sh, w);
  // regcomp(REG_EXTENDED): glibc's POSIX grammar rejects `^*`, `{1}a`, `a{1` (status 2)
  const re = compilePatterns([toLatin1(encode(src))], {
    syntax: 'extended',
    icase: sh.shopt('nocasematch'),
    glibc: { posixBasic: false, unmatchedParenOrd: true },
    captures: true,
    // the run's deadline inside a long match (back-references run on a step-counted matcher)
    checkpoint: () => sh.rt.checkAbort(),
  });
  if (!re.ok) throw new ExpansionError('', 2, false);
  const m = re.matcher.exec(toLatin1(encode(subject)), 0);
  if (!m) {
    assignArray(sh, 'BASH_REMATCH', []);
    return false;
  }
  // bash sets an element for every group, '' for one that did not take part
  assignArray(sh, 'BASH_REMATCH', m.groups.map((g) => ({ value: g === undefined ? '' : decode(fromLatin1(g)) })));
  return true;
}
