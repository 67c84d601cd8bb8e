// Pathname expansion of one field through the sandbox, with nullglob/failglob/dotglob/nocaseglob/
// globstar/extglob (glob.ts).

import type { Shell } from '../state/shell.js';
import type { Field } from './fields.js';
import { ExpansionError } from '../state/errors.js';
import { hasGlobChars } from '../../../lib/pattern/pattern.js';
import { shellFs } from '../state/fs-view.js';
import { expandGlob, isGlobError } from './glob.js';

/** the words `pattern` matches through the sandbox; past the glob budget, the run stops */
function globber(sh: Shell, pattern: string): string[] {
  const r = expandGlob(pattern, shellFs(sh), {
    dotglob: sh.shopt('dotglob'),
    nocaseglob: sh.shopt('nocaseglob'),
    globstar: sh.shopt('globstar'),
    extglob: sh.shopt('extglob'),
    globskipdots: sh.shopt('globskipdots'),
    budget: sh.rt.globBudget,
  });
  if (isGlobError(r)) return sh.rt.breach(r.error);
  return r;
}

export function globField(sh: Shell, f: Field, out: string[]): void {
  const pattern = f.pattern;
  if (pattern === null || !hasGlobChars(pattern, sh.shopt('extglob'))) {
    out.push(f.value);
    return;
  }
  const matches = globber(sh, pattern);
  if (matches.length) {
    for (const m of matches) out.push(m);
    return;
  }
  if (sh.shopt('failglob')) throw new ExpansionError(`no match: ${f.value}`, 1, true);
  if (sh.shopt('nullglob')) return;
  out.push(f.value);
}
