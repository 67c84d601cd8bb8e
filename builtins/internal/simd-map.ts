// The kernel behind tr's translations that move ranges of bytes by a constant (a-z → A-Z,
// [:upper:] → [:lower:], 0-9 → a-j, one byte into another): 16 bytes per step, in place.
//
// A translation table splits into runs of consecutive bytes shifted by the same amount; each run
// is a range [lo, lo + span] and a delta (mod 256). For every vector v of the input the kernel adds,
// per range, delta where (v - lo) <= span (unsigned: one compare tests both ends of the range).
// Ranges are disjoint, so each byte gets at most one delta, computed from the original bytes.
//
// mapRanges(from, end, rangesEnd): memory[from, end) rewritten in place, in whole 16-byte steps
// (up to 31 bytes past end are rewritten too: scratch memory in the read buffer or the slack page).
// The ranges are 48-byte records at rangesAt: lo, span and delta each splatted over 16 lanes;
// rangesEnd is their count times 48 (at least one: the first is kept in locals, the rest read from
// memory per vector; with only one, a tighter loop takes two vectors per step).

import {
  BLOCK, BR, BR_IF, I32_ADD, I32_GE_U, I32_LE_U, I32, I8X16_ADD, I8X16_LE_U, I8X16_SUB, IF, LOOP, RETURN, V128, V128_AND,
  VOID, END, get, i32, set, simd, vload, vstore,
} from './simd-asm.js';

/** bytes of one range record: lo, span, delta, each as 16 equal lanes */
export const RANGE_RECORD_BYTES = 48;

// parameters
const FROM = 0;
const END_AT = 1;
const RANGES_END = 2;
// locals
const R = 3;
const V = 4;
const ACC = 5;
const LO = 6;
const SPAN = 7;
const DELTA = 8;

export const MAP_RANGES_LOCALS: [number, number][] = [
  [1, I32],
  [5, V128],
];

/** acc + (delta where (v - lo) <= span), with lo/span/delta pushed by `operand(0|1|2)` */
function applyRange(operand: (field: 0 | 1 | 2) => number[]): number[] {
  return [
    ...get(V), ...operand(0), ...simd(I8X16_SUB), ...operand(1), ...simd(I8X16_LE_U), ...operand(2), ...simd(V128_AND),
    ...simd(I8X16_ADD),
  ];
}

/** memory[from + offset, +16) rewritten through the first range (held in locals) */
function mapVectorInPlace(offset: number): number[] {
  return [
    ...get(FROM), // the store's address
    ...get(FROM), ...vload(offset), ...set(V),
    ...get(V), ...applyRange((field) => get(FIRST_RANGE[field])),
    ...vstore(offset),
  ];
}

const FIRST_RANGE = [LO, SPAN, DELTA] as const;

/** the body (without locals) of mapRanges, for range records stored at rangesAt */
export function mapRangesBody(rangesAt: number): number[] {
  return [
    ...i32(0), ...vload(rangesAt), ...set(LO),
    ...i32(0), ...vload(rangesAt + 16), ...set(SPAN),
    ...i32(0), ...vload(rangesAt + 32), ...set(DELTA),
    // one range (a-z → A-Z, the common case): 32 bytes per step, nothing read from memory but the data
    ...get(RANGES_END), ...i32(RANGE_RECORD_BYTES), I32_LE_U,
    IF, VOID,
    BLOCK, VOID, // exit
    LOOP, VOID, // [pair 0, exit 1, if 2]
    ...get(FROM), ...get(END_AT), I32_GE_U, BR_IF, 1,
    ...mapVectorInPlace(0),
    ...mapVectorInPlace(16),
    ...get(FROM), ...i32(32), I32_ADD, ...set(FROM),
    BR, 0,
    END,
    END,
    RETURN,
    END,
    BLOCK, VOID, // exit
    LOOP, VOID, // one vector  [vec 0, exit 1]
    ...get(FROM), ...get(END_AT), I32_GE_U, BR_IF, 1,
    ...get(FROM), ...vload(), ...set(V),
    ...get(V), ...applyRange((field) => get(FIRST_RANGE[field])), ...set(ACC),
    ...i32(RANGE_RECORD_BYTES), ...set(R),
    BLOCK, VOID, // ranges done
    LOOP, VOID, // the other ranges  [range 0, done 1, vec 2, exit 3]
    ...get(R), ...get(RANGES_END), I32_GE_U, BR_IF, 1,
    ...get(ACC), ...applyRange((field) => [...get(R), ...vload(rangesAt + 16 * field)]), ...set(ACC),
    ...get(R), ...i32(RANGE_RECORD_BYTES), I32_ADD, ...set(R),
    BR, 0,
    END,
    END,
    ...get(FROM), ...get(ACC), ...vstore(),
    ...get(FROM), ...i32(16), I32_ADD, ...set(FROM),
    BR, 0,
    END,
    END,
  ];
}
