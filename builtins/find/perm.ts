// -perm MODE, -perm -MODE, -perm /MODE: octal or chmod-style symbolic modes (applied to 0 with no
// umask, as GNU find does). Symbolic `X` sets execute bits only for directories, so a mode is
// kept for files and for directories separately.

export type PermKind = 'exact' | 'all' | 'any';

export interface PermArg {
  kind: PermKind;
  file: number;
  dir: number;
}

const WHO_BITS: Record<string, number> = { u: 0o4700, g: 0o2070, o: 0o1007, a: 0o7777 };

/** gnulib mode_compile + mode_adjust(0, isDir, umask 0) for one directory flag */
function applySymbolic(text: string, isDir: boolean): number | undefined {
  let mode = 0;
  for (const clause of text.split(',')) {
    let i = 0;
    let who = 0;
    while (i < clause.length && 'ugoa'.includes(clause[i]!)) who |= WHO_BITS[clause[i++]!]!; // u g o a: its keys
    if (i >= clause.length) return undefined;
    const affected = who === 0 ? 0o7777 : who;
    while (i < clause.length) {
      const op = clause[i++]!;
      if (op !== '+' && op !== '-' && op !== '=') return undefined;
      let perms = 0;
      const copy = clause[i];
      if (copy !== undefined && 'ugo'.includes(copy)) {
        // g=u: copy the permission triple of another class
        const shift = copy === 'u' ? 6 : copy === 'g' ? 3 : 0;
        const triple = (mode >> shift) & 7;
        perms = (triple << 6) | (triple << 3) | triple;
        i++;
      } else {
        while (i < clause.length && 'rwxXst'.includes(clause[i]!)) {
          const ch = clause[i++]!;
          if (ch === 'r') perms |= 0o444;
          else if (ch === 'w') perms |= 0o222;
          else if (ch === 'x') perms |= 0o111;
          else if (ch === 'X') perms |= isDir || (mode & 0o111) !== 0 ? 0o111 : 0;
          else if (ch === 's') perms |= 0o6000;
          else perms |= 0o1000;
        }
      }
      const bits = perms & affected;
      if (op === '+') mode |= bits;
      else if (op === '-') mode &= ~bits;
      else mode = (mode & ~(affected & (who === 0 ? 0o7777 : who))) | bits;
    }
  }
  return mode;
}

/** parse the -perm argument; a string is GNU's error message */
export function parsePerm(arg: string): PermArg | string {
  const invalid = `invalid mode '${arg}'`;
  let kind: PermKind = 'exact';
  let text = arg;
  if (text.startsWith('-')) {
    kind = 'all';
    text = text.slice(1);
  } else if (text.startsWith('/')) {
    kind = 'any';
    text = text.slice(1);
  }
  if (text === '') return invalid;
  if (/^[0-9]/.test(text)) {
    if (!/^[0-7]+$/.test(text)) return invalid;
    const v = parseInt(text, 8);
    if (v > 0o7777) return invalid;
    return { kind, file: v, dir: v };
  }
  const file = applySymbolic(text, false);
  const dir = applySymbolic(text, true);
  if (file === undefined || dir === undefined) return invalid;
  return { kind, file, dir };
}

export function permMatches(mode: number, isDir: boolean, p: PermArg): boolean {
  const want = isDir ? p.dir : p.file;
  const have = mode & 0o7777;
  switch (p.kind) {
    case 'all':
      return (have & want) === want;
    case 'any':
      // GNU: /000 matches every file
      return want === 0 || (have & want) !== 0;
    default:
      return have === want;
  }
}
