// The kernel behind `grep -c STRING`: how many records of a block contain a fixed byte string,
// in one call. The JS path (grep/literal.ts) crosses into WebAssembly three times per matching
// record (find a candidate, find the record's end, count it); on a log where one line in five
// matches, those crossings cost more than the scan. Here the whole loop stays inside: a 32-byte
// probe for the needle's two rarest bytes at their distance (as find2, two vectors per step), a byte compare of the
// candidate, then a 16-byte scan to the record's end, where the search resumes — a record is
// counted once however many matches it holds.
//
// countRecords(from, end, k1, gap, len, eol): records counted in memory[from, end), which holds
// whole records (the last may lack its terminator); the needle is memory[needleAt, +len), its
// probes needle[k1] and needle[k1 + gap]. The caller guarantees end - from >= len and that the
// needle holds no eol byte. Vector loads may read up to 47 bytes past end (the slack page).

import {
  BLOCK, BR, BR_IF, END, I32, I32_ADD, I32_CTZ, I32_GE_U, I32_NE, I32_OR, I32_SHL, I32_SUB, I8X16_BITMASK, I8X16_EQ, I8X16_SPLAT, IF, LOOP,
  V128, V128_AND, VOID, get, i32, load8, set, simd, tee, vload,
} from './simd-asm.js';

// parameters
const FROM = 0;
const END_AT = 1;
const K1 = 2;
const GAP = 3;
const LEN = 4;
const EOL = 5;
// locals
const Q = 6; // the candidate position of needle[k1]
const LIMIT = 7; // candidates lie before this
const COUNT = 8;
const AT = 9; // a candidate's start, then the scan for its record's end
const I = 10;
const MASK = 11;
const V1 = 12;
const V2 = 13;
const VE = 14;

export const COUNT_RECORDS_LOCALS: [number, number][] = [
  [6, I32],
  [3, V128],
];

/** bit i set: candidate q + offset + i has both probe bytes (16 candidates) */
function probeMask(offset: number): number[] {
  return [
    ...get(Q), ...vload(offset), ...get(V1), ...simd(I8X16_EQ),
    ...get(Q), ...get(GAP), I32_ADD, ...vload(offset), ...get(V2), ...simd(I8X16_EQ),
    ...simd(V128_AND), ...simd(I8X16_BITMASK),
  ];
}

/** the body (without locals) of countRecords, for a needle stored at needleAt */
export function countRecordsBody(needleAt: number): number[] {
  // branch depths are counted from the innermost enclosing block: see the labels on each line
  return [
    ...get(K1), ...load8(needleAt), ...simd(I8X16_SPLAT), ...set(V1),
    ...get(K1), ...get(GAP), I32_ADD, ...load8(needleAt), ...simd(I8X16_SPLAT), ...set(V2),
    ...get(EOL), ...simd(I8X16_SPLAT), ...set(VE),
    ...get(END_AT), ...get(LEN), I32_SUB, ...get(K1), I32_ADD, ...i32(1), I32_ADD, ...set(LIMIT),
    ...get(FROM), ...get(K1), I32_ADD, ...set(Q),
    BLOCK, VOID, // exit
    LOOP, VOID, // next: search on from q
    BLOCK, VOID, // found
    LOOP, VOID, // scan 32 candidates at a time  [scan 0, found 1, next 2, exit 3]
    ...get(Q), ...get(LIMIT), I32_GE_U, BR_IF, 3,
    ...probeMask(0),
    ...probeMask(16), ...i32(16), I32_SHL, I32_OR, ...tee(MASK),
    IF, VOID, // [if 0, scan 1, found 2, next 3, exit 4]
    ...get(Q), ...get(MASK), I32_CTZ, I32_ADD, ...tee(Q), ...get(LIMIT), I32_GE_U, BR_IF, 4,
    BR, 2,
    END,
    ...get(Q), ...i32(32), I32_ADD, ...set(Q),
    BR, 0,
    END, // scan
    END, // found
    ...get(Q), ...get(K1), I32_SUB, ...set(AT),
    ...i32(0), ...set(I),
    BLOCK, VOID, // matched
    LOOP, VOID, // compare  [compare 0, matched 1, next 2, exit 3]
    ...get(I), ...get(LEN), I32_GE_U, BR_IF, 1,
    ...get(AT), ...get(I), I32_ADD, ...load8(), ...get(I), ...load8(needleAt), I32_NE,
    IF, VOID, // not the needle: search on from the next byte  [if 0, compare 1, matched 2, next 3]
    ...get(Q), ...i32(1), I32_ADD, ...set(Q),
    BR, 3,
    END,
    ...get(I), ...i32(1), I32_ADD, ...set(I),
    BR, 0,
    END, // compare
    END, // matched
    ...get(COUNT), ...i32(1), I32_ADD, ...set(COUNT),
    ...get(AT), ...get(LEN), I32_ADD, ...set(AT),
    LOOP, VOID, // the record's end  [eol 0, next 1, exit 2]
    ...get(AT), ...get(END_AT), I32_GE_U, BR_IF, 2,
    ...get(AT), ...vload(), ...get(VE), ...simd(I8X16_EQ), ...simd(I8X16_BITMASK), ...tee(MASK),
    IF, VOID, // [if 0, eol 1, next 2, exit 3]
    ...get(AT), ...get(MASK), I32_CTZ, I32_ADD, ...tee(AT), ...get(END_AT), I32_GE_U, BR_IF, 3,
    ...get(AT), ...i32(1), I32_ADD, ...get(K1), I32_ADD, ...set(Q),
    BR, 2,
    END,
    ...get(AT), ...i32(16), I32_ADD, ...set(AT),
    BR, 0,
    END, // eol
    END, // next
    END, // exit
    ...get(COUNT),
  ];
}
