// Core builtins that change shell state: set, shopt, unset, and the argv forms of
// declare/typeset/local/export/readonly.

import { CTL, SET_OPTIONS, type Shell } from '../state/shell.js';
import type { CoreBuiltin } from './core-types.js';
import { applyDeclOption, declare, DECLARE_OPTIONS, functionListing, itemFromArg, newFlags, notInFunction, setLine, type DeclItem, type Variant } from '../exec/declare.js';
import { emptyArray, isAssocName, keyFor, unsetElement, unsetVar } from '../expand/var-access.js';
import { ATTR, isValidName } from '../state/vars.js';
import { arithText } from '../expand/arith-shell.js';
import { formatInt } from '../arith/evaluate.js';
import { defineOptions, Ended, helpFirst, parseOptions, scanOptions, usageError } from '../help/option.js';

function write(sh: Shell, s: string): void {
  const r = sh.stdout.writeString(s);
  if (r) r.catch(() => undefined);
}

const LETTER_TO_OPTION = new Map(SET_OPTIONS.filter(([, l]) => l !== '').map(([n, l]) => [l, n]));

/** each builtin's options, as bash's source declares them (../help/option.ts) */
export const OPTIONS = {
  // bash's optflags: the letters of its flags (not -i, and not -r: rshell has no restricted
  // mode), `+x` to turn one off, and -o whose name may be missing (`set -o` lists). `set -?` is
  // an invalid option that returns 0, as in bash
  set: defineOptions({
    name: 'set', letters: 'abefhkmnptuvxBCEHPTo;', plus: true,
    synopsis: 'set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]',
    invalidStatus: (c) => (c === '?' ? 0 : 2),
  }),
  shopt: defineOptions({ name: 'shopt', letters: 'psuoq', synopsis: 'shopt [-pqsu] [-o] [optname ...]' }),
  unset: defineOptions({ name: 'unset', letters: 'fnv', synopsis: 'unset [-f] [-v] [-n] [name ...]' }),
} as const;

function listOptions(sh: Shell, plus: boolean): void {
  let out = '';
  for (const [n] of SET_OPTIONS) {
    const on = sh.opt(n);
    out += plus ? `set ${on ? '-' : '+'}o ${n}\n` : `${n.padEnd(15)}\t${on ? 'on' : 'off'}\n`;
  }
  write(sh, out);
}

function setOption(sh: Shell, name: string, on: boolean): void {
  sh.setOpts.set(name, on);
  if (on && name === 'vi') sh.setOpts.set('emacs', false);
  if (on && name === 'emacs') sh.setOpts.set('vi', false);
  if (on && name === 'noexec') {
    // a non-interactive shell reads but runs nothing more
    sh.ctl = CTL.exit;
    sh.status = 0;
  }
}

export const set: CoreBuiltin = (sh, args) => {
  if (!args.length) {
    const vis = [...sh.vars.visible()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    let out = '';
    for (const [n, v] of vis) if (v.value !== undefined) out += setLine(n, v) + '\n';
    write(sh, out + functionListing(sh));
    return 0;
  }
  // bash checks every option word first (an invalid one changes nothing), then applies them
  const checked = scanOptions(sh, OPTIONS.set, args);
  if (checked instanceof Ended) return checked.status;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      sh.positional = args.slice(i + 1);
      return 0;
    }
    if (a === '-') {
      sh.setOpts.set('xtrace', false);
      sh.setOpts.set('verbose', false);
      i++;
      break;
    }
    const c0 = a[0];
    if (c0 !== '-' && c0 !== '+') break;
    // a lone `+` is skipped: `set + -` leaves the positionals alone
    const on = c0 === '-';
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === 'o') {
        // -o NAME, or the listing when no name follows (nothing, or an option word)
        const name = args[i + 1];
        if (name === undefined || name === '' || name[0] === '-' || name[0] === '+') {
          listOptions(sh, !on);
          continue;
        }
        i++;
        if (!sh.setOpts.has(name)) {
          sh.error(`set: ${name}: invalid option name`);
          return 2;
        }
        setOption(sh, name, on);
        continue;
      }
      // the first pass took `-oZ`'s Z as -o's name: here it is a letter again, as in bash
      const opt = LETTER_TO_OPTION.get(c);
      if (opt === undefined) {
        sh.error(`set: ${c0}${c}: invalid option`);
        return usageError(sh, OPTIONS.set, undefined, 1);
      }
      setOption(sh, opt, on);
    }
  }
  if (i < args.length) sh.positional = args.slice(i);
  return 0;
};

export const shopt: CoreBuiltin = (sh, args) => {
  const p = parseOptions(sh, OPTIONS.shopt, args);
  if (p instanceof Ended) return p.status;
  const { opts } = p;
  if (opts.has('s') && opts.has('u')) {
    sh.error('shopt: cannot set and unset shell options simultaneously');
    return 1;
  }
  const mode = opts.has('s') ? 's' : opts.has('u') ? 'u' : '';
  const print = opts.has('p');
  const quiet = opts.has('q');
  const useSetO = opts.has('o');
  const names = p.operands;
  const table = useSetO ? sh.setOpts : sh.shopts;
  const show = (n: string, on: boolean): string =>
    print || (mode === '' && false)
      ? useSetO
        ? `set ${on ? '-' : '+'}o ${n}\n`
        : `shopt ${on ? '-s' : '-u'} ${n}\n`
      : `${n.padEnd(15)}\t${on ? 'on' : 'off'}\n`;
  if (!names.length) {
    let out = '';
    for (const [n, on] of table) {
      if (mode === 's' && !on) continue;
      if (mode === 'u' && on) continue;
      out += show(n, on);
    }
    if (!quiet) write(sh, out);
    return 0;
  }
  let st = 0;
  for (const n of names) {
    if (!table.has(n)) {
      sh.error(useSetO ? `shopt: ${n}: invalid option name` : `shopt: ${n}: invalid shell option name`);
      st = 1;
      continue;
    }
    if (mode === 's' || mode === 'u') table.set(n, mode === 's');
    else {
      const on = table.get(n) === true;
      if (!on) st = 1;
      // line by line: an invalid name's error comes in its place (`shopt extglob nosuch 2>&1`)
      if (!quiet) write(sh, show(n, on));
    }
  }
  return st;
};

export const unset: CoreBuiltin = (sh, args) => {
  const p = parseOptions(sh, OPTIONS.unset, args);
  if (p instanceof Ended) return p.status;
  // -f and -v both given: bash refuses before unsetting anything; else the last one given counts
  if (p.opts.has('f') && p.opts.has('v')) {
    sh.error('unset: cannot simultaneously unset a function and a variable');
    return 1;
  }
  const mode = p.order.at(-1) ?? '';
  let st = 0;
  for (const n of p.operands) {
    if (mode === 'f') {
      if (!unsetFunction(sh, n)) st = 1;
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/s.exec(n);
    if (m) {
      const name = m[1]!;
      const idx = m[2]!;
      const assoc = isAssocName(sh, name);
      if ((idx === '@' || idx === '*') && !assoc) {
        // bash 5.2 empties an indexed array (it stays one); an assoc's `@` and `*` are keys
        const e = emptyArray(sh, name);
        if (e) {
          sh.error(`unset: ${e}`);
          st = 1;
        }
        continue;
      }
      const key = assoc ? keyFor(sh, name, idx) : formatInt(arithText(sh, idx));
      const e = unsetElement(sh, name, key);
      if (e) {
        sh.error(`unset: ${e}`);
        st = 1;
      }
      continue;
    }
    if (!isValidName(n)) {
      // -n: bash's unbind_nameref finds no such variable and says nothing
      if (mode === 'n') continue;
      if (mode === '') {
        // not a variable name: bash tries it as a function name
        if (!unsetFunction(sh, n)) st = 1;
        continue;
      }
      sh.error(`unset: \`${n}': not a valid identifier`);
      st = 1;
      continue;
    }
    if (mode === 'n') {
      // only a nameref itself goes (a plain variable or array stays); a readonly one is an error
      const v = sh.vars.lookup(n);
      if (v === undefined) continue;
      if ((v.attrs & ATTR.readonly) !== 0) {
        sh.error(`unset: ${n}: cannot unset: readonly variable`);
        st = 1;
      } else if ((v.attrs & ATTR.nameref) !== 0) sh.vars.remove(n);
      continue;
    }
    if (mode === '' && !sh.vars.lookup(n) && sh.funcs.has(n)) {
      if (!unsetFunction(sh, n)) st = 1;
      continue;
    }
    const e = unsetVar(sh, n);
    if (e) {
      sh.error(`unset: ${e}`);
      st = 1;
    }
  }
  return st;
};

/** remove a function; a readonly one stays, with bash's error */
function unsetFunction(sh: Shell, name: string): boolean {
  if (sh.readonlyFuncs.has(name) && sh.funcs.has(name)) {
    sh.error(`unset: ${name}: cannot unset: readonly function`);
    return false;
  }
  sh.funcs.delete(name);
  return true;
}

function declArgv(variant: Variant): CoreBuiltin {
  const table = DECLARE_OPTIONS[variant];
  return (sh, args) => {
    // `local` outside a function answers a first --help and nothing else (bash's local_builtin)
    if (variant === 'local' && sh.callDepth === 0) return helpFirst(sh, table, args) ?? notInFunction(sh);
    const flags = newFlags();
    const i = scanOptions(sh, table, args, (c, _v, sign) => {
      applyDeclOption(variant, flags, c, sign);
      return undefined;
    });
    if (i instanceof Ended) return i.status;
    const items: DeclItem[] = [];
    for (let k = i; k < args.length; k++) items.push(itemFromArg(args[k]!));
    return declare(sh, variant, flags, items);
  };
}

export const declareB = declArgv('declare');
export const typesetB = declArgv('typeset');
export const localB = declArgv('local');
export const exportB = declArgv('export');
export const readonlyB = declArgv('readonly');
