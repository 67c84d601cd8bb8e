// Parameter expansions compiled for the common scalar forms (issue 7: loops): `${#x}`,
// `${x#p}` `${x##p}` `${x%p}` `${x%%p}` and `${x/p/r}` `${x//p/r}` `${x/#p/r}` `${x/%p/r}` on a plain
// variable or positional parameter, with a pattern (and replacement) that is fixed text. The
// pattern is expanded once; each evaluation is a variable read and a string operation.
//
// The compiled function returns undefined when the parameter is unset: the caller then takes the
// general path (appendParam), which applies nounset and produces bash's messages.

import type { ParamExp } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import { expandPattern, isStaticWord } from './expand.js';
import { compileScalarRead } from './var-access.js';
import { byteLength, normalizeRepl } from './param.js';
import { removePrefix, removeSuffix, replacePattern, type PatternOptions, type ReplaceMode, type ReplaceOptions } from '../../../lib/pattern/pattern.js';
import { literalShape, removePrefixLiteral, removeSuffixLiteral, spliceLiteral, type LiteralShape } from '../../../lib/pattern/literal.js';

export type ScalarParam = (sh: Shell) => string | undefined;

// pattern options as shared constants, not an object per expansion (the matchers only read them)
const PLAIN: PatternOptions = Object.freeze({ extglob: false, nocase: false });
const EXTGLOB: PatternOptions = Object.freeze({ extglob: true, nocase: false });
/** indexed by (extglob ? 1 : 0) | (patsub_replacement ? 2 : 0) */
const REPLACE_OPTIONS: readonly ReplaceOptions[] = [false, true, false, true].map((extglob, i) =>
  Object.freeze({ extglob, nocase: false, patsubReplacement: i >= 2 }),
);

/** the value of `$name` / `$N` (N ≥ 1), or null when the parameter is not one of those */
function readerOf(pe: ParamExp): ScalarParam | null {
  const name = pe.Param.Value;
  const c = name.charCodeAt(0) | 32;
  if ((c >= 97 && c <= 122) || c === 127 /* '_' | 32 */) return compileScalarRead(name);
  if (!/^[1-9][0-9]*$/.test(name)) return null;
  const index = Number(name) - 1;
  return (sh) => sh.positional[index];
}

export function compileScalarParam(pe: ParamExp): ScalarParam | null {
  if (pe.Invalid !== undefined) return null; // a bad substitution: the general path reports it
  if (pe.Excl || pe.Names !== null || pe.Index !== null || pe.Slice !== null) return null;
  const read = readerOf(pe);
  if (!read) return null;
  const exp = pe.Exp;
  const repl = pe.Repl;
  if (pe.Length) {
    if (exp || repl) return null;
    return (sh) => {
      const v = read(sh);
      return v === undefined ? undefined : String(byteLength(v));
    };
  }
  if (exp && !repl) {
    const op = exp.Op;
    if (op !== '#' && op !== '##' && op !== '%' && op !== '%%') return null;
    if (exp.Word && !isStaticWord(exp.Word)) return null;
    const word = exp.Word;
    const longest = op.length === 2;
    const remove = op[0] === '#' ? removePrefix : removeSuffix;
    const removeLiteral = op[0] === '#' ? removePrefixLiteral : removeSuffixLiteral;
    // the pattern's text and its literal shape, found at the first use (they never change)
    let pattern: string | null = null;
    let shape: LiteralShape | null = null;
    return (sh) => {
      const v = read(sh);
      if (v === undefined) return undefined;
      if (pattern === null) {
        pattern = expandPattern(sh, word);
        shape = literalShape(pattern);
      }
      if (shape !== null) return removeLiteral(v, shape, longest);
      return remove(v, pattern, longest, sh.shopt('extglob') ? EXTGLOB : PLAIN, sh.rt);
    };
  }
  if (repl && !exp) {
    const r = normalizeRepl(repl);
    if (!isStaticWord(r.Orig) || (r.With && !isStaticWord(r.With))) return null;
    const orig = r.Orig;
    const withWord = r.With;
    const mode: ReplaceMode = r.Anchor === '#' ? 'prefix' : r.Anchor === '%' ? 'suffix' : r.All ? 'all' : 'first';
    // the pattern and replacement texts, expanded at the first use (they never change); `lit`:
    // the pattern when it is plain text replaced where found (`${s/o/0}`, `${s//-/_}`)
    let pat: string | null = null;
    let rep = '';
    let lit: string | null = null;
    return (sh) => {
      const v = read(sh);
      if (v === undefined) return undefined;
      if (pat === null) {
        pat = expandPattern(sh, orig);
        rep = withWord ? expandPattern(sh, withWord) : '';
        const shape = mode === 'first' || mode === 'all' ? literalShape(pat) : null;
        if (shape !== null && shape.kind === 'exact') lit = shape.lit;
      }
      if (lit !== null && (rep.indexOf('\\') < 0 && rep.indexOf('&') < 0)) {
        // replacePattern's literal case, minus its lookups: the replacement is the text itself
        const i = v.indexOf(lit);
        return i < 0 ? v : spliceLiteral(v, lit, mode === 'all', rep, i, sh.rt);
      }
      if (pat === '' && mode !== 'prefix' && mode !== 'suffix') return v;
      return replacePattern(v, pat, rep, mode, REPLACE_OPTIONS[(sh.shopt('extglob') ? 1 : 0) | (sh.shopt('patsub_replacement') ? 2 : 0)]!, sh.rt);
    };
  }
  return null;
}
