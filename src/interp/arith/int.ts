// 64-bit signed integer arithmetic for the shell (bash's intmax_t), on JS numbers while values stay
// within ±2^53 and on BigInt beyond. Every value leaving this module is *canonical*: a number when
// it is a safe integer, a bigint only outside that range. Canonical values compare with ===.

export type Int = number | bigint;

const MIN_SAFE = Number.MIN_SAFE_INTEGER;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** wrap a BigInt to int64 and return the canonical form */
export function canon(b: bigint): Int {
  const w = BigInt.asIntN(64, b);
  return w >= MIN_SAFE && w <= MAX_SAFE ? Number(w) : w;
}

function big(v: Int): bigint {
  return typeof v === 'bigint' ? v : BigInt(v);
}

export function isZero(v: Int): boolean {
  return v === 0 || v === 0n;
}

export function add(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (r >= MIN_SAFE && r <= MAX_SAFE) return r;
  }
  return canon(big(a) + big(b));
}

export function sub(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (r >= MIN_SAFE && r <= MAX_SAFE) return r;
  }
  return canon(big(a) - big(b));
}

export function mul(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (r >= MIN_SAFE && r <= MAX_SAFE) return r === 0 ? 0 : r; // no -0
  }
  return canon(big(a) * big(b));
}

/** C division truncating toward zero; the caller has rejected b == 0 */
export function div(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const q = Math.trunc(a / b);
    // a/b is rounded; check the remainder and nudge q when rounding crossed an integer
    const r = a - q * b;
    if (r === 0 || (Math.sign(r) === Math.sign(a) && Math.abs(r) < Math.abs(b))) return q === 0 ? 0 : q;
  }
  return canon(big(a) / big(b)); // INT64_MIN / -1 wraps to INT64_MIN via canon
}

/** C remainder (sign of the dividend); the caller has rejected b == 0 */
export function mod(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  return canon(big(a) % big(b));
}

/** a ** b for b >= 0 (caller checks), wrapping like repeated int64 multiplication */
export function pow(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number' && b < 64) {
    // exact repeated multiplication while every product stays a safe integer (Math.pow may round)
    let r = 1;
    let k = 0;
    for (; k < b; k++) {
      r *= a;
      if (r < MIN_SAFE || r > MAX_SAFE) break;
    }
    if (k === b) return r === 0 ? 0 : r;
  }
  let base = BigInt.asIntN(64, big(a));
  let exp = big(b);
  let result = 1n;
  while (exp > 0n) {
    if (exp & 1n) result = BigInt.asIntN(64, result * base);
    base = BigInt.asIntN(64, base * base);
    exp >>= 1n;
  }
  return canon(result);
}

/** x86 masks the shift count to 6 bits; bash inherits that */
function shiftCount(b: Int): bigint {
  return BigInt.asUintN(6, big(b));
}

export function shl(a: Int, b: Int): Int {
  return canon(big(a) << shiftCount(b));
}

export function shr(a: Int, b: Int): Int {
  return canon(BigInt.asIntN(64, big(a)) >> shiftCount(b));
}

function isInt32(v: Int): v is number {
  return typeof v === 'number' && (v | 0) === v;
}

export function band(a: Int, b: Int): Int {
  if (isInt32(a) && isInt32(b)) return a & b;
  return canon(big(a) & big(b));
}

export function bor(a: Int, b: Int): Int {
  if (isInt32(a) && isInt32(b)) return a | b;
  return canon(big(a) | big(b));
}

export function bxor(a: Int, b: Int): Int {
  if (isInt32(a) && isInt32(b)) return a ^ b;
  return canon(big(a) ^ big(b));
}

export function bnot(a: Int): Int {
  if (isInt32(a)) return ~a;
  return canon(~big(a));
}

export function neg(a: Int): Int {
  if (typeof a === 'number') return a === 0 ? 0 : -a;
  return canon(-a);
}

export function formatInt(v: Int): string {
  return typeof v === 'number' ? String(v) : v.toString();
}
