// Brace expansion at compile time (it is purely syntactic): one Word → the Words it expands to.
// Delegates to brace.ts (language utilities); until that lands, words pass through unchanged.

import type { Word } from '../syntax/ast.js';

type Expander = (w: Word) => Word[];
let expander: Expander | null = null;

export function setBraceExpander(f: Expander): void {
  expander = f;
}

export function braceExpandWords(words: readonly Word[]): Word[] {
  if (!expander) return words.slice();
  const out: Word[] = [];
  for (const w of words) {
    if (!mayHaveBraces(w)) out.push(w);
    else out.push(...expander(w));
  }
  return out;
}

function mayHaveBraces(w: Word): boolean {
  return w.Parts.some((p) => p.type === 'Lit' && p.Value.includes('{'));
}
