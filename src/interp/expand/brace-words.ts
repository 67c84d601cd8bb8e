// Brace expansion at compile time (it is purely syntactic): one Word → the Words it expands to
// (brace.ts). Past the budget, the run stops with brace.ts's message.

import type { Word } from '../../syntax/ast.js';
import { RunAbortedError } from '../../../lib/io/errors.js';
import { BraceLimitError, expandBraces } from './brace.js';

export function braceExpandWords(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    if (!mayHaveBraces(w)) out.push(w);
    else for (const x of expandOrStop(w)) out.push(x); // a spread of 100,000 words risks the stack
  }
  return out;
}

function expandOrStop(w: Word): Word[] {
  try {
    return expandBraces(w);
  } catch (e) {
    if (e instanceof BraceLimitError) throw new RunAbortedError('limit', e.message);
    throw e;
  }
}

function mayHaveBraces(w: Word): boolean {
  return w.Parts.some((p) => p.type === 'Lit' && p.Value.includes('{'));
}
