// The few WebAssembly opcodes and encoders the SIMD kernels are written with (core 2.0 plus
// fixed-width SIMD). Kernels are plain arrays of these bytes, assembled into one module by
// simd-count.ts: nothing is compiled from text, nothing is loaded.

export const I32 = 0x7f;
export const V128 = 0x7b;

// control
export const BLOCK = 0x02;
export const LOOP = 0x03;
export const IF = 0x04;
export const VOID = 0x40;
export const END = 0x0b;
export const BR = 0x0c;
export const BR_IF = 0x0d;
export const RETURN = 0x0f;
export const SELECT = 0x1b;

// i32
export const I32_LOAD8_U = 0x2d;
export const I32_NE = 0x47;
export const I32_LT_U = 0x49;
export const I32_LE_U = 0x4d;
export const I32_GE_U = 0x4f;
export const I32_CTZ = 0x68;
export const I32_ADD = 0x6a;
export const I32_SUB = 0x6b;
export const I32_AND = 0x71;
export const I32_OR = 0x72;
export const I32_SHL = 0x74;

// v128 (each after the SIMD prefix)
export const SIMD = 0xfd;
export const V128_LOAD = 0x00;
export const V128_STORE = 0x0b;
export const V128_CONST = 0x0c;
export const I8X16_SPLAT = 0x0f;
export const I32X4_EXTRACT_LANE = 0x1b;
export const I8X16_EQ = 0x23;
export const I8X16_LE_U = 0x2a;
export const V128_AND = 0x4e;
export const I8X16_BITMASK = 0x64;
export const I8X16_ADD = 0x6e;
export const I8X16_SUB = 0x71;
export const I16X8_EXTADD_PAIRWISE_I8X16_U = 0x7d;
export const I32X4_EXTADD_PAIRWISE_I16X8_U = 0x7f;

export const get = (local: number): number[] => [0x20, local];
export const set = (local: number): number[] => [0x21, local];
export const tee = (local: number): number[] => [0x22, local];

/** i32.const with a signed LEB128 immediate */
export function i32(n: number): number[] {
  const out = [0x41];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}

export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** a memory access's immediate: alignment hint 0 (any address), then a constant offset */
export const memarg = (offset = 0): number[] => [0x00, ...uleb(offset)];
/** v128.load at (address on the stack) + offset */
export const vload = (offset = 0): number[] => [SIMD, V128_LOAD, ...memarg(offset)];
/** v128.store of (address, value) on the stack */
export const vstore = (offset = 0): number[] => [SIMD, V128_STORE, ...memarg(offset)];
/** i32.load8_u at (address on the stack) + offset */
export const load8 = (offset = 0): number[] => [I32_LOAD8_U, ...memarg(offset)];
/** a SIMD instruction without immediates */
export const simd = (op: number): number[] => [SIMD, op];

export const section = (id: number, bytes: number[]): number[] => [id, ...uleb(bytes.length), ...bytes];

/** a function's code entry: its local declarations ([count, type] pairs) then its body */
export function funcCode(locals: [number, number][], body: number[]): number[] {
  const code = [...uleb(locals.length), ...locals.flatMap(([n, t]) => [...uleb(n), t]), ...body, END];
  return [...uleb(code.length), ...code];
}
