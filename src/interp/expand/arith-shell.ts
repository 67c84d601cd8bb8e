// The interpreter side of arithmetic: an ArithEnv over the shell's variables, the source text of
// each expression (for bash's exact error messages), and conversion of ArithError into the
// interpreter's ExpansionError.

import type { ArithmExp, ArithmExpr, Word } from '../../syntax/ast.js';
import { parseArith } from '../../syntax/index.js';
import type { Shell } from '../state/shell.js';
import { evalArithText, ArithError, findDynamicWords, formatInt, substituteText, type ArithEnv, type ArithSource, type Int } from '../arith/evaluate.js';
import { ExpansionError, AssignError, namedSubscriptError, reportError } from '../state/errors.js';
import { compiledTopOf, evalArithCompiled, runTop, type TopLevel } from '../arith/compile.js';
import { readElement, readVar, assignElement, assignScalar } from './var-access.js';
import { compileDirectArith } from './arith-direct.js';
import { isAssocValue, scalarOf } from '../state/vars.js';
import { arithSources } from '../state/source-info.js';
import { expandString } from './expand.js';



// Expression text from variables and substituted `$((…))` repeats in loops; parsed trees are
// never mutated, so they can be shared. Cleared wholesale when full to bound memory.
const parsedTexts = new Map<string, ReturnType<ArithEnv['parse']>>();
const PARSE_CACHE_LIMIT = 2000;

function parseCached(src: string): ReturnType<ArithEnv['parse']> {
  let parsed = parsedTexts.get(src);
  if (parsed !== undefined) return parsed;
  try {
    parsed = parseArith(src);
  } catch (err) {
    parsed = { message: (err as Error).message };
  }
  if (parsedTexts.size >= PARSE_CACHE_LIMIT) parsedTexts.clear();
  parsedTexts.set(src, parsed);
  return parsed;
}

function envOf(sh: Shell): ArithEnv {
  const e = sh.arithEnv as ArithEnv | null;
  if (e) {
    e.nounset = sh.setOpts.nounset;
    return e;
  }
  return newEnv(sh);
}

/** apart from envOf: its closures would make every envOf call allocate a context (issue 7) */
function newEnv(sh: Shell): ArithEnv {
  const e: ArithEnv = {
    get: (name, index) => {
      if (index !== undefined) return readElement(sh, name, index);
      // readScalar, one call shorter: every variable read in arithmetic comes here
      const v = readVar(sh, name);
      return typeof v === 'string' || v === undefined ? v : scalarOf(v);
    },
    set: (name, value, index, indexText) => {
      if (index === undefined) assignScalar(sh, name, value);
      else {
        try {
          assignElement(sh, name, index, value);
        } catch (e) {
          // bash names a negative subscript past the start and goes on (the value stands)
          const named = namedSubscriptError(e, name, indexText ?? index);
          if (named === e) throw e;
          reportError(sh, (named as Error).message);
        }
      }
    },
    expandWord: (w: Word) => expandString(sh, w),
    parse: parseCached,
    isAssoc: (name) => {
      const v = sh.vars.lookup(sh.vars.resolve(name));
      return v !== undefined && (isAssocValue(v.value) || (v.attrs & 128) !== 0);
    },
    warn: (message) => reportError(sh, message),
    nounset: sh.opt('nounset'),
  };
  sh.arithEnv = e;
  return e;
}

function convert(err: unknown, prefix = ''): never {
  if (err instanceof ArithError) {
    // `set -u`'s "y: unbound variable" names the variable itself, with no prefix; so does an
    // error in an array subscript, which bash evaluates on its own
    const unbound = err.kind === 'unbound';
    throw new ExpansionError((err.kind === 'error' ? prefix : '') + err.message, 1, true, unbound);
  }
  if (err instanceof AssignError) throw new ExpansionError(err.message, 1, true, false, true);
  throw err;
}

/**
 * evaluate an expression node (or, when `x` is null, expression text); `prefix` starts the
 * message of an error in the expression (a slice's `x: `)
 */
export function arithEval(sh: Shell, x: ArithmExpr | null, text?: string, prefix = ''): Int {
  try {
    if (x === null) return evalArithText(text ?? '', envOf(sh));
    return evalArithCompiled(x, envOf(sh), arithSources.get(x));
  } catch (e) {
    convert(e, prefix);
  }
}

/** evaluate with a message prefix (`((: `, `let: `) and non-fatal errors */
export function arithEvalCmd(sh: Shell, x: ArithmExpr, prefix: string): Int {
  try {
    return evalArithCompiled(x, envOf(sh), arithSources.get(x));
  } catch (e) {
    cmdError(e, prefix);
  }
}

/** a `let` argument as the shell word it was (expanded, unquoted): `let` sets $_ to its last */
export function letArgText(sh: Shell, x: ArithmExpr): string {
  const src = arithSources.get(x);
  if (src === undefined) return '';
  const words = findDynamicWords(x, true);
  return words === null ? src.text : substituteText(src, words, envOf(sh));
}

/** an error of `((…))` / `let`: not fatal unless nounset's */
function cmdError(e: unknown, prefix: string): never {
  if (e instanceof ArithError) {
    // `set -u`'s "y: unbound variable" names the variable itself, with no prefix (as convert);
    // an error in an array subscript has none either and is fatal even here (see ArithError)
    const unbound = e.kind === 'unbound';
    throw new ExpansionError((e.kind === 'error' ? prefix : '') + e.message, 1, e.kind !== 'error', unbound);
  }
  if (e instanceof AssignError) throw new ExpansionError(e.message, 1, false, false, true);
  throw e;
}

export function arithText(sh: Shell, text: string): Int {
  try {
    return evalArithText(text, envOf(sh));
  } catch (e) {
    convert(e);
  }
}

/** arithText with a command's message prefix (`[[: `) and non-fatal errors, as arithEvalCmd */
export function arithTextCmd(sh: Shell, text: string, prefix: string): Int {
  try {
    return evalArithText(text, envOf(sh));
  } catch (e) {
    cmdError(e, prefix);
  }
}

/**
 * One arithmetic node compiled for repeated evaluation: its tree and source text fetched at the
 * first use, not per evaluation; an error goes to `fail` (the caller's wording).
 */
function compileTopLevel(x: ArithmExpr, fail: (e: unknown) => never): (sh: Shell) => Int {
  let top: TopLevel | null = null;
  let src: ArithSource | undefined;
  return (sh) => {
    if (top === null) {
      top = compiledTopOf(x);
      src = arithSources.get(x);
    }
    try {
      return runTop(top, envOf(sh), src);
    } catch (e) {
      fail(e);
    }
  };
}

/** `((x))`-style evaluation compiled for one node */
export function compileArithCmdGeneral(x: ArithmExpr, prefix: string): (sh: Shell) => Int {
  return compileTopLevel(x, (e) => cmdError(e, prefix));
}

/** `$((x))` compiled for one node: the same as arithExpand(sh, node) */
export function compileArithExpand(node: ArithmExp): (sh: Shell) => string {
  const x = node.X;
  if (!x) return () => '0';
  const general = compileArithExpandGeneral(x);
  const direct = compileDirectArith(x);
  if (direct === null) return general;
  return (sh) => {
    const v = direct(sh);
    return v === v ? String(v) : general(sh);
  };
}

function compileArithExpandGeneral(x: ArithmExpr): (sh: Shell) => string {
  const run = compileTopLevel(x, convert);
  return (sh) => formatInt(run(sh));
}

export function arithExpand(sh: Shell, node: ArithmExp): string {
  if (!node.X) return '0';
  return formatInt(arithEval(sh, node.X));
}

/** the key for `name[index]`: the word itself for associative arrays, else the evaluated index */
export function indexKey(sh: Shell, name: string, index: ArithmExpr): string {
  const v = sh.vars.lookup(sh.vars.resolve(name));
  if ((v !== undefined && isAssocValue(v.value)) || isAssocDeclared(sh, name)) {
    if (index.type === 'Word') return expandString(sh, index);
    const src = arithSources.get(index);
    if (src) return src.text;
  }
  return formatInt(arithEval(sh, index));
}

function isAssocDeclared(sh: Shell, name: string): boolean {
  const v = sh.vars.lookup(sh.vars.resolve(name));
  return v !== undefined && (v.attrs & 128) !== 0;
}
