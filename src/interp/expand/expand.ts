// Word expansion: tilde, parameters (param.ts), command substitution, arithmetic, quote removal,
// IFS field splitting (fields.ts) and pathname expansion (glob). Brace expansion happens once at
// compile time (it is purely syntactic).
//
// Expansion is synchronous. A command substitution whose command must wait (a pipeline, a read)
// throws `Suspend`; `withTape` awaits it, records the result and re-runs the expansion. Every
// result with a side effect or a varying value (command substitutions, arithmetic, $RANDOM) is
// recorded on the shell's tape in evaluation order and replayed on the re-run, so the re-run takes
// exactly the same path and nothing is evaluated twice.

import type { ArithmExp, CmdSubst, DblQuoted, Lit, ParamExp, ProcSubst, Word, WordPart } from '../../syntax/ast.js';
import { compileScalarRead, isDynamic, readScalar } from './var-access.js';
import type { Shell } from '../state/shell.js';
import { FieldBuilder } from './fields.js';
import { needsTape, taped, withTape } from './tape.js';
import { appendParam } from './param.js';
import { decodeAnsiC } from '../../../lib/text/escapes.js';
import { arithExpand, compileArithExpand } from './arith-shell.js';
import { compileDirectArith } from './arith-direct.js';
import { runCmdSubst, runProcSubst } from './subst.js';
import { globField } from './glob-field.js';
import { compileScalarParam } from './param-fast.js';
import { splitOnDefaultIfs } from './word-split.js';

// ---------------------------------------------------------------- substitutions on the tape (tape.ts)

/**
 * `$((…))` on the tape. Apart from its caller so that the caller, run for every `$((…))`, holds
 * no closure (V8 would allocate a context for it on each call, tape or not).
 */
function tapedArith(sh: Shell, p: ArithmExp): string {
  return taped(sh, () => arithExpand(sh, p));
}

function tapedProcSubst(sh: Shell, p: ProcSubst): string {
  return taped(sh, () => runProcSubst(sh, p));
}

function tapedCmdSubst(sh: Shell, p: CmdSubst): string {
  return taped(sh, () => runCmdSubst(sh, p));
}

// ---------------------------------------------------------------- entry points

export type Mode = 'fields' | 'string' | 'pattern' | 'assign' | 'operand';

function ifsOf(sh: Shell): string | undefined {
  const v = sh.vars.lookup('IFS');
  if (!v) return undefined;
  return typeof v.value === 'string' ? v.value : v.value === undefined ? undefined : '';
}

/** expand words to argument fields: splitting, globbing */
export function expandFields(sh: Shell, words: readonly Word[], out: string[] = []): string[] {
  for (const w of words) expandWordFields(sh, w, out);
  return out;
}

/**
 * A word compiled for the common shapes: a plain literal, an unquoted `$x`, a quoted "$x".
 * Anything else (and any value that would need splitting or globbing) takes the general path.
 */
export type WordFields = (sh: Shell, out: string[]) => void;

const IFS_OR_GLOB = /[ \t\n*?[]/;

export function compileWordFields(w: Word): WordFields {
  const parts = w.Parts;
  if (parts.length === 1) {
    const p = parts[0]!;
    if (p.type === 'Lit' && (SIMPLE_LIT.test(p.Value) || LONE_BRACKET_LIT.test(p.Value))) {
      const v = p.Value;
      return (_sh, out) => {
        out.push(v);
      };
    }
    if (p.type === 'ArithmExp' && p.X !== null && !needsTape(p)) {
      // `$((…))` unquoted: digits and '-' only, one field unless IFS holds one of them
      const arith = compileArithExpand(p);
      return (sh, out) => {
        const s = sh.tape === null ? arith(sh) : tapedArith(sh, p);
        if (sh.vars.lookup('IFS')?.value === ' \t\n') out.push(s);
        else pushUnquotedExpansion(sh, s, out);
      };
    }
    const unquoted = p.type === 'ParamExp' ? simpleParamReader(p) ?? compileScalarParam(p) : null;
    if (unquoted) {
      return (sh, out) => {
        const v = unquoted(sh);
        if (v !== undefined && v !== '' && !IFS_OR_GLOB.test(v) && sh.vars.lookup('IFS')?.value === ' \t\n') {
          out.push(v);
          return;
        }
        expandWordFields(sh, w, out);
      };
    }
    if (p.type === 'DblQuoted' && p.Parts.length === 1) {
      const q = p.Parts[0]!;
      const quoted = q.type === 'ParamExp' ? simpleParamReader(q) ?? compileScalarParam(q) : null;
      if (quoted) {
        return (sh, out) => {
          const v = quoted(sh);
          if (v !== undefined) out.push(v);
          else expandWordFields(sh, w, out);
        };
      }
    }
  }
  return (sh, out) => expandWordFields(sh, w, out);
}

/** reads a word as exactly one field; undefined: not this time (see compileSingleField) */
export type SingleField = (sh: Shell) => string | undefined;

/**
 * A reader for a word that expands to exactly one field and evaluates nothing with an effect: a
 * literal, a quoted plain "$x", an unquoted plain $x. Null when the word has another shape. At
 * run time the reader returns undefined when this value is not that simple (an unquoted value
 * that is unset, empty or would split or glob; IFS changed; unset under nounset): the caller
 * then expands the words the general way, which re-reads them harmlessly. The test builtin's
 * operands in loops use this (test-fast.ts), without building an argv.
 */
export function compileSingleField(w: Word): SingleField | null {
  if (w.Parts.length !== 1) return null;
  const p = w.Parts[0]!;
  if (p.type === 'Lit') {
    const v = p.Value;
    // a lone `!` is no pattern (it takes `!(` to make an extglob)
    if (!SIMPLE_LIT.test(v) && !LONE_BRACKET_LIT.test(v) && v !== '!') return null;
    return () => v;
  }
  if (p.type === 'SglQuoted') {
    const v = p.Dollar ? decodeAnsiC(p.Value) : p.Value;
    return () => v;
  }
  const quoted = p.type === 'DblQuoted';
  const pe = quoted && p.Parts.length === 1 ? p.Parts[0]! : p;
  if (quoted && p.Parts.every((q) => q.type === 'Lit')) {
    const v = p.Parts.map((q) => unescapeDouble((q as Lit).Value)).join('');
    return () => v;
  }
  if (pe.type !== 'ParamExp' || isDynamic(pe.Param.Value)) return null;
  // $RANDOM and the like are left out: reading them is an effect, and a reader may be re-read
  const read = simpleParamReader(pe);
  if (read === null) return null;
  if (quoted) return (sh) => read(sh) ?? (sh.setOpts.nounset ? undefined : '');
  return (sh) => {
    const v = read(sh);
    if (v === undefined || v === '' || IFS_OR_GLOB.test(v) || sh.vars.lookup('IFS')?.value !== ' \t\n') return undefined;
    return v;
  };
}

export function expandWordFields(sh: Shell, w: Word, out: string[]): void {
  // Fast path: one unquoted literal without escapes, tildes or glob characters.
  const parts = w.Parts;
  if (parts.length === 1) {
    const p = parts[0]!;
    if (p.type === 'Lit' && SIMPLE_LIT.test(p.Value)) {
      out.push(p.Value);
      return;
    }
    // `for w in $(cmd)`: the output split on the default IFS straight into fields
    if (p.type === 'CmdSubst' && sh.vars.lookup('IFS')?.value === ' \t\n') {
      splitOnDefaultIfs(sh, tapedCmdSubst(sh, p), out);
      return;
    }
  }
  const b = new FieldBuilder(true, ifsOf(sh), sh.shopt('extglob'));
  appendParts(sh, b, parts, false, 'fields', true);
  const fields = b.finish();
  const noglob = sh.setOpts.noglob;
  for (const f of fields) {
    if (f.pattern === null || noglob) out.push(f.value);
    else globField(sh, f, out);
  }
}

const SIMPLE_LIT = /^[^\\*?[~'"$`{}!@+(]*$/;
/**
 * A literal whose only glob character is `[` with no `]` after it (`[`, `a[b`): not a pattern for
 * bash (even under nullglob/failglob), so it is the word itself. The test builtin's `[` is the
 * common case.
 */
const LONE_BRACKET_LIT = /^[^\\*?~'"$`{}!@+(\]]*$/;

/** split (and glob) the result of one unquoted expansion that is the whole word */
function pushUnquotedExpansion(sh: Shell, s: string, out: string[]): void {
  const b = new FieldBuilder(true, ifsOf(sh), sh.shopt('extglob'));
  b.unquotedExpansion(s);
  const noglob = sh.setOpts.noglob;
  for (const f of b.finish()) {
    if (f.pattern === null || noglob) out.push(f.value);
    else globField(sh, f, out);
  }
}

/** the string of a one-part word that needs no field builder ($((…)), plain $x / "$x"), or null */
function singlePart(sh: Shell, p: WordPart): string | null {
  if (p.type === 'ArithmExp') return sh.tape === null ? arithExpand(sh, p) : tapedArith(sh, p);
  let pe: WordPart = p;
  if (p.type === 'DblQuoted' && p.Parts.length === 1) pe = p.Parts[0]!;
  if (pe.type === 'ParamExp' && isPlainVar(pe)) {
    const v = readScalar(sh, pe.Param.Value);
    if (v !== undefined) return v;
  }
  return null;
}

/**
 * A reader for a plain `$name` or positional `$N` (N ≥ 1), decided at compile time; null for any
 * other parameter expansion. The reader returns undefined when the parameter is unset (the caller
 * then takes the general path, which applies nounset and the rest).
 */
function simpleParamReader(pe: ParamExp): ((sh: Shell) => string | undefined) | null {
  if (pe.Invalid !== undefined) return null; // a bad substitution: the general path reports it
  if (isPlainVar(pe)) return compileScalarRead(pe.Param.Value);
  if (pe.Excl || pe.Length || pe.Index !== null || pe.Slice !== null || pe.Repl !== null) return null;
  if (pe.Names !== null || pe.Exp !== null) return null;
  if (!/^[1-9][0-9]*$/.test(pe.Param.Value)) return null;
  const index = Number(pe.Param.Value) - 1;
  return (sh) => sh.positional[index];
}

function isPlainVar(pe: ParamExp): boolean {
  if (pe.Invalid !== undefined) return false;
  if (pe.Excl || pe.Length || pe.Index !== null || pe.Slice !== null || pe.Repl !== null) return false;
  if (pe.Names !== null || pe.Exp !== null) return false;
  // the parser gives named parameters only valid names; special ones are one non-letter char
  const c = pe.Param.Value.charCodeAt(0) | 32;
  return (c >= 97 && c <= 122) || c === 127; /* '_' | 32 === 127 */
}

/** expand a word to one string: no splitting, no globbing (assignments, [[ ]], here-strings) */
export function expandString(sh: Shell, w: Word | null): string {
  return expandOne(sh, w, 'string');
}

/** expand an assignment's value: like expandString, plus tilde after `:` */
export function expandAssignValue(sh: Shell, w: Word | null): string {
  return expandOne(sh, w, 'assign');
}

/** one string from a word, with the single-part fast paths first */
function expandOne(sh: Shell, w: Word | null, mode: 'string' | 'assign'): string {
  if (!w) return '';
  const parts = w.Parts;
  if (parts.length === 1) {
    const p = parts[0]!;
    if (p.type === 'Lit' && SIMPLE_LIT.test(p.Value)) return p.Value;
    const fast = singlePart(sh, p);
    if (fast !== null) return fast;
  }
  const b = new FieldBuilder(false, ifsOf(sh), false, false);
  appendParts(sh, b, parts, false, mode, true);
  return b.text();
}

/** a word whose expansion never changes: literal and quoted text, no tilde (patterns cache it) */
export function isStaticWord(w: Word): boolean {
  return w.Parts.every((p, i) =>
    (p.type === 'Lit' && !(i === 0 && p.Value.startsWith('~'))) ||
    p.type === 'SglQuoted' ||
    (p.type === 'DblQuoted' && p.Parts.every((q) => q.type === 'Lit')));
}

/**
 * expandString / expandAssignValue with the word's shape decided once, at compile time: a literal
 * is a constant, `$((…))` and a plain `$x` skip the field builder.
 */
/** the value of a word that is plain literal text (no quotes, escapes, tilde or expansion), else null */
export function plainLiteral(w: Word | null): string | null {
  if (w === null) return '';
  const p = w.Parts.length === 1 ? w.Parts[0]! : null;
  return p !== null && p.type === 'Lit' && SIMPLE_LIT.test(p.Value) ? p.Value : null;
}

export function compileWordString(w: Word | null, mode: 'string' | 'assign'): (sh: Shell) => string {
  if (!w) return () => '';
  const parts = w.Parts;
  if (parts.length === 1) {
    const p = parts[0]!;
    if (p.type === 'Lit' && SIMPLE_LIT.test(p.Value)) {
      const v = p.Value;
      return () => v;
    }
    if (p.type === 'ArithmExp') {
      const direct = p.X !== null && !needsTape(p) ? compileDirectArith(p.X) : null;
      const arith = compileArithExpand(p);
      if (direct !== null) {
        // `n=$((n+1))`, `case $((i%4))`: the direct form first, with no layer in between
        return (sh) => {
          if (sh.tape !== null) return tapedArith(sh, p);
          const d = direct(sh);
          return d === d ? String(d) : arith(sh);
        };
      }
      return (sh) => (sh.tape === null ? arith(sh) : tapedArith(sh, p));
    }
    const read = scalarParamOf(w);
    if (read) return (sh) => read(sh) ?? expandOne(sh, w, mode);
  }
  return (sh) => expandOne(sh, w, mode);
}

/**
 * For a word that is one parameter expansion of a compiled form (`$x`, "$1", `${s%.*}`…): its
 * reader, which gives the word's string, or undefined when the general expansion must decide
 * (unset, nounset…). Null for other words.
 */
export function scalarParamOf(w: Word): ((sh: Shell) => string | undefined) | null {
  if (w.Parts.length !== 1) return null;
  const p = w.Parts[0]!;
  const pe = p.type === 'DblQuoted' && p.Parts.length === 1 ? p.Parts[0]! : p;
  return pe.type === 'ParamExp' ? simpleParamReader(pe) ?? compileScalarParam(pe) : null;
}

/** the value of `[k]=v` in an associative compound assignment: bash 5.2 expands no tilde there */
export function expandAssocElementValue(sh: Shell, w: Word | null): string {
  if (!w) return '';
  const b = new FieldBuilder(false, ifsOf(sh), false, false);
  appendParts(sh, b, w.Parts, false, 'string', false);
  return b.text();
}

/** expand a word to a pattern: quoted characters escaped, unquoted ones active */
export function expandPattern(sh: Shell, w: Word | null): string {
  if (!w) return '';
  const b = new FieldBuilder(false, ifsOf(sh), sh.shopt('extglob'));
  appendParts(sh, b, w.Parts, false, 'pattern', true);
  return b.patternText();
}

/** expand a here-document body: parameters, command substitutions, arithmetic; no quote removal */
export function expandHeredoc(sh: Shell, w: Word): string {
  const b = new FieldBuilder(false, ifsOf(sh), false, false);
  for (const p of w.Parts) {
    if (p.type === 'Lit') b.quoted(unescapeHeredoc(p.Value));
    else appendPart(sh, b, p, true, 'string', false);
  }
  return b.text();
}

// ---------------------------------------------------------------- parts

export function appendParts(
  sh: Shell,
  b: FieldBuilder,
  parts: readonly WordPart[],
  quoted: boolean,
  mode: Mode,
  wordStart: boolean,
): void {
  for (let i = 0; i < parts.length; i++) {
    appendPart(sh, b, parts[i]!, quoted, mode, wordStart && i === 0, parts.length === 1);
  }
}

function appendPart(
  sh: Shell,
  b: FieldBuilder,
  p: WordPart,
  quoted: boolean,
  mode: Mode,
  first: boolean,
  _only = false,
): void {
  switch (p.type) {
    case 'Lit':
      if (quoted) b.quoted(unescapeDouble(p.Value));
      else appendUnquotedLit(sh, b, p, mode, first);
      return;
    case 'SglQuoted':
      b.quoted(p.Dollar ? decodeAnsiC(p.Value) : p.Value);
      return;
    case 'DblQuoted':
      appendDouble(sh, b, p, mode);
      return;
    case 'ParamExp':
      appendParam(sh, b, p, quoted, mode);
      return;
    case 'CmdSubst': {
      const s = tapedCmdSubst(sh, p);
      if (quoted) b.quoted(s);
      else b.unquotedExpansion(s);
      return;
    }
    case 'ArithmExp': {
      const s = tapedArith(sh, p);
      if (quoted) b.quoted(s);
      else b.unquotedExpansion(s);
      return;
    }
    case 'ProcSubst': {
      const s = tapedProcSubst(sh, p);
      b.quoted(s);
      return;
    }
    case 'ExtGlob': {
      const text = p.Op + p.Pattern.Value + ')';
      if (quoted) b.quoted(text);
      else b.unquotedLit(text);
      return;
    }
    case 'BraceExp':
      // Brace expansion runs at compile time; a leftover node is literal text.
      b.quoted('{' + p.Elems.map((e) => e.Parts.map((x) => (x.type === 'Lit' ? x.Value : '')).join('')).join(',') + '}');
      return;
  }
}

function appendDouble(sh: Shell, b: FieldBuilder, p: DblQuoted, mode: Mode): void {
  // "" makes a field; "$@" with no parameters does not (each part marks the field itself)
  const parts = p.Parts;
  if (parts.length === 0) b.markStarted();
  for (let i = 0; i < parts.length; i++) appendPart(sh, b, parts[i]!, true, mode, false);
}

/** `\x` → x (quoted); glob characters stay active; tilde at the start (and after `:` in assignments) */
function appendUnquotedLit(sh: Shell, b: FieldBuilder, p: Lit, mode: Mode, first: boolean): void {
  let s = p.Value;
  if (first && s.charCodeAt(0) === 126 /* ~ */) {
    const t = tildePrefix(sh, s, mode === 'assign');
    if (t) {
      b.quoted(t.value);
      s = s.slice(t.len);
      if (s.length === 0) return;
    }
  }
  if (mode === 'fields' && first && ASSIGN_LIKE.test(s) && s.includes('~')) {
    // `echo x=~/a`: bash expands tildes after = and : in assignment-like words
    const eq = s.indexOf('=');
    b.unquotedLit(s.slice(0, eq + 1));
    appendUnquotedLit(sh, b, { ...p, Value: s.slice(eq + 1) }, 'assign', true);
    return;
  }
  if (mode === 'assign' && s.includes(':~') && !s.includes('\\')) {
    // tilde after each unquoted ':' in an assignment value
    const segs = s.split(':');
    for (let i = 0; i < segs.length; i++) {
      if (i > 0) b.unquotedLit(':');
      let seg = segs[i]!;
      if (i > 0 && seg.startsWith('~')) {
        const t = tildePrefix(sh, seg, true);
        if (t) {
          b.quoted(t.value);
          seg = seg.slice(t.len);
        }
      }
      appendEscaped(b, seg);
    }
    return;
  }
  appendEscaped(b, s, mode === 'operand');
}

const ASSIGN_LIKE = /^[A-Za-z_][A-Za-z0-9_]*=/;

function appendEscaped(b: FieldBuilder, s: string, split = false): void {
  let i = s.indexOf('\\');
  if (i < 0) {
    if (split) b.unquotedExpansion(s);
    else b.unquotedLit(s);
    return;
  }
  let start = 0;
  while (i >= 0) {
    if (i > start) {
      if (split) b.unquotedExpansion(s.slice(start, i));
      else b.unquotedLit(s.slice(start, i));
    }
    if (i + 1 < s.length) {
      const c = s[i + 1]!;
      if (c !== '\n') b.quoted(c);
      else b.markStarted();
      start = i + 2;
    } else {
      b.quoted('\\');
      start = i + 1;
    }
    i = s.indexOf('\\', start);
  }
  if (start < s.length) {
    if (split) b.unquotedExpansion(s.slice(start));
    else b.unquotedLit(s.slice(start));
  }
}

/** the text of `~`, `~+`, `~-` up to the first `/`, or null when it is not expanded */
function tildePrefix(sh: Shell, s: string, assign = false): { value: string; len: number } | null {
  let end = s.indexOf('/');
  if (end < 0) end = s.length;
  if (assign) {
    const c = s.indexOf(':');
    if (c >= 0 && c < end) end = c;
  }
  const name = s.slice(1, end);
  let v: string | undefined;
  if (name === '') v = sh.vars.lookup('HOME')?.value as string | undefined;
  else if (name === '+') v = (sh.vars.lookup('PWD')?.value as string | undefined) ?? sh.cwd;
  else if (name === '-') v = sh.vars.lookup('OLDPWD')?.value as string | undefined;
  else return null;
  if (typeof v !== 'string') return name === '' ? null : null;
  return { value: v, len: end };
}

/** backslashes inside "…": only before $ ` " \ and newline */
export function unescapeDouble(s: string): string {
  return unescapeBefore(s, '$`"\\');
}

/** backslashes in an unquoted here-document body: only before $ ` \ and newline */
function unescapeHeredoc(s: string): string {
  return unescapeBefore(s, '$`\\');
}

/** drop the backslash before each of `special` (and a backslash-newline pair entirely) */
function unescapeBefore(s: string, special: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      const d = s[i + 1]!;
      if (special.includes(d)) {
        out += d;
        i++;
        continue;
      }
      if (d === '\n') {
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** quote-removed literal text of a word with no expansions (function names, here-doc delimiters) */
export function literalText(w: Word): string | null {
  let out = '';
  for (const p of w.Parts) {
    if (p.type === 'Lit') {
      let s = '';
      for (let i = 0; i < p.Value.length; i++) {
        const c = p.Value[i]!;
        if (c === '\\' && i + 1 < p.Value.length) {
          s += p.Value[++i];
        } else s += c;
      }
      out += s;
    } else if (p.type === 'SglQuoted' && !p.Dollar) out += p.Value;
    else if (p.type === 'DblQuoted' && p.Parts.every((x) => x.type === 'Lit')) {
      out += p.Parts.map((x) => unescapeDouble((x as Lit).Value)).join('');
    } else return null;
  }
  return out;
}

export { needsTape, taped, withTape };
