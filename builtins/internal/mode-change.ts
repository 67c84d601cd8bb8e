// gnulib modechange, as `mkdir -m MODE` and chmod use it: an octal mode, or symbolic clauses
// `[ugoa]*([-+=]([rwxXst]*|[ugo]))+` separated by commas, applied to a base mode.
// Returns null for an invalid mode (GNU: `mkdir: invalid mode 'x'`). Like gnulib's mode_adjust it
// also says which bits the MODE sets (`bits`, its mode_bits): when MODE has set-ID or sticky bits
// GNU mkdir changes only those after mkdir(2) has applied the umask, so `-m +t` gives 1755.

const WHO: Record<string, number> = { u: 0o4700, g: 0o2070, o: 0o1007, a: 0o7777 };
const PERM: Record<string, number> = { r: 0o444, w: 0o222, x: 0o111, s: 0o6000, t: 0o1000 };

export type ModeChange = (base: number, isDir: boolean) => { mode: number; bits: number };

export function parseMode(text: string, umask: number): ModeChange | null {
  if (/^[0-7]+$/.test(text)) {
    const value = parseInt(text, 8);
    if (value > 0o7777) return null;
    // an octal mode with fewer than 5 digits keeps a directory's set-id bits (coreutils 9.1)
    return (base, isDir) => {
      const keep = isDir && text.length < 5 ? 0o6000 & ~value : 0;
      return { mode: value | (base & keep), bits: 0o7777 & ~keep };
    };
  }
  const clauses: ((m: { mode: number; bits: number }, isDir: boolean) => void)[] = [];
  for (const clause of text.split(',')) {
    let i = 0;
    let who = 0;
    for (let w = WHO[clause.charAt(i)]; w !== undefined; w = WHO[clause.charAt(++i)]) who |= w;
    if (i >= clause.length) return null;
    while (i < clause.length) {
      const op = clause[i++]!;
      if (op !== '+' && op !== '-' && op !== '=') return null;
      let perms = 0;
      let copyFrom: string | undefined;
      let conditionalX = false;
      if (i < clause.length && 'ugo'.includes(clause[i]!)) copyFrom = clause[i++];
      else {
        for (;;) {
          const c = clause.charAt(i);
          const p = PERM[c];
          if (p !== undefined) perms |= p;
          else if (c === 'X') conditionalX = true;
          else break;
          i++;
        }
      }
      const whoMask = who === 0 ? 0o7777 : who;
      const masked = who === 0 ? ~umask : -1;
      const mentioned = perms | (conditionalX ? 0o111 : 0) | (copyFrom === undefined ? 0 : 0o777);
      clauses.push((m, isDir) => {
        const mode = m.mode;
        let bits = perms;
        if (conditionalX && (isDir || (mode & 0o111) !== 0)) bits |= 0o111;
        if (copyFrom !== undefined) {
          const src = copyFrom === 'u' ? (mode >> 6) & 7 : copyFrom === 'g' ? (mode >> 3) & 7 : mode & 7;
          bits = src * 0o111;
        }
        bits &= whoMask & masked;
        if (op === '+' || op === '-') {
          m.mode = op === '+' ? mode | bits : mode & ~bits;
          m.bits |= bits;
          return;
        }
        // '=': clear what `who` covers (set-id bits of directories stay unless named), then set
        const clear = whoMask & (isDir ? ~0o6000 : -1) & (who === 0 ? 0o7777 : -1);
        m.mode = (mode & ~clear) | bits;
        m.bits |= 0o7777 & whoMask & ~(isDir ? 0o6000 & ~mentioned : 0);
      });
      if (i < clause.length && clause[i] !== '+' && clause[i] !== '-' && clause[i] !== '=') return null;
    }
  }
  return (base, isDir) => {
    const m = { mode: base, bits: 0 };
    for (const f of clauses) f(m, isDir);
    return { mode: m.mode & 0o7777, bits: m.bits };
  };
}
