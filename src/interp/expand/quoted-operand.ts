// Inside "${x:-'…'}" bash keeps the single quotes as characters but still expands what they
// enclose as double-quoted text ("${x:-'$v'}" → 'V'). Our parser hands such a part over as a
// SglQuoted node holding the raw text, so the text is re-parsed here as a double-quoted word.

import type { WordPart } from '../../syntax/ast.js';
import { parse } from '../../syntax/index.js';

const cache = new Map<string, WordPart[] | null>();
const CACHE_LIMIT = 256;

/**
 * The parts of `text` read as the inside of "…", or null when it needs no expansion (no `$` or
 * backquote) or cannot be read that way (a `"` inside, a parse error): the caller then keeps
 * the text literally, as before.
 */
export function reparseAsDouble(text: string): WordPart[] | null {
  if (!/[$`]/.test(text) || text.includes('"')) return null;
  const known = cache.get(text);
  if (known !== undefined) return known;
  const parts = tryParse(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, parts);
  return parts;
}

function tryParse(text: string): WordPart[] | null {
  try {
    const file = parse(`: "${text}"`);
    const cmd = file.Stmts[0]?.Cmd;
    if (file.Stmts.length !== 1 || cmd?.type !== 'CallExpr' || cmd.Args.length !== 2) return null;
    const word = cmd.Args[1]!;
    const only = word.Parts.length === 1 ? word.Parts[0] : undefined;
    return only?.type === 'DblQuoted' ? only.Parts : null;
  } catch {
    return null;
  }
}
