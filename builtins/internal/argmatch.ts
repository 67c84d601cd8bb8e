// gnulib argmatch/XARGMATCH, as the coreutils check an option's word argument (`--sparse=WHEN`,
// `--cached=MODE`): the exact word, or a prefix whose matches all mean the same thing. '' is a
// prefix of every word, so it is ambiguous unless the table has one meaning. The failure text is
// argmatch_die's: `cmd: invalid|ambiguous argument 'x' for '--opt'`, the valid words with synonyms
// on one line, then the Try line (exit status 1, even in tools whose usage status is 2).

import { quote } from './quote.js';

/** the table's value for `word`, or why there is none */
export function argmatch<T>(table: Readonly<Record<string, T>>, word: string): { ok: true; value: T } | { ok: false; kind: 'invalid' | 'ambiguous' } {
  if (Object.hasOwn(table, word)) return { ok: true, value: table[word]! };
  const hits = Object.keys(table).filter((k) => k.startsWith(word));
  if (hits.length === 0) return { ok: false, kind: 'invalid' };
  const meanings = new Set(hits.map((k) => table[k]));
  // hits[0]: one at least; a key Object.keys listed
  return meanings.size === 1 ? { ok: true, value: table[hits[0]!]! } : { ok: false, kind: 'ambiguous' };
}

/** argmatch_die's message without the command's name and the Try line */
export function argmatchMessage(kind: 'invalid' | 'ambiguous', word: string, option: string, table: Readonly<Record<string, unknown>>): string {
  const lines: string[] = [];
  let last: unknown;
  for (const [k, v] of Object.entries(table)) {
    if (lines.length > 0 && v === last) lines[lines.length - 1] += `, '${k}'`;
    else lines.push(`  - '${k}'`);
    last = v;
  }
  return `${kind} argument ${quote(word)} for '${option}'\nValid arguments are:\n${lines.join('\n')}`;
}
