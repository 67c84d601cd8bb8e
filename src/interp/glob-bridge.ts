// Pathname expansion of one field through the sandbox, with nullglob/failglob/dotglob/nocaseglob/
// globstar/extglob. Delegates to glob.ts (language utilities).

import type { Shell } from './shell.js';
import type { Field } from './fields.js';
import { ExpansionError } from './interp-errors.js';
import { hasGlobChars } from '../../lib/pattern/pattern.js';

export interface GlobRequest {
  pattern: string;
  cwd: string;
  options: { dotglob: boolean; nocaseglob: boolean; globstar: boolean; extglob: boolean };
}

type Globber = (sh: Shell, pattern: string) => string[];
let globber: Globber | null = null;

export function setGlobber(f: Globber): void {
  globber = f;
}

export function globField(sh: Shell, f: Field, out: string[]): void {
  if (!hasGlobChars(f.pattern!, sh.shopt('extglob'))) {
    out.push(f.value);
    return;
  }
  const matches = globber ? globber(sh, f.pattern!) : [];
  if (matches.length) {
    for (const m of matches) out.push(m);
    return;
  }
  if (sh.shopt('failglob')) throw new ExpansionError(`no match: ${f.value}`, 1, true);
  if (sh.shopt('nullglob')) return;
  out.push(f.value);
}
