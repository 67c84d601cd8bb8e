// declare / typeset / local / export / readonly: attributes, scoping and listing.
// Used both by DeclClause (parsed `declare a=(…)`) and by the argv form (`command declare …`).

import { isAssignTarget } from '../state/assign-target.js';
import type { Shell, Status } from '../state/shell.js';
import { ATTR, attrLetters, ELEMENT_COST, ENTRY_COST, cloneVariable, isArrayValue, isAssocValue, isValidName, newVariable, type Variable } from '../state/vars.js';
import { assignArray, assignElement, assignScalar, isDynamic, readVar, replaceValue, type ArrayItem } from '../expand/var-access.js';
import { AssignError, ExpansionError, namedSubscriptError, reportError } from '../state/errors.js';
import { arrayLiteral, declareQuote, singleQuote } from '../state/quote.js';
import { arithText } from '../expand/arith-shell.js';
import { formatInt } from '../arith/evaluate.js';
import { defineOptions, type OptionLetters, type OptionTable } from '../help/option.js';

export type Variant = 'declare' | 'typeset' | 'local' | 'export' | 'readonly';

export interface DeclItem {
  name: string;
  /** `a[k]=v`: the raw index text */
  index?: string;
  append?: boolean;
  value?: string;
  array?: ArrayItem[];
  /** the argument as written, for messages */
  text: string;
}

const FLAG_BITS: Record<string, number> = {
  a: ATTR.indexed, A: ATTR.assoc, i: ATTR.integer, l: ATTR.lower, u: ATTR.upper, r: ATTR.readonly,
  x: ATTR.export, n: ATTR.nameref, c: ATTR.capitalize,
};

export interface DeclFlags {
  on: number;
  off: number;
  /** -g (or -G): not local to the function */
  global: boolean;
  print: boolean;
  funcs: boolean;
  funcNames: boolean;
  /** -I: a new local takes the value and attributes of the variable it shadows */
  inherit: boolean;
  /** -t: the trace attribute, which no variable keeps here (listing with it shows nothing) */
  trace: boolean;
}

/**
 * The options of declare and its kin, as bash declares them: declare.def's DECLARE_OPTIONS
 * (`+x` turns an attribute off) for declare, typeset and local; setattr.def's "aAfnp" for export
 * and readonly, which take no `+x` (`export +n` is a name, and not a valid one).
 */
const DECLARE_LETTERS = 'acfgilnprtuxAFGI';
const SETATTR_LETTERS = 'aAfnp';
export const DECLARE_OPTIONS = {
  declare: defineOptions({
    name: 'declare', letters: DECLARE_LETTERS, plus: true,
    synopsis: 'declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]',
  }),
  typeset: defineOptions({
    name: 'typeset', letters: DECLARE_LETTERS, plus: true,
    synopsis: 'typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]',
  }),
  local: defineOptions({ name: 'local', letters: DECLARE_LETTERS, plus: true, synopsis: 'local [option] name[=value] ...' }),
  export: defineOptions({ name: 'export', letters: SETATTR_LETTERS, synopsis: 'export [-fn] [name[=value] ...] or export -p' }),
  readonly: defineOptions({ name: 'readonly', letters: SETATTR_LETTERS, synopsis: 'readonly [-aAf] [name[=value] ...] or readonly -p' }),
} as const satisfies Record<Variant, OptionTable>;

type DeclLetter = OptionLetters<typeof DECLARE_LETTERS>;

/**
 * One option of declare & co into `flags`, as the switch of bash's declare_internal (and
 * set_or_show_attributes for export and readonly) takes it. Called by the option scan.
 */
export function applyDeclOption(variant: Variant, flags: DeclFlags, c: DeclLetter, sign: '-' | '+'): void {
  const on = sign === '-';
  if (variant === 'export' || variant === 'readonly') {
    // -n undoes: export -n unexports; readonly -n cannot take readonly away, so changes nothing.
    // -a/-A restrict the names listed, -f works on functions, -p changes nothing
    if (c === 'n') flags.off |= variant === 'export' ? ATTR.export : ATTR.readonly;
    else if (c === 'f') flags.funcs = true;
    else if (c === 'a' || c === 'A') flags.on |= FLAG_BITS[c]!;
    return;
  }
  switch (c) {
    case 'p':
      flags.print = true;
      return;
    case 'I':
      flags.inherit = true;
      return;
    case 't': // the trace attribute: not kept (nothing traces functions here)
      if (on) flags.trace = true;
      return;
    case 'f':
    case 'F':
      // +f/+F take the function attribute off names that are variables: nothing to do
      if (on) {
        if (c === 'f') flags.funcs = true;
        else flags.funcNames = true;
      }
      return;
    case 'g':
    case 'G':
      // not local to the function. bash's -G keeps to a local of the function itself when there
      // is one (declare.def's chklocal); here -g does too, as it sets the variable that is
      // visible (bash's -g sets the global one past such a local: a difference left as it was)
      if (on) flags.global = true;
      return;
    default:
      if (on) flags.on |= FLAG_BITS[c]!;
      else flags.off |= FLAG_BITS[c]!;
  }
}

function write(sh: Shell, s: string): void {
  const r = sh.stdout.writeString(s);
  if (r) r.catch(() => undefined);
}

function flagString(v: Variable): string {
  return attrLetters(v) || '-';
}

/** `declare -p name` text (without the newline) */
export function declareLine(name: string, v: Variable): string {
  const head = `declare -${flagString(v)} ${name}`;
  const val = v.value;
  if (val === undefined) return head;
  return `${head}=${typeof val === 'string' ? declareQuote(val) : arrayLiteral(val)}`;
}

/**
 * `local` outside a function: bash says so before it looks at the options (only a first
 * `--help` is answered before that: local_builtin)
 */
export function notInFunction(sh: Shell): number {
  sh.error('local: can only be used in a function');
  return 1;
}

export function declare(sh: Shell, variant: Variant, flags: DeclFlags, items: DeclItem[]): Status {
  if (variant === 'local' && sh.callDepth === 0) return notInFunction(sh);
  if (variant === 'local' && items.length === 0) {
    // `local` alone lists the current function's locals whatever the options (bash's
    // show_local_var_attributes); -F leaves their values out
    const f = sh.vars.localFrame();
    for (const [n, v] of f ?? []) write(sh, (flags.funcNames ? `declare -${flagString(v)} ${n}` : declareLine(n, v)) + '\n');
    return 0;
  }
  if (variant === 'export' || variant === 'readonly') {
    const attr = variant === 'export' ? ATTR.export : ATTR.readonly;
    // with names, -p is ignored (bash 5.2: `export -p x` exports x); alone, -n lists them too,
    // -a/-A only the arrays of that kind, -f the functions
    if (items.length === 0) {
      if (flags.funcs) return listAttrFunctions(sh, variant);
      return listVars(sh, variant, { ...flags, on: flags.on | attr, print: true }, items);
    }
    flags.print = false;
    if (!(flags.off & attr)) flags.on |= attr;
    if (variant === 'readonly') flags.off &= ~ATTR.readonly;
  }

  if ((variant === 'export' || variant === 'readonly') && flags.funcs && items.length) {
    // export -f / readonly -f NAME: attributes on functions, nothing printed
    let st = 0;
    for (const it of items) {
      if (!sh.funcs.has(it.name)) {
        sh.error(`${variant}: ${it.name}: not a function`);
        st = 1;
      } else if (variant === 'readonly') sh.readonlyFuncs.add(it.name);
    }
    return st;
  }
  if (flags.funcs || flags.funcNames) return listFunctions(sh, flags, items);
  if (flags.print || items.length === 0) return listVars(sh, variant, flags, items);

  // export/readonly NAME without a value: -a/-A only restrict which names are listed (bash's
  // set_or_show_attributes), so the variable is neither made nor converted into an array
  const exportFlags: DeclFlags = { ...flags, on: flags.on & ~(ATTR.indexed | ATTR.assoc) };
  // -g (even for `local`) makes or sets the variable outside the function
  const local = (variant === 'local' || ((variant === 'declare' || variant === 'typeset') && sh.callDepth > 0)) && !flags.global;
  let st = 0;
  for (const it of items) {
    if (it.name === '-' && it.value === undefined && variant === 'local' && local) {
      // `local -`: the set options come back as they are now when the function returns
      sh.localOptions ??= new Map();
      if (!sh.localOptions.has(sh.callDepth)) sh.localOptions.set(sh.callDepth, [...sh.setOpts]);
      continue;
    }
    if (!isValidName(it.name)) {
      sh.error(`${variant}: \`${it.text}': not a valid identifier`);
      st = 1;
      continue;
    }
    try {
      declareOne(sh, valuelessExport(variant, it) ? exportFlags : flags, it, local);
    } catch (e) {
      if (e instanceof AssignError) {
        // export and readonly report through bash's report_error: no builtin name, and under
        // set -e the shell exits
        if (variant === 'export' || variant === 'readonly') reportError(sh, e.message);
        else sh.error(e.bare ? e.message : `${variant}: ${e.message}`);
        st = 1;
        continue;
      }
      // an integer value's arithmetic error ends the line as ever, named after the builtin
      // (`declare: 1 +: syntax error …`; set -u's "x: unbound variable" stays as it is)
      if (e instanceof ExpansionError && !e.exit) throw new ExpansionError(`${variant}: ${e.message}`, e.status, e.fatal, e.exit);
      throw e;
    }
  }
  return st;
}

function valuelessExport(variant: Variant, it: DeclItem): boolean {
  return (variant === 'export' || variant === 'readonly') && it.value === undefined && it.array === undefined;
}

function declareOne(sh: Shell, flags: DeclFlags, it: DeclItem, local: boolean): void {
  if (flags.on & ATTR.nameref && it.value === '') throw new AssignError("`': not a valid identifier");
  let v: Variable | undefined;
  const name = flags.on & ATTR.nameref || flags.off & ATTR.nameref ? it.name : sh.vars.resolve(it.name);
  if (local) {
    const f = sh.vars.localFrame()!;
    v = f.get(name);
    if (!v) {
      const outer = sh.vars.lookup(name);
      if (outer && outer.attrs & ATTR.readonly) throw new AssignError(`${name}: readonly variable`);
      // a name from the call's temporary environment (`x=tmp f`) keeps its value, exported (bash)
      const fromTemp = outer !== undefined && typeof outer.value === 'string' && sh.vars.tempFrames.has(sh.vars.frameOf(name)!);
      if (fromTemp) v = newVariable(outer.value, outer.attrs & ATTR.export);
      else if (outer !== undefined && flags.inherit) {
        // -I: the value and attributes of the variable it shadows (not a nameref's)
        v = cloneVariable(outer);
        v.attrs &= ~ATTR.nameref;
      } else v = newVariable(undefined, 0);
      sh.vars.add(f, name, v);
    }
  } else {
    v = sh.vars.lookup(name);
    if (!v) {
      v = newVariable(undefined, 0);
      sh.vars.add(sh.vars.frames[0]!, name, v);
    }
  }
  const changing = it.value !== undefined || it.array !== undefined || (flags.off & ATTR.readonly) !== 0;
  if (v.attrs & ATTR.readonly && changing) throw new AssignError(`${name}: readonly variable`);
  refuseConversion(flags.on, v, name);
  if (flags.on & ATTR.nameref && !local) refuseNameref(name, it.value ?? (typeof v.value === 'string' ? v.value : undefined));

  // attributes that shape the value come first; readonly last
  const on = flags.on & ~ATTR.readonly;
  if (on & ATTR.lower) v.attrs &= ~(ATTR.upper | ATTR.capitalize);
  if (on & ATTR.upper) v.attrs &= ~(ATTR.lower | ATTR.capitalize);
  v.attrs = (v.attrs | on) & ~(flags.off & ~ATTR.readonly);
  if (on & ATTR.assoc && !isAssocValue(v.value)) {
    if (isArrayValue(v.value) && v.value.length) {
      // bash: cannot convert indexed to associative array
      throw new AssignError(`${name}: cannot convert indexed to associative array`);
    }
    if (typeof v.value === 'string') {
      // bash keeps a scalar as [0]
      replaceValue(sh, v, new Map([['0', v.value]]), ENTRY_COST + 1 + v.value.length);
    } else replaceValue(sh, v, v.value === undefined && it.value === undefined && it.array === undefined ? undefined : new Map(), 0);
  }
  if (on & ATTR.indexed && !isArrayValue(v.value) && !isAssocValue(v.value)) {
    if (typeof v.value === 'string') replaceValue(sh, v, [v.value], ELEMENT_COST + v.value.length);
  }

  if (v.attrs & ATTR.nameref && it.value !== undefined) {
    replaceValue(sh, v, it.value, 0);
  } else if (it.array !== undefined) {
    assignArray(sh, name, it.array, it.append === true, (v.attrs & ATTR.assoc) !== 0);
  } else if (it.value !== undefined) {
    if (it.index !== undefined) {
      const key = v.attrs & ATTR.assoc || isAssocValue(v.value) ? it.index : formatInt(arithText(sh, it.index));
      try {
        assignElement(sh, name, key, it.value, it.append === true);
      } catch (e) {
        throw namedSubscriptError(e, name, it.index);
      }
    } else if (v.attrs & (ATTR.indexed | ATTR.assoc) && v.value === undefined) {
      assignArray(sh, name, [{ key: '0', value: it.value }], false, (v.attrs & ATTR.assoc) !== 0);
    } else assignScalar(sh, name, it.value, it.append === true);
  } else if (on & ATTR.integer && typeof v.value === 'string') {
    // existing values are not re-evaluated by -i in bash
  }
  if (flags.on & ATTR.readonly) v.attrs |= ATTR.readonly;
}

/** bash's checks before an array changes kind: -A of an indexed array, -a of an associative one */
function refuseConversion(on: number, v: Variable, name: string): void {
  const assoc = isAssocValue(v.value) || (v.attrs & ATTR.assoc) !== 0;
  const indexed = !assoc && (isArrayValue(v.value) || (v.attrs & ATTR.indexed) !== 0);
  if (on & ATTR.assoc && indexed) throw new AssignError(`${name}: cannot convert indexed to associative array`);
  if (on & ATTR.indexed && assoc) throw new AssignError(`${name}: cannot convert associative to indexed array`);
}

/** a global nameref may not name itself, nor hold what is not a name (bash's declare errors) */
function refuseNameref(name: string, target: string | undefined): void {
  if (target === undefined || target === '') return;
  if (target === name) throw new AssignError(`${name}: nameref variable self references not allowed`);
  if (!isAssignTarget(target)) throw new AssignError(`\`${target}': invalid variable name for name reference`);
}

/** the attributes bash shows for its dynamic variables (arrays are seen from their value) */
const DYNAMIC_ATTRS: Record<string, number> = { RANDOM: ATTR.integer, SECONDS: ATTR.integer, BASHPID: ATTR.integer, FUNCNAME: ATTR.indexed };

/** `declare -p PIPESTATUS`: a dynamic variable that is not stored, made for printing */
function dynamicVariable(sh: Shell, name: string): Variable | undefined {
  if (!isDynamic(name)) return undefined;
  const value = readVar(sh, name);
  const attrs = DYNAMIC_ATTRS[name] ?? 0;
  // FUNCNAME outside a function is declared without a value
  return value === undefined && attrs !== ATTR.indexed ? undefined : newVariable(value, attrs);
}

function listVars(sh: Shell, variant: Variant, flags: DeclFlags, items: DeclItem[]): number {
  let st = 0;
  if (items.length) {
    for (const it of items) {
      const v = sh.vars.lookup(it.name) ?? dynamicVariable(sh, it.name);
      if (!v) {
        sh.error(`${variant}: ${it.name}: not found`);
        st = 1;
        continue;
      }
      write(sh, declareLine(it.name, v) + '\n');
    }
    return st;
  }
  // no variable keeps the trace attribute here
  if (flags.trace) return 0;
  const vis = [...sh.vars.visible()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const need = flags.on;
  for (const [n, v] of vis) {
    // an array is one by its value too (`a=(1)` has no attribute bit)
    const have = v.attrs | (isArrayValue(v.value) ? ATTR.indexed : 0) | (isAssocValue(v.value) ? ATTR.assoc : 0);
    if (need && (have & need) !== need) continue;
    if (variant === 'export' || variant === 'readonly' || flags.print || need) write(sh, declareLine(n, v) + '\n');
    else if (v.value !== undefined) write(sh, setLine(n, v) + '\n');
  }
  if (variant !== 'export' && variant !== 'readonly' && !flags.print && !need) write(sh, functionListing(sh));
  return 0;
}

/**
 * `readonly -f` / `export -f` alone: the functions with that attribute, each definition then its
 * `declare -f…` line. Functions are never exported here (nothing runs them in another shell), so
 * export lists none.
 */
function listAttrFunctions(sh: Shell, variant: 'export' | 'readonly'): number {
  if (variant === 'export') return 0;
  let out = '';
  for (const n of [...sh.readonlyFuncs].sort()) {
    const f = sh.funcs.get(n);
    if (f !== undefined) out += `${f.text}\ndeclare -fr ${n}\n`;
  }
  write(sh, out);
  return 0;
}

/** what `set` and a bare `declare` print after the variables: every function's definition */
export function functionListing(sh: Shell): string {
  let out = '';
  for (const n of [...sh.funcs.keys()].sort()) out += sh.funcs.get(n)!.text + '\n';
  return out;
}

/** the `set` / bare `declare` listing form: name=value */
export function setLine(n: string, v: Variable): string {
  const val = v.value;
  if (typeof val === 'string') return `${n}=${quoteSet(val)}`;
  return `${n}=${arrayLiteral(val)}`;
}

function quoteSet(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]*$/.test(s)) return s;
  if (/[^\x20-\x7e]/.test(s)) return declareQuote(s);
  return singleQuote(s);
}

function listFunctions(sh: Shell, flags: DeclFlags, items: DeclItem[]): number {
  const names = items.length ? items.map((i) => i.name) : [...sh.funcs.keys()].sort();
  let st = 0;
  for (const n of names) {
    const f = sh.funcs.get(n);
    if (!f) {
      st = 1;
      continue;
    }
    if (flags.funcNames) write(sh, items.length ? `${n}\n` : `declare -f ${n}\n`);
    else write(sh, f.text + '\n');
  }
  return st;
}

/** parse argv-form arguments (`name`, `name=v`, `name+=v`, `a[1]=v`) */
export function itemFromArg(arg: string): DeclItem {
  const m = /^([^=[+]*)(\[[^\]]*\])?(\+?=)?(.*)$/s.exec(arg)!;
  const name = m[1]!;
  const index = m[2] ? m[2].slice(1, -1) : undefined;
  if (m[3] === undefined) return { name: index !== undefined ? name : arg, text: arg };
  return { name, index, append: m[3] === '+=', value: m[4] ?? '', text: arg };
}

export function newFlags(): DeclFlags {
  return { on: 0, off: 0, global: false, print: false, funcs: false, funcNames: false, inherit: false, trace: false };
}

