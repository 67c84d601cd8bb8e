// DeclClause (declare/local/export/readonly/typeset as parsed): expand flags and assignments, then
// hand them to the declare implementation. The argv form lives in core-builtins/state.ts.

import type { DeclClause } from '../syntax/ast.js';
import type { Exec, Shell } from './shell.js';
import { expandAssignValue, expandWordFields, withTape } from './expand.js';
import { arrayItems } from './call.js';
import { declare, itemFromArg, newFlags, parseFlags, type DeclItem, type Variant } from './core-builtins/declare.js';
import { ATTR, isAssocValue } from './vars.js';
import { arithSources } from './arith-bridge.js';
import { expandString } from './expand.js';
import { dispatch } from './dispatch.js';
import { braceExpandWords } from './brace-bridge.js';

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
    const run = (x: { flags: ReturnType<typeof newFlags>; items: DeclItem[] } | null): number =>
      x === null ? 2 : declare(sh, variant === 'nameref' ? 'declare' : variant, x.flags, x.items);
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

function build(
  sh: Shell,
  variant: Variant,
  args: DeclClause['Args'],
  nameref: boolean,
): { flags: ReturnType<typeof newFlags>; items: DeclItem[] } | null {
  const flags = newFlags();
  if (nameref) flags.on |= ATTR.nameref;
  const items: DeclItem[] = [];
  let flagsDone = false;
  for (const a of args) {
    if (a.Naked && a.Value) {
      const fields: string[] = [];
      for (const w of braceExpandWords([a.Value])) expandWordFields(sh, w, fields);
      for (const f of fields) {
        if (!flagsDone && (f[0] === '-' || f[0] === '+') && f.length > 1) {
          if (f === '--') {
            flagsDone = true;
            continue;
          }
          if (!parseFlags(sh, variant, f, flags)) return null;
        } else {
          flagsDone = true;
          items.push(itemFromArg(f));
        }
      }
      continue;
    }
    flagsDone = true;
    const name = a.Name?.Value ?? '';
    if (a.Naked) {
      items.push({ name, text: name });
      continue;
    }
    const text = name;
    if (a.Array) {
      const v = sh.vars.lookup(sh.vars.resolve(name));
      const assoc = (flags.on & ATTR.assoc) !== 0 || (v !== undefined && ((v.attrs & ATTR.assoc) !== 0 || isAssocValue(v.value)));
      items.push({ name, append: a.Append, array: arrayItems(sh, a.Array.Elems, assoc), text });
      continue;
    }
    let index: string | undefined;
    if (a.Index) {
      index = a.Index.type === 'Word' ? expandString(sh, a.Index) : arithSources.get(a.Index)?.text ?? '0';
    }
    items.push({ name, index, append: a.Append, value: expandAssignValue(sh, a.Value), text });
  }
  return { flags, items };
}
