// A small cache of short literal strings, shared by every parse.
//
// Scripts repeat the same words (`echo`, `then`, variable names, `-n`): handing out one string
// per distinct text instead of a fresh slice per occurrence saves most of the parser's string
// allocations, and strings that outlive a parse are no longer copied by each young-generation GC.
// Keywords are seeded from literals, so comparisons such as `val === 'then'` see the same
// (internalized) string and stop at the pointer check.
//
// Only strings of at most MAX_LEN code units are kept: V8 copies such short slices into their
// own storage, whereas a longer slice would point into (and keep alive) the whole script.

const SLOTS = 4096; // a power of two
const MASK = SLOTS - 1;
const MAX_LEN = 12;

const table: string[] = new Array<string>(SLOTS).fill('');

function slotOf(src: string, a: number, b: number): number {
  let h = b - a;
  for (let i = a; i < b; i++) h = Math.imul(h, 31) + src.charCodeAt(i);
  return (h ^ (h >>> 11)) & MASK;
}

/** src.slice(a, b), shared with earlier calls that returned the same text when it is short. */
export function internSlice(src: string, a: number, b: number): string {
  const len = b - a;
  if (len > MAX_LEN || len <= 0) return len <= 0 ? '' : src.slice(a, b);
  const slot = slotOf(src, a, b);
  const cached = table[slot]!; // slotOf masks into the table
  if (cached.length === len) {
    // compared inline: a startsWith() call costs more than these few characters
    let j = 0;
    while (j < len && cached.charCodeAt(j) === src.charCodeAt(a + j)) j++;
    if (j === len) return cached;
  }
  const s = src.slice(a, b);
  table[slot] = s;
  return s;
}

/** Seeds the table with strings the parser compares against (shell keywords and the like). */
function seed(words: readonly string[]): void {
  for (const w of words) table[slotOf(w, 0, w.length)] = w;
}

seed([
  'if', 'then', 'elif', 'else', 'fi', 'for', 'in', 'do', 'done', 'while', 'until', 'case', 'esac', 'select',
  'function', 'time', 'coproc', '{', '}', '!', '[[', ']]', 'let', 'declare', 'local', 'export', 'readonly',
  'typeset', 'nameref',
]);
