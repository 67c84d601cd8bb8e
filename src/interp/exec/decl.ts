// DeclClause (declare/local/export/readonly/typeset as parsed): expand flags and assignments, then
// hand them to the declare implementation. The argv form lives in core-builtins/state.ts.

import { trace, traceQuote } from '../expand/xtrace.js';
import { singleQuote } from '../state/quote.js';
import type { DeclClause } from '../../syntax/ast.js';
import type { Exec, Shell, Status } from '../state/shell.js';
import { expandAssignValue, expandWordFields, withTape } from '../expand/expand.js';
import { arrayItems } from './call.js';
import { applyDeclOption, declare, DECLARE_OPTIONS, itemFromArg, newFlags, notInFunction, type DeclFlags, type DeclItem, type Variant } from './declare.js';
import { Ended, HELP, scanOptions, showHelp } from '../help/option.js';
import { ATTR, isAssocValue } from '../state/vars.js';
import { arithSources } from '../state/source-info.js';
import { expandString } from '../expand/expand.js';
import { dispatch } from './dispatch.js';
import { braceExpandWords } from '../expand/brace-words.js';
import { dynamicArrayItems } from './dynamic-array.js';

export function compileDecl(cmd: DeclClause): Exec {
  const variant = cmd.Variant.Value as Variant | 'nameref';
  const args = cmd.Args;
  return (sh) => {
    if (sh.funcs.has(variant)) {
      // a function named like the builtin wins (bash looks functions up first)
      const r = withTape(sh, () => {
        const argv = [variant as string];
        for (const a of args) argvOf(sh, a, argv);
        return argv;
      });
      return r instanceof Promise ? r.then((argv) => dispatch(sh, argv)) : dispatch(sh, argv(r));
    }
    const r = withTape(sh, () => build(sh, variant === 'nameref' ? 'declare' : variant, args, variant === 'nameref'), args);
    const run = (x: Built | Ended): Status => {
      if (x instanceof Ended) return x.status;
      if (x.outside) return x.items[0]?.text === HELP && x.items[0].value === undefined ? showHelp(sh, 'local') : notInFunction(sh);
      if (sh.setOpts.xtrace) traceDecl(sh, cmd.Variant.Value === 'nameref' ? 'declare' : cmd.Variant.Value, x);
      const status = declare(sh, variant === 'nameref' ? 'declare' : variant, x.flags, x.items);
      sh.lastArg = x.last ?? (cmd.Variant.Value === 'nameref' ? 'declare' : cmd.Variant.Value);
      return status;
    };
    return r instanceof Promise ? r.then(run) : run(r);
  };
}

function argv(a: string[]): string[] {
  return a;
}

function argvOf(sh: Shell, a: DeclClause['Args'][number], out: string[]): void {
  if (a.Naked) {
    if (a.Value) expandWordFields(sh, a.Value, out);
    else if (a.Name) out.push(a.Name.Value);
    return;
  }
  const name = a.Name?.Value ?? '';
  out.push(`${name}${a.Append ? '+=' : '='}${expandAssignValue(sh, a.Value)}`);
}

/** the parsed flags and items, and the last word as bash leaves it in $_ (`a` for `a=(…)`) */
interface Built {
  flags: DeclFlags;
  items: DeclItem[];
  last?: string;
  /** the option words as expanded (`-r`, `-a`), for set -x */
  flagWords: string[];
  /**
   * `local` outside a function: the words are expanded but not read as options; bash answers a
   * first `--help` and otherwise says it can only be used in a function
   */
  outside: boolean;
}

function build(sh: Shell, variant: Variant, args: DeclClause['Args'], nameref: boolean): Built | Ended {
  let last: string | undefined;
  const flags = newFlags();
  if (nameref) flags.on |= ATTR.nameref;
  const items: DeclItem[] = [];
  const flagWords: string[] = [];
  const outside = variant === 'local' && sh.callDepth === 0;
  let flagsDone = outside;
  for (const a of args) {
    if (a.Naked && a.Value) {
      const fields: string[] = [];
      for (const w of braceExpandWords([a.Value])) expandWordFields(sh, w, fields);
      for (const f of fields) {
        last = f;
        if (!flagsDone) {
          // the words are expanded one by one: each is scanned as bash's getopt meets it
          if (f === '--') {
            flagsDone = true;
            continue;
          }
          const r = f.length > 1 && (f[0] === '-' || f[0] === '+') ? optionWord(sh, variant, flags, f) : 0;
          if (r instanceof Ended) return r;
          if (r === 1) {
            flagWords.push(f);
            continue;
          }
          flagsDone = true;
        }
        items.push(withDynamicArray(sh, flags, itemFromArg(f)));
      }
      continue;
    }
    flagsDone = true;
    const name = a.Name?.Value ?? '';
    last = name;
    if (a.Naked) {
      items.push({ name, text: name });
      continue;
    }
    const text = name;
    if (a.Array) {
      const v = sh.vars.lookup(sh.vars.resolve(name));
      const assoc = (flags.on & ATTR.assoc) !== 0 || (v !== undefined && ((v.attrs & ATTR.assoc) !== 0 || isAssocValue(v.value)));
      items.push({ name, append: a.Append, array: arrayItems(sh, a.Array.Elems, assoc, true), text });
      continue;
    }
    let index: string | undefined;
    if (a.Index) {
      index = a.Index.type === 'Word' ? expandString(sh, a.Index) : arithSources.get(a.Index)?.text ?? '0';
    }
    const value = expandAssignValue(sh, a.Value);
    last = `${name}${index === undefined ? '' : `[${index}]`}${a.Append ? '+=' : '='}${value}`;
    items.push({ name, index, append: a.Append, value, text });
  }
  return { flags, items, last, flagWords, outside };
}

/**
 * One expanded word that may hold options (it starts with `-` or `+`): 1 when it did, 0 when it
 * is the first operand. Its own function: the callback's closure is made only for such words.
 */
function optionWord(sh: Shell, variant: Variant, flags: DeclFlags, word: string): number | Ended {
  return scanOptions(sh, DECLARE_OPTIONS[variant], [word], (c, _v, sign) => {
    applyDeclOption(variant, flags, c, sign);
    return undefined;
  });
}

/** with -a/-A, a quoted `name=(…)` argument is a compound assignment (bash parses it at run time) */
function withDynamicArray(sh: Shell, flags: DeclFlags, it: DeclItem): DeclItem {
  const assoc = (flags.on & ATTR.assoc) !== 0;
  if (!(assoc || flags.on & ATTR.indexed) || it.value === undefined || it.index !== undefined) return it;
  const array = dynamicArrayItems(sh, it.value, assoc);
  if (!array) return it;
  const { value: _dropped, ...rest } = it;
  return { ...rest, array };
}

/**
 * set -x for declare, local, export…: an array item first as its own assignment (`L=('1' '2')`),
 * then the command with the names; export and readonly trace each plain assignment again after
 * it (`+ export E=1`, `+ E=1`), as bash does
 */
function traceDecl(sh: Shell, variant: string, x: Built): void {
  const words = [variant, ...x.flagWords];
  for (const it of x.items) {
    if (it.array !== undefined) {
      const assoc = (x.flags.on & ATTR.assoc) !== 0;
      const elems = it.array.map((e) => (assoc && e.key !== undefined ? `[${singleQuote(e.key)}]=${singleQuote(e.value)}` : singleQuote(e.value)));
      trace(sh, `${it.name}${it.append ? '+=' : '='}(${elems.join(' ')})`);
      words.push(it.name);
    } else words.push(it.value === undefined ? it.text : traceQuote(`${it.name}${it.index !== undefined ? `[${it.index}]` : ''}${it.append ? '+=' : '='}${it.value}`));
  }
  trace(sh, words.join(' '));
  if (variant !== 'export' && variant !== 'readonly') return;
  for (const it of x.items) {
    if (it.array === undefined && it.value !== undefined) trace(sh, `${it.name}${it.append ? '+=' : '='}${it.value === '' ? '' : traceQuote(it.value)}`);
  }
}
