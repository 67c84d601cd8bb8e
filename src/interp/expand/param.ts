// Parameter expansion: ${name}, ${name[i]}, special and positional parameters, indirection, and
// every operator (defaults, assign, error, alternate, length, slicing, pattern removal and
// replacement, case modification, @-transformations). Appends to a FieldBuilder with bash's
// quoting semantics ("$@" and "${a[@]}" make separate fields; "$*" joins with IFS[0]).

import type { ArithmExpr, ParamExp, Replace, Word } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import type { FieldBuilder } from './fields.js';
import type { Mode } from './expand.js';
import { appendParts, expandPattern, expandString } from './expand.js';
import { AssignError, ExpansionError, reportError } from '../state/errors.js';
import { info } from '../state/source-info.js';
import { arithEval, indexKey } from './arith-shell.js';
import { readElement, readVar, assignScalar, assignElement } from './var-access.js';
import { ATTR, attrLetters, farEntries, isArrayValue, isAssocValue, keysOf, scalarOf, valuesOf, type VarValue } from '../state/vars.js';
import { removePrefix, removeSuffix, replacePattern, compilePattern } from '../../../lib/pattern/pattern.js';
import { decodeAnsiC } from '../../../lib/text/escapes.js';
import { asciiLower, asciiUpper } from '../../../lib/text/bytes.js';
import { arrayLiteral, assocKeyText, declareQuote, quoteForReuse } from '../state/quote.js';
import { formatInt } from '../arith/evaluate.js';
import { byteLength, slice } from './param-slice.js';
import { reparseAsDouble } from './quoted-operand.js';
import { expandPrompt } from './prompt.js';

export { byteLength } from './param-slice.js';

/** what a parameter reference yields before operators apply */
export interface Fetched {
  vals: string[];
  /** "$@"-like: several values */
  multi: boolean;
  /** joined with IFS[0] when quoted ($*, ${a[*]}) */
  star: boolean;
  /** unset (scalar) / no elements (multi) */
  unset: boolean;
  /** the name for messages: x, a[1], 1, @ */
  shown: string;
  /** the assignable target, when there is one */
  varName?: string;
  key?: string;
  /** the parameter these values came from when not pe.Param (an indirection's target): slices
   *  of arrays and $@ go by its indices */
  source?: string;
}

function isDigits(s: string): boolean {
  const c = s.charCodeAt(0);
  return c >= 48 && c <= 57 && /^[0-9]+$/.test(s);
}

/** special parameters: $? $# $$ $! $- $0 $1… */
export function specialParam(sh: Shell, name: string): string | undefined | null {
  switch (name) {
    case '?':
      return String(sh.status);
    case '#':
      return String(sh.positional.length);
    case '$':
      return String(sh.rt.pid);
    case '!':
      return undefined;
    case '-':
      return optionLetters(sh);
    case '0':
      return sh.arg0;
  }
  if (isDigits(name)) return sh.positional[Number(name) - 1];
  return null;
}

const LETTERS: ReadonlyArray<[string, string]> = [
  ['allexport', 'a'], ['notify', 'b'], ['errexit', 'e'], ['noglob', 'f'], ['hashall', 'h'],
  ['keyword', 'k'], ['monitor', 'm'], ['noexec', 'n'], ['privileged', 'p'], ['onecmd', 't'],
  ['nounset', 'u'], ['verbose', 'v'], ['xtrace', 'x'], ['braceexpand', 'B'], ['noclobber', 'C'],
  ['errtrace', 'E'], ['histexpand', 'H'], ['physical', 'P'], ['functrace', 'T'],
];

export function optionLetters(sh: Shell): string {
  let s = '';
  for (const [n, l] of LETTERS) if (sh.opt(n)) s += l;
  return s;
}

function isAllIndex(ix: ArithmExpr | null): '@' | '*' | null {
  if (ix?.type !== 'Word' || ix.Parts.length !== 1) return null;
  const p = ix.Parts[0]!;
  if (p.type === 'Lit' && (p.Value === '@' || p.Value === '*')) return p.Value;
  return null;
}

function fetchName(sh: Shell, name: string, index: ArithmExpr | null, measuring = false): Fetched {
  if (index === null) {
    if (name === '@' || name === '*') {
      copying(sh, sh.positional.length);
      const vals = sh.positional.slice();
      return { vals, multi: true, star: name === '*', unset: vals.length === 0, shown: name };
    }
    const sp = specialParam(sh, name);
    if (sp !== null) {
      return { vals: sp === undefined ? [] : [sp], multi: false, star: false, unset: sp === undefined, shown: name };
    }
    const v = scalarOf(readVar(sh, name));
    return { vals: v === undefined ? [] : [v], multi: false, star: false, unset: v === undefined, shown: name, varName: name };
  }
  const all = isAllIndex(index);
  if (all) {
    const vals = valuesOfChecked(sh, readVar(sh, name));
    return { vals, multi: true, star: all === '*', unset: vals.length === 0, shown: `${name}[${all}]` };
  }
  const key = indexKey(sh, name, index);
  // only an associative array's key can be empty (an index is a number): bash refuses it, but
  // quietly when it measures the element (${#m[""]})
  if (key === '' && !measuring) reportError(sh, `${name}: bad array subscript`);
  const v = readElement(sh, name, key);
  return {
    vals: v === undefined ? [] : [v],
    multi: false,
    star: false,
    unset: v === undefined,
    shown: `${name}[${key}]`,
    varName: name,
    key,
  };
}

const SPECIAL_PARAM = /^([0-9]+|[@*#?$!-])$/;

/** lists shorter than this are copied without a look at the budget or the clock */
const BIG_LIST = 1024;
/**
 * what a copied value costs while a word is expanded: its slot in the list, a field object, and
 * the item or argument it becomes (more than an element stored: ELEMENT_COST)
 */
const COPY_COST = 64;
/** arrays up to this length are walked index by index (holes and all: a few ns each) */
const DIRECT_WALK = 1 << 25;

/**
 * `n` values are about to be copied into a list (`"${a[@]}"`, `"$@"`), each a slot and later a
 * field: the copy must fit in what the memory budget has left, and counts as work (a doubling
 * loop `a+=("${a[@]}")` spends its time in such copies, between two loop iterations)
 */
function copying(sh: Shell, n: number): void {
  if (n < BIG_LIST) return;
  sh.rt.spend(n * 16);
  sh.rt.fits(n * COPY_COST);
}

/** valuesOf after copying() on the number of elements (a sparse array's length is not it) */
function valuesOfChecked(sh: Shell, v: VarValue | undefined): string[] {
  if (Array.isArray(v) && v.length >= BIG_LIST && v.length <= DIRECT_WALK) {
    // index by index, with looks at the clock (valuesOf's walk of a long array lists its keys
    // first, in one step: a third of a second for three million)
    const vals: string[] = [];
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (x !== undefined) vals.push(x);
      if ((i & 0xffff) === 0xffff) sh.rt.spend(0x10000 * 16);
    }
    for (const [, x] of farEntries(v)) vals.push(x);
    copying(sh, vals.length);
    return vals;
  }
  if (Array.isArray(v) ? v.length >= BIG_LIST : v instanceof Map && v.size >= BIG_LIST) {
    const vals = valuesOf(v);
    // counted after the walk (a sparse array's length is not its count): the walk's list of
    // slots is small next to what the array holds, which the budget has counted
    copying(sh, vals.length);
    return vals;
  }
  return valuesOf(v);
}

/** vals joined with sep, after a look at the budget for the result when the list is long */
function joined(sh: Shell, vals: string[], sep: string): string {
  if (vals.length >= BIG_LIST) {
    let n = sep.length * (vals.length - 1);
    for (let i = 0; i < vals.length; i++) n += vals[i]!.length;
    sh.rt.spend(vals.length);
    sh.rt.fits(n);
  }
  return vals.join(sep);
}

/** `${!x}`: the value of x names the parameter to expand (`name`, `name[i]`, a digit, `@`) */
function fetchIndirect(sh: Shell, pe: ParamExp): Fetched {
  const name = pe.Param.Value;
  const v0 = sh.vars.lookup(name);
  if (v0 && v0.attrs & ATTR.nameref && pe.Index === null) {
    const t = typeof v0.value === 'string' ? v0.value : '';
    return { vals: [t], multi: false, star: false, unset: false, shown: name };
  }
  const base = fetchName(sh, name, pe.Index);
  const ref = base.vals.length ? (base.multi ? base.vals.join(' ') : base.vals[0]!) : undefined;
  // unset: bash's "invalid indirect expansion", but a declared name without that value (`declare
  // y`, an empty array) expands to nothing; set but empty falls to "invalid variable name"
  if (ref === undefined) {
    // a positional or special parameter without a value (`${!1}` with no arguments) is just empty
    if (v0 === undefined && !SPECIAL_PARAM.test(name)) throw new ExpansionError(`${name}: invalid indirect expansion`, 1, true, false, true);
    return { vals: [], multi: false, star: false, unset: true, shown: `!${name}` };
  }
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(ref);
  if (m) {
    const [, n, k] = m;
    if (k === '@' || k === '*') {
      const vals = valuesOfChecked(sh, readVar(sh, n!));
      return { vals, multi: true, star: k === '*', unset: vals.length === 0, shown: ref, source: n };
    }
    const key = isAssocValue(readVar(sh, n!)) ? k! : formatInt(arithEval(sh, null, k!));
    const v = readElement(sh, n!, key);
    return { vals: v === undefined ? [] : [v], multi: false, star: false, unset: v === undefined, shown: ref, varName: n, key };
  }
  if (!/^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])$/.test(ref)) {
    throw new ExpansionError(`${ref}: invalid variable name`, 1, true, false, true);
  }
  return { ...fetchName(sh, ref, null), source: ref };
}

function ifsJoiner(sh: Shell): string {
  const v = sh.vars.lookup('IFS');
  if (!v || v.value === undefined) return ' ';
  const s = typeof v.value === 'string' ? v.value : '';
  return s.length ? s[0]! : '';
}

/** `${name@…}` / `${name[i]@…}` with a letter bash does not know (the parser keeps it Invalid) */
const BAD_TRANSFORM = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?@[^}]*\}$/;

/** whether a transform's parameter has a value to transform: set, or an array with elements */
function hasValue(sh: Shell, name: string, index: string | undefined): boolean {
  if (name === '@' || name === '*') return sh.positional.length > 0;
  if (/^[0-9]+$/.test(name)) return Number(name) === 0 || Number(name) <= sh.positional.length;
  if (!/^[A-Za-z_]/.test(name)) return true;
  const v = readVar(sh, name);
  if (v === undefined) return false;
  if (typeof v === 'string') return index === undefined || index === '[0]' || index === '[@]' || index === '[*]';
  return valuesOf(v).length > 0;
}

// ---------------------------------------------------------------- the entry point

export function appendParam(sh: Shell, b: FieldBuilder, pe: ParamExp, quoted: boolean, mode: Mode): void {
  // parsed only by the bash-compat pass (`${x!}`, `${a[]}`): bash fails here, not at parse time
  if (pe.Invalid !== undefined) {
    const transform = BAD_TRANSFORM.exec(pe.Invalid);
    // `${x@Z}`: bash checks the letter only for a value (unset or an empty array is just empty),
    // and then a non-interactive shell exits (parameter_brace_transform's expand_wdesc_fatal)
    if (transform !== null && !hasValue(sh, transform[1]!, transform[2])) {
      if (quoted) b.markStarted();
      return;
    }
    throw new ExpansionError(`${info.badSubstTextOf(pe) ?? pe.Invalid}: bad substitution`, 1, true, transform !== null, true);
  }
  const name = pe.Param.Value;

  // ${!prefix*} ${!prefix@}
  if (pe.Names) {
    const names = sh.vars
      .names()
      .filter((n) => n.startsWith(name) && sh.vars.lookup(n)?.value !== undefined)
      .sort();
    emit(sh, b, { vals: names, multi: true, star: pe.Names === '*', unset: false, shown: name }, quoted, mode);
    return;
  }

  let f: Fetched;
  // ${!a[@]} lists a's keys; with any operator after it (${!a[@]:-x}, ${!a[@]#p}, ${!a[@]@Q})
  // bash reads it as an indirection through the joined values of a[@] instead
  if (pe.Excl && isAllIndex(pe.Index) && !pe.Slice && !pe.Repl && !pe.Exp) {
    const keys = keysOf(readVar(sh, name));
    const star = isAllIndex(pe.Index) === '*';
    f = { vals: keys, multi: true, star, unset: keys.length === 0, shown: name };
    // bash joins an unquoted ${!a[*]} with spaces when IFS is empty, giving one field
    if (star && !quoted && keys.length && ifsJoiner(sh) === '') f = { ...f, vals: [keys.join(' ')], multi: false };
  } else if (pe.Excl) {
    f = fetchIndirect(sh, pe);
  } else {
    f = fetchName(sh, name, pe.Index, pe.Length);
  }

  if (pe.Length) {
    let n: number;
    // ${#a[@]}, ${#a[i]} under set -u of a name that is no array with a value (unset, declared
    // without one, a scalar) is unbound (array_length_reference); bash abandons the line but,
    // unlike ${x} unset, does not end the script. An unset element of an array is just 0 long.
    const element = pe.Index !== null && !pe.Excl && sh.opt('nounset');
    if (element && !isArrayValue(readVar(sh, name)) && !isAssocValue(readVar(sh, name))) {
      throw new ExpansionError(`${name}: unbound variable`, 1, true, false);
    }
    if (f.multi) {
      n = f.vals.length;
    } else {
      if (f.unset && !element) checkUnset(sh, f);
      n = f.vals.length ? byteLength(f.vals[0]!) : 0;
    }
    scalarOut(b, String(n), quoted);
    return;
  }

  const exp = pe.Exp;
  if (exp && (exp.Op === '-' || exp.Op === ':-' || exp.Op === '=' || exp.Op === ':=' || exp.Op === '?' || exp.Op === ':?' || exp.Op === '+' || exp.Op === ':+')) {
    const colon = exp.Op.length === 2;
    // through an indirection to a list (${!r:-x} with r='a[@]'), only an empty list counts as null
    const missing = f.unset || (colon && !(pe.Excl && f.multi) && isNull(f, quoted ? ifsJoiner(sh) : null));
    switch (exp.Op) {
      case '-':
      case ':-':
        if (missing) appendOperand(sh, b, exp.Word, quoted, mode);
        else emit(sh, b, f, quoted, mode);
        return;
      case '+':
      case ':+':
        if (!missing) appendOperand(sh, b, exp.Word, quoted, mode);
        // "${@:+x}" with no elements at all is no field, as "$@" is
        else if (quoted && !(f.multi && !f.star && f.vals.length === 0)) b.markStarted();
        return;
      case '=':
      case ':=': {
        if (!missing) {
          emit(sh, b, f, quoted, mode);
          return;
        }
        if (!f.varName) throw new ExpansionError(`$${f.shown}: cannot assign in this way`, 1);
        const val = expandString(sh, exp.Word);
        try {
          if (f.key !== undefined) assignElement(sh, f.varName, f.key, val);
          else assignScalar(sh, f.varName, val);
        } catch (e) {
          // `${q:=5}` with q readonly abandons the command with status 2, as in bash
          if (e instanceof AssignError) throw new AssignError(e.message, 2);
          throw e;
        }
        scalarOut(b, val, quoted);
        return;
      }
      case '?':
      case ':?': {
        if (!missing) {
          emit(sh, b, f, quoted, mode);
          return;
        }
        const msg = exp.Word ? expandString(sh, exp.Word) : colon ? 'parameter null or not set' : 'parameter not set';
        throw new ExpansionError(`${f.shown}: ${msg}`, 1, true, true);
      }
    }
  }

  if (f.unset && !(f.multi)) checkUnset(sh, f);

  let vals = f.vals;
  if (pe.Slice) vals = slice(sh, pe, f);
  if (pe.Repl) {
    const r = normalizeRepl(pe.Repl);
    const pat = expandPattern(sh, r.Orig);
    const rep = r.With ? expandPattern(sh, r.With) : '';
    const modeR = r.Anchor === '#' ? 'prefix' : r.Anchor === '%' ? 'suffix' : r.All ? 'all' : 'first';
    const opts = patOpts(sh);
    const ampersand = sh.shopt('patsub_replacement');
    if (pat !== '' || modeR === 'prefix' || modeR === 'suffix') {
      vals = vals.map((v) => replacePattern(v, pat, rep, modeR, { ...opts, patsubReplacement: ampersand }, sh.rt));
    }
  }
  if (exp) vals = exp.Op === '@' ? transformNamed(sh, pe, exp.Word, vals, f) : applyOperator(sh, exp.Op, exp.Word, vals, f);
  // in an assignment bash joins ${a[@]} with IFS[0], as ${a[*]}, once an operator changed it
  const star = f.star || (mode === 'assign' && f.multi && !pe.Excl && joinsWithIfs(pe, quoted));
  emit(sh, b, { ...f, vals, star }, quoted, mode);
}

/** `${x@L}`: a bad letter is a bad substitution named by the string it is in (noteBadSubsts) */
function transformNamed(sh: Shell, pe: ParamExp, word: Word | null, vals: string[], f: Fetched): string[] {
  try {
    return applyOperator(sh, '@', word, vals, f);
  } catch (e) {
    const text = info.badSubstTextOf(pe);
    if (e instanceof ExpansionError && text !== undefined && e.message.endsWith('}: bad substitution')) {
      throw new ExpansionError(`${text}: bad substitution`, e.status, e.fatal, e.exit, e.reported);
    }
    throw e;
  }
}

const CASE_OPS = new Set(['^', '^^', ',', ',,', '~', '~~']);

/**
 * Which operators make bash join `${a[@]OP}` with IFS[0] in an assignment (`x=…`, `local x=…`):
 * pattern removal and @ transforms (but @K, @A) always, slices, replacements and case changes
 * only inside double quotes; `[[ ]]` and `case` words are not affected.
 */
function joinsWithIfs(pe: ParamExp, quoted: boolean): boolean {
  const op = pe.Exp?.Op;
  if (op === '#' || op === '##' || op === '%' || op === '%%') return true;
  if (op === '@') {
    const p = pe.Exp?.Word?.Parts[0];
    const letter = p !== undefined && p.type === 'Lit' ? p.Value : '';
    return letter !== 'K' && letter !== 'A';
  }
  return quoted && (pe.Slice !== null || pe.Repl !== null || (op !== undefined && CASE_OPS.has(op)));
}

const replCache = new WeakMap<Replace, Replace>();

/** mvdan/sh keeps the `#`/`%` anchor inside Orig; split it out once */
export function normalizeRepl(r: Replace): Replace {
  if (r.Anchor) return r;
  const hit = replCache.get(r);
  if (hit) return hit;
  let out = r;
  const first = r.Orig.Parts[0];
  // after `//` a `#` or `%` is the pattern's own character (bash 5.2: `${v//%/x}` replaces `%`)
  if (!r.All && first && first.type === 'Lit' && (first.Value[0] === '#' || first.Value[0] === '%')) {
    const anchor = first.Value[0] as '#' | '%';
    const rest = first.Value.slice(1);
    const parts = rest ? [{ ...first, Value: rest }, ...r.Orig.Parts.slice(1)] : r.Orig.Parts.slice(1);
    out = { ...r, Anchor: anchor, Orig: { ...r.Orig, Parts: parts } };
  }
  const w = r.With?.Parts[0];
  if (r.All && r.Orig.Parts.length === 0 && r.With !== null && r.With.Parts.length === 0) {
    // `${x///}`: bash reads pattern `/` and an empty replacement (the parser leaves an empty With)
    out = { ...out, Orig: { ...r.Orig, Parts: [{ type: 'Lit', Pos: r.With.Pos, End: r.With.Pos + 1, ValuePos: r.With.Pos, ValueEnd: r.With.Pos + 1, Value: '/' }] } };
  } else if (r.All && r.Orig.Parts.length === 0 && r.With !== null && w && w.type === 'Lit' && w.Value[0] === '/') {
    // `${x////c}`: mvdan reads an empty pattern and `/c`; bash reads pattern `/` and replacement `c`
    const rest = w.Value.slice(1);
    const withParts = rest ? [{ ...w, Value: rest }, ...r.With.Parts.slice(1)] : r.With.Parts.slice(1);
    out = { ...out, Orig: { ...r.Orig, Parts: [{ ...w, Value: '/' }] }, With: { ...r.With, Parts: withParts } };
  }
  replCache.set(r, out);
  return out;
}

function patOpts(sh: Shell): { extglob: boolean; nocase: boolean } {
  return { extglob: sh.shopt('extglob'), nocase: sh.shopt('nocasematch') && false };
}

/**
 * `:-`/`:+` null test. Several values are null only as quoted "$*" whose IFS-joined text is empty
 * (bash: set -- '' ''; IFS=; "${*:-m}" gives m, unquoted ${*:-m} does not). `joiner` is IFS[0]
 * when quoted, null when not.
 */
function isNull(f: Fetched, joiner: string | null): boolean {
  if (f.multi) {
    if (f.vals.length === 0 || (f.vals.length === 1 && f.vals[0] === '')) return true;
    return f.star && joiner !== null && joiner === '' && f.vals.every((v) => v === '');
  }
  return f.vals.length === 0 || f.vals[0] === '';
}

function checkUnset(sh: Shell, f: Fetched): void {
  if (!sh.opt('nounset')) return;
  if (f.shown === '@' || f.shown === '*') return;
  const shown = /^[0-9]/.test(f.shown) ? '$' + f.shown : f.shown;
  throw new ExpansionError(`${shown}: unbound variable`, 1, true, true);
}

/** the operand word of ${x:-word} etc., expanded in the surrounding quoting context */
function appendOperand(sh: Shell, b: FieldBuilder, w: Word | null, quoted: boolean, mode: Mode): void {
  if (!w) {
    if (quoted) b.markStarted();
    return;
  }
  if (quoted) {
    // inside "…", single quotes in the operand are literal characters
    for (const p of w.Parts) {
      if (p.type === 'SglQuoted' && !p.Dollar) {
        const inner = reparseAsDouble(p.Value);
        if (!inner) b.quoted(`'${p.Value}'`);
        else {
          b.quoted("'");
          appendParts(sh, b, inner, true, mode === 'assign' ? 'string' : mode, false);
          b.quoted("'");
        }
      }
      else if (p.type === 'Lit' && p.Value.includes('\\}')) {
        appendParts(sh, b, [{ ...p, Value: p.Value.replace(/\\}/g, '}') }], true, mode === 'assign' ? 'string' : mode, false);
      }
      else appendParts(sh, b, [p], true, mode === 'assign' ? 'string' : mode, false);
    }
    b.markStarted();
    return;
  }
  // unquoted: the operand's literal text is split like an expansion result; tilde applies
  appendParts(sh, b, w.Parts, false, mode === 'assign' ? 'assign' : 'operand', true);
}

function scalarOut(b: FieldBuilder, s: string, quoted: boolean): void {
  if (quoted) b.quoted(s);
  else b.unquotedExpansion(s);
}

function emit(sh: Shell, b: FieldBuilder, f: Fetched, quoted: boolean, _mode: Mode): void {
  const vals = f.vals;
  if (!f.multi) {
    if (vals.length) scalarOut(b, vals[0]!, quoted);
    else if (quoted) b.markStarted();
    return;
  }
  if (quoted && f.star) {
    b.quoted(joined(sh, vals, ifsJoiner(sh)));
    return;
  }
  if (!b.split) {
    // assignment / [[ ]] / pattern context: $* joins with IFS[0], $@ with a space
    const s = joined(sh, vals, f.star ? ifsJoiner(sh) : ' ');
    if (quoted) b.quoted(s);
    else b.unquotedExpansion(s);
    return;
  }
  if (quoted) {
    for (let i = 0; i < vals.length; i++) {
      if (i > 0) b.hardBreak();
      b.quoted(vals[i]!);
      if ((i & 0xffff) === 0xffff) sh.rt.spend(0x10000 * 16);
    }
    return;
  }
  for (let i = 0; i < vals.length; i++) {
    if (i > 0) b.softBreak();
    b.unquotedExpansion(vals[i]!);
    if ((i & 0xffff) === 0xffff) sh.rt.spend(0x10000 * 16);
  }
}

// ---------------------------------------------------------------- operators on values

function applyOperator(sh: Shell, op: string, w: Word | null, vals: string[], f: Fetched): string[] {
  switch (op) {
    case '#':
    case '##': {
      const pat = expandPattern(sh, w);
      return vals.map((v) => removePrefix(v, pat, op === '##', patOpts(sh), sh.rt));
    }
    case '%':
    case '%%': {
      const pat = expandPattern(sh, w);
      return vals.map((v) => removeSuffix(v, pat, op === '%%', patOpts(sh), sh.rt));
    }
    case '^':
    case '^^':
    case ',':
    case ',,':
    case '~':
    case '~~': {
      const pat = w ? expandPattern(sh, w) : '';
      // a quoted empty pattern (`${x^^""}`) stays bash's quoted null, which matches no character
      if (pat === '' && w !== null && w.Parts.some((p) => p.type === 'SglQuoted' || p.type === 'DblQuoted')) return vals;
      const map = op[0] === '^' ? asciiUpper : op[0] === ',' ? asciiLower : toggleCase;
      const all = op.length === 2;
      return vals.map((v) => caseMod(v, pat, map, all, sh));
    }
    case '@': {
      const letter = w ? expandString(sh, w) : '';
      return transformAt(sh, letter, vals, f);
    }
  }
  return vals;
}

/** `${x~}`: A-Z ↔ a-z, as bash's C locale toggles */
function toggleCase(ch: string): string {
  const u = asciiUpper(ch);
  return u === ch ? asciiLower(ch) : u;
}

function caseMod(v: string, pat: string, map: (ch: string) => string, all: boolean, sh: Shell): string {
  // bash matches case-modification patterns with extended globbing on, whatever extglob says
  const test = pat === '' ? null : compilePattern(pat, { ...patOpts(sh), extglob: true });
  let out = '';
  let done = false;
  for (const ch of v) {
    if (!done && (test === null || test.test(ch))) {
      out += map(ch);
      if (!all) done = true;
    } else {
      out += ch;
      if (!all) done = true;
    }
  }
  return out;
}

function varAttrLetters(sh: Shell, name: string): string {
  const v = sh.vars.lookup(name);
  return v ? attrLetters(v) : '';
}

function transformAt(sh: Shell, letter: string, vals: string[], f: Fetched): string[] {
  switch (letter) {
    case 'Q':
      return vals.map(quoteForReuse);
    case 'E':
      return vals.map((v) => decodeAnsiC(v));
    case 'P':
      return vals.map((v) => expandPrompt(sh, v));
    case 'U':
      return vals.map(asciiUpper);
    case 'L':
      return vals.map(asciiLower);
    case 'u':
      return vals.map((v) => (v.length ? asciiUpper(v[0]!) + v.slice(1) : v));
    case 'a': {
      const n = f.varName ?? f.shown.replace(/\[.*$/, '');
      const l = varAttrLetters(sh, n);
      return f.multi ? vals.map(() => l) : [l];
    }
    case 'A': {
      const n = f.varName ?? f.shown.replace(/\[.*$/, '');
      const v = sh.vars.lookup(n);
      if (!v || v.value === undefined) return [];
      if (typeof v.value === 'string' || !f.multi) {
        const flags = varAttrLetters(sh, n).replace(/[aA]/g, '');
        const val = typeof v.value === 'string' ? v.value : f.vals[0] ?? '';
        return [flags ? `declare -${flags} ${n}=${quoteForReuse(val)}` : `${n}=${quoteForReuse(val)}`];
      }
      return [`declare -${varAttrLetters(sh, n) || 'a'} ${n}=${arrayLiteral(v.value)}`];
    }
    case 'K':
    case 'k': {
      const n = f.varName ?? f.shown.replace(/\[.*$/, '');
      const v = readVar(sh, n);
      if (f.multi && v !== undefined && typeof v !== 'string') {
        if (letter === 'K') {
          const ks = keysOf(v);
          const vs = valuesOf(v);
          // keysOf and valuesOf walk the same elements in the same order
          const body = ks.map((k, i) => `${isAssocValue(v) ? assocKeyText(k) : k} ${declareQuote(vs[i]!)}`).join(' ');
          return [body + (isAssocValue(v) && ks.length ? ' ' : '')];
        }
        const out: string[] = [];
        const ks = keysOf(v);
        const vs = valuesOf(v);
        ks.forEach((k, i) => {
          out.push(k, vs[i]!);
        });
        return out;
      }
      return vals.map(quoteForReuse);
    }
  }
  // bash checks the letter only for a value: unset (or an empty array) is just empty; otherwise a
  // non-interactive shell exits (parameter_brace_transform's expand_wdesc_fatal)
  if (f.unset && vals.length === 0) return [];
  throw new ExpansionError(`${'${'}${f.shown}@${letter}}: bad substitution`, 1, true, true, true);
}

