// truncate's SIZE argument, as GNU truncate 9.1 reads it: an optional relation (`<` at most,
// `>` at least, `/` round down to a multiple, `%` round up to a multiple), an optional sign
// (`+`/`-`: relative), then xdectoimax with the suffixes "EgGkKmMPtTYZ0" (K = 1024, KB = 1000,
// KiB = 1024, …). Also used by logrotate (absolute sizes only).

export type Relation = 'set' | 'atMost' | 'atLeast' | 'roundDown' | 'roundUp' | 'relative';

export type SizeParse =
  | { ok: true; relation: Relation; size: bigint }
  | { ok: false; message: string };

export const OFF_MAX = (1n << 63n) - 1n;
const OFF_MIN = -(1n << 63n);

const POWERS: Record<string, number> = { k: 1, K: 1, m: 2, M: 2, g: 3, G: 3, t: 4, T: 4, P: 5, E: 6, Z: 7, Y: 8 };

const isSpace = (ch: string | undefined): boolean => ch !== undefined && (ch === ' ' || (ch >= '\t' && ch <= '\r'));

const RELATION: Record<string, Relation> = { '<': 'atMost', '>': 'atLeast', '/': 'roundDown', '%': 'roundUp' };

/** `quoted` is quote(arg) for the messages */
export function parseSize(arg: string, quoted: (s: string) => string, previous: Relation = 'set'): SizeParse {
  let s = arg;
  let i = 0;
  while (isSpace(s[i])) i++;
  // GNU keeps one rel_mode across every -s: a later plain size inherits an earlier '<', '%', '+'
  let relation: Relation = previous;
  const rel = RELATION[s[i] ?? ''];
  if (rel !== undefined) {
    relation = rel;
    i++;
  }
  while (isSpace(s[i])) i++;
  s = s.slice(i);
  if (s[0] === '+' || s[0] === '-') {
    if (relation !== 'set') return { ok: false, message: 'multiple relative modifiers specified' };
    relation = 'relative';
  }
  const n = parseIntmax(s);
  if (n.kind === 'invalid') return { ok: false, message: `Invalid number: ${quoted(s)}` };
  if (n.kind === 'overflow') return { ok: false, message: `Invalid number: ${quoted(s)}: Value too large for defined data type` };
  if ((relation === 'roundDown' || relation === 'roundUp') && n.value === 0n) return { ok: false, message: 'division by zero' };
  return { ok: true, relation, size: n.value };
}

type IntParse = { kind: 'ok'; value: bigint } | { kind: 'invalid' } | { kind: 'overflow' };

/** xstrtoimax(s, base 10, "EgGkKmMPtTYZ0") followed by xdectoimax's range check */
function parseIntmax(s: string): IntParse {
  let i = 0;
  while (isSpace(s[i])) i++;
  let negative = false;
  if (s[i] === '+' || s[i] === '-') {
    negative = s[i] === '-';
    i++;
  }
  const start = i;
  while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
  if (i === start) return { kind: 'invalid' };
  let value = BigInt(s.slice(start, i));
  if (negative) value = -value;
  let overflow = value > OFF_MAX || value < OFF_MIN;
  if (i < s.length) {
    const power = POWERS[s[i]!];
    if (power === undefined) return { kind: 'invalid' };
    let base = 1024n;
    let used = 1;
    if (s[i + 1] === 'i' && s[i + 2] === 'B') used = 3;
    else if (s[i + 1] === 'B' || s[i + 1] === 'D') {
      base = 1000n;
      used = 2;
    }
    if (i + used !== s.length) return { kind: 'invalid' };
    value *= base ** BigInt(power);
    if (value > OFF_MAX || value < OFF_MIN) overflow = true;
  }
  return overflow ? { kind: 'overflow' } : { kind: 'ok', value };
}

/** the new size of a file of `current` bytes; null when the result overflows */
export function applyRelation(relation: Relation, size: bigint, current: bigint): bigint | null {
  let next: bigint;
  switch (relation) {
    case 'set':
      next = size;
      break;
    case 'atMost':
      next = current < size ? current : size;
      break;
    case 'atLeast':
      next = current > size ? current : size;
      break;
    case 'roundDown':
      next = (current / size) * size;
      break;
    case 'roundUp':
      next = ((current + size - 1n) / size) * size;
      break;
    case 'relative':
      next = current + size;
      break;
  }
  if (next > OFF_MAX) return null;
  return next < 0n ? 0n : next;
}
