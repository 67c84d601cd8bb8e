// IFS splitting as `read` does it (bash's read builtin), over characters that remember whether a
// backslash escaped them (escaped characters never separate fields).

export interface Char {
  c: string;
  esc: boolean;
}

const IFS_WHITESPACE = ' \t\n';

class Splitter {
  constructor(
    private readonly chars: Char[],
    private readonly ifs: string,
  ) {}

  /** isSep, isWs: every caller passes an i below chars.length */
  isSep(i: number): boolean {
    const ch = this.chars[i]!;
    return !ch.esc && this.ifs.includes(ch.c);
  }

  isWs(i: number): boolean {
    return this.isSep(i) && IFS_WHITESPACE.includes(this.chars[i]!.c);
  }

  skipWs(i: number): number {
    while (i < this.chars.length && this.isWs(i)) i++;
    return i;
  }

  /** a field starting at i, and the index after its separator (ws*, one non-ws separator, ws*) */
  word(i: number): [string, number] {
    let w = '';
    while (i < this.chars.length && !this.isSep(i)) w += this.chars[i++]!.c;
    i = this.skipWs(i);
    if (i < this.chars.length && this.isSep(i) && !this.isWs(i)) i = this.skipWs(i + 1);
    return [w, i];
  }

  text(from: number, to: number): string {
    let s = '';
    for (let i = from; i < to; i++) s += this.chars[i]!.c;
    return s;
  }

  /** the rest of the line for the last name: one field alone loses its separator */
  rest(i: number): string {
    if (i >= this.chars.length) return '';
    const [w, j] = this.word(i);
    if (j >= this.chars.length) return w;
    // bash strips trailing IFS whitespace even when a backslash escaped it
    let end = this.chars.length;
    while (end > i && this.ifs.includes(this.chars[end - 1]!.c) && IFS_WHITESPACE.includes(this.chars[end - 1]!.c)) end--;
    // bash's quirk: it strips bytes of its internal form, where an escaped character is \001
    // (CTLESC) then the character, and never looks at the first byte; an escaped whitespace
    // character left first is cut down to that \001 (`IFS='x '; read a b <<< 'x\  \ '` → b=$'\001')
    if (end === i && this.chars[i]!.esc) return '\x01';
    return this.text(i, end);
  }
}

/** values for `count` names: fields for all but the last, which takes the rest of the line */
export function splitRest(chars: Char[], ifs: string, count: number): string[] {
  const sp = new Splitter(chars, ifs);
  if (ifs === '') return [sp.text(0, chars.length), ...new Array<string>(count - 1).fill('')];
  const out: string[] = [];
  let i = sp.skipWs(0);
  for (let k = 0; k < count - 1; k++) {
    if (i >= chars.length) {
      out.push('');
      continue;
    }
    const [w, j] = sp.word(i);
    out.push(w);
    i = j;
  }
  out.push(sp.rest(i));
  return out;
}

/** every field (read -a) */
export function splitFields(chars: Char[], ifs: string): string[] {
  const sp = new Splitter(chars, ifs);
  if (ifs === '') return chars.length ? [sp.text(0, chars.length)] : [];
  const out: string[] = [];
  let i = sp.skipWs(0);
  while (i < chars.length) {
    const [w, j] = sp.word(i);
    out.push(w);
    i = j;
  }
  return out;
}
