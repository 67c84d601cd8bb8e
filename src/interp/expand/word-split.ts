// Field splitting of a whole-word command substitution on the default IFS (space, tab, newline),
// the shape of `for w in $(cmd)` and `echo $(cmd)`: straight into fields (splitOnDefaultIfs), or,
// for a for loop whose words cannot glob, cut lazily as the loop goes (LazyWords). Both give what
// FieldBuilder gives for that case, without a builder or a Field object per word (issue 7).

import type { Word } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import { expandFields, taped } from './expand.js';
import { hasGlobChar } from './fields.js';
import { globField } from './glob-field.js';
import { runCmdSubst } from './subst.js';

const DEFAULT_IFS_RUN = /[ \t\n]+/;
/** a superset of what hasGlobChar finds (a quick test on a whole command output) */
const MAYBE_GLOB = /[*?[]/;
const MAYBE_GLOB_EXT = /[*?[]|[@!+]\(/;

/**
 * The result of an unquoted expansion that is the whole word, split on the default IFS (space,
 * tab, newline): each run of other characters is a field, globbed when it holds a glob character.
 * What FieldBuilder does for this case, without a builder or a Field per word.
 */
export function splitOnDefaultIfs(sh: Shell, s: string, out: string[]): void {
  if (!outputMayGlob(sh, s)) {
    // no field can glob: let the engine split (one pass in C++, no per-character JS)
    const pieces = s.split(DEFAULT_IFS_RUN);
    let first = 0;
    let end = pieces.length;
    if (end > 0 && pieces[0] === '') first = 1;
    if (end > first && pieces[end - 1] === '') end--;
    for (let k = first; k < end; k++) out.push(pieces[k]!);
    return;
  }
  const extglob = sh.shopt('extglob');
  const words = new LazyWords(s);
  for (let piece = words.next(); piece !== undefined; piece = words.next()) {
    if (!hasGlobChar(piece, extglob)) out.push(piece);
    else globField(sh, { value: piece, pattern: piece }, out);
  }
}

/** whether some field of this unquoted output could glob (noglob off and a glob character in it) */
function outputMayGlob(sh: Shell, s: string): boolean {
  return !sh.setOpts.noglob && (sh.shopt('extglob') ? MAYBE_GLOB_EXT : MAYBE_GLOB).test(s);
}

/**
 * The words of `for w in $(cmd)` when the output splits on the default IFS and nothing in it can
 * glob: the output itself, cut into words as the loop asks for them (no array of all the words).
 */
export class LazyWords {
  private pos = 0;
  constructor(private readonly text: string) {}

  /** the next word, or undefined at the end */
  next(): string | undefined {
    const s = this.text;
    const n = s.length;
    let i = this.pos;
    let c = s.charCodeAt(i);
    while (c === 32 || c === 9 || c === 10) c = s.charCodeAt(++i);
    if (i >= n) {
      this.pos = n;
      return undefined;
    }
    const start = i;
    while (i < n && c !== 32 && c !== 9 && c !== 10) c = s.charCodeAt(++i);
    this.pos = i;
    return s.slice(start, i);
  }
}

/** a `for` loop's word list: expandFields, or LazyWords for a lone `$(cmd)` (see there) */
export function expandForWords(sh: Shell, words: readonly Word[]): string[] | LazyWords {
  if (words.length === 1 && words[0]!.Parts.length === 1) {
    const p = words[0]!.Parts[0]!;
    if (p.type === 'CmdSubst' && sh.vars.lookup('IFS')?.value === ' \t\n') {
      const s = taped(sh, () => runCmdSubst(sh, p));
      if (!outputMayGlob(sh, s)) return new LazyWords(s);
      const out: string[] = [];
      splitOnDefaultIfs(sh, s, out);
      return out;
    }
  }
  return expandFields(sh, words);
}
