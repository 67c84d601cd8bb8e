// The backtracking matcher for what V8's linear-time engine cannot run: back-references, the
// lookarounds that \< \> and sed's M anchors would need, sources too large for V8. A V8 RegExp
// with those runs on V8's backtracking engine, which has no step limit and, being one native
// call, cannot be stopped by the run's deadline: `(a*)(a*)(a*)(a*)(a*)(a*)b\1` on 200 a's would
// hang the process. This one counts its steps and calls the caller's checkpoint every
// CHECK_EVERY of them (commands pass ctx.checkAbort, which throws past the deadline), so a match
// that would take exponential time (GNU's matchers take it too) ends with the run's timeout.
//
// Semantics (glibc's where they differ from JavaScript's):
// - a back-reference to a group that did not take part fails (JavaScript matches it as empty);
// - a group keeps what it captured in an earlier iteration of a loop (JavaScript clears it);
// - an iteration of a `*` loop may match empty, and the loop ends there; in a `+` loop only the
//   first may;
// - -i compares a back-reference's text with ASCII case folding only (the C locale);
// - `longest`: the leftmost match, and of those the longest (POSIX); the groups are those of the
//   first path, in priority order (greedy first, left alternative first), that reaches that end.
//
// Speed: each SPLIT is memoized on (pc, pos) and the captures and loop registers its future reads
// (backtrack-compile.ts says which): a path that reaches a state seen before stops, since the
// same ends follow. Without back-references that is RE2's BitState, O(program × record); with
// them, `(a*)(a*)(a*)(a*)(a*)(a*)b\1` on 200 a's visits O(n²) states instead of O(n⁶) paths.
// What is left exponential (a back-reference reading a group inside a loop, the state memo full)
// the step count and the caller's checkpoint bound.

import {
  A_BOL, A_BOL_LINE, A_EOL, A_EOL_LINE, A_NO_WORD_AFTER, A_NO_WORD_BEFORE, A_NOT_WORD_BOUNDARY, A_WORD_BOUNDARY, A_WORD_END,
  A_WORD_START, ANY, ASSERT, BACKREF, CHAR, ENTER, JMP, MARK, MATCH, PROGRESS, PROGRESS_ANY, type Program, SAVE, SET, SPLIT,
} from './backtrack-compile.js';
import { StateSet } from './state-set.js';

/** steps between two calls of the checkpoint (~0.1 ms of matching) */
export const CHECK_EVERY = 1 << 14;

/** bits of memo a search may use (16 MiB); past it, a record is searched without the memo */
const MAX_MEMO_BITS = 1 << 27;

/** states the state memo holds (state-set.ts: 16 MiB of tuples at most); past it, it is cleared */
const MAX_STATES = 1 << 20;

/** steps a state lookup counts for, plus one per value in its tuple (see seen) */
const SEEN_STEPS = 16;

/**
 * int32 entries the backtracking stack may hold (64 MiB). Past it the search stops with the
 * RangeError a failed allocation raises, which commands report as GNU does: `memory exhausted`.
 */
const MAX_STACK = 1 << 24;

const T_ALT = 0;
const T_CAP = 1;
const T_REG = 2;

const WORD = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  WORD[b] = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f ? 1 : 0;
}

export class BacktrackMatcher {
  private stack = new Int32Array(768);
  private memo = new Int32Array(0);
  private memoOn = false;
  /** the state memo (see seen) and the tuple a lookup is built in */
  private readonly states: StateSet;
  private readonly tuple: Int32Array;
  private readonly caps: Int32Array;
  private readonly best: Int32Array;
  private readonly regs: Int32Array;
  private budget = CHECK_EVERY;
  /** the record of the search under way */
  private s = '';
  private n = 0;

  constructor(
    private readonly prog: Program,
    /** called with CHECK_EVERY every CHECK_EVERY steps; throws to stop the search (the run's deadline) */
    private readonly checkpoint: ((units: number) => void) | undefined,
  ) {
    this.caps = new Int32Array(prog.slots);
    this.best = new Int32Array(prog.slots);
    this.regs = new Int32Array(Math.max(prog.registers, 1));
    const lengths = Int32Array.from(prog.live, (l) => l.length + 2);
    this.states = new StateSet(lengths, MAX_STATES);
    this.tuple = new Int32Array(lengths.reduce((a, b) => Math.max(a, b), 2));
  }

  /**
   * The leftmost match starting at or after `from` (the longest there with `longest`, else the
   * first found): capture slots [start, end, g1 start, g1 end, …] (-1: did not take part), valid
   * until the next search; null when there is none. `hint`: no match starts before it.
   */
  search(s: string, from: number, longest: boolean, hint = from): Int32Array | null {
    const p = this.prog;
    const n = s.length;
    this.s = s;
    this.n = n;
    this.memoOn = false;
    this.states.clear();
    if (p.memoCount > 0 && p.memoCount * (n + 1) <= MAX_MEMO_BITS) {
      const words = (p.memoCount * (n + 1) + 31) >>> 5;
      if (this.memo.length < words) this.memo = new Int32Array(Math.max(words, this.memo.length * 2));
      else this.memo.fill(0, 0, words);
      this.memoOn = true;
    }
    const first = p.first;
    const last = p.anchored ? Math.min(n, 0) : n;
    for (let start = Math.max(from, hint); start <= last; start++) {
      if (first !== null && (start === n || first[s.charCodeAt(start)] === 0)) continue;
      if (this.run(start, longest) >= 0) return longest ? this.best : this.caps;
    }
    this.s = '';
    return null;
  }

  /**
   * Has the search been at this state-memoized SPLIT with this pos and the same live captures
   * and registers? (Notes it if not.)
   */
  private seen(k: number, pos: number): boolean {
    const live = this.prog.live[k]!;
    const t = this.tuple;
    t[0] = k;
    t[1] = pos;
    for (let i = 0; i < live.length; i++) {
      const v = live[i]!;
      t[i + 2] = v >= 0 ? this.caps[v]! : this.regs[-1 - v]!;
    }
    // a lookup costs what some dozens of plain steps do: it counts for more, so the checkpoint
    // comes about as often in time whatever the pattern
    this.budget = Math.max(1, this.budget - SEEN_STEPS - live.length);
    return this.states.has(t, live.length + 2);
  }

  private push(tag: number, a: number, b: number, sp: number): number {
    if (sp + 3 > this.stack.length) {
      if (this.stack.length >= MAX_STACK) throw new RangeError('Array buffer allocation failed: regex backtracking stack');
      const bigger = new Int32Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    const st = this.stack;
    st[sp] = a;
    st[sp + 1] = b;
    st[sp + 2] = tag;
    return sp + 3;
  }

  /** one anchored attempt at `start`: the end of the match (longest: of the longest one) or -1 */
  private run(start: number, longest: boolean): number {
    const { op, x, y, memoId, sets, eol, icase } = this.prog;
    const s = this.s;
    const n = this.n;
    const caps = this.caps;
    const regs = this.regs;
    const memo = this.memo;
    const memoOn = this.memoOn;
    caps.fill(-1);
    let bestEnd = -1;
    let sp = 0;
    let pc = 0;
    let pos = start;
    for (;;) {
      if (--this.budget === 0) {
        this.budget = CHECK_EVERY;
        this.checkpoint?.(CHECK_EVERY);
      }
      switch (op[pc]) {
        case CHAR:
          if (pos < n && s.charCodeAt(pos) === x[pc]) {
            pos++;
            pc++;
            continue;
          }
          break;
        case SET:
          if (pos < n && sets[x[pc]!]![s.charCodeAt(pos)] === 1) {
            pos++;
            pc++;
            continue;
          }
          break;
        case ANY:
          if (pos < n && s.charCodeAt(pos) !== eol) {
            pos++;
            pc++;
            continue;
          }
          break;
        case SPLIT: {
          const id = memoId[pc]!;
          if (id >= 0) {
            if (memoOn) {
              const bit = id * (n + 1) + pos;
              const word = bit >>> 5;
              const mask = 1 << (bit & 31);
              if ((memo[word]! & mask) !== 0) break;
              memo[word] = memo[word]! | mask;
            }
          } else if (id < -1 && this.seen(-2 - id, pos)) break;
          sp = this.push(T_ALT, y[pc]!, pos, sp);
          pc = x[pc]!;
          continue;
        }
        case JMP:
          pc = x[pc]!;
          continue;
        case SAVE: {
          const slot = x[pc]!;
          sp = this.push(T_CAP, slot, caps[slot]!, sp);
          caps[slot] = pos;
          pc++;
          continue;
        }
        case BACKREF: {
          const g = x[pc]!;
          const from = caps[2 * g]!;
          const to = caps[2 * g + 1]!;
          if (from < 0 || to < 0) break;
          const len = to - from;
          if (pos + len > n || !sameText(s, from, pos, len, icase)) break;
          pos += len;
          pc++;
          continue;
        }
        case ASSERT:
          if (holds(x[pc]!, s, pos, n)) {
            pc++;
            continue;
          }
          break;
        case MARK: {
          const r = x[pc]!;
          sp = this.push(T_REG, r, regs[r]!, sp);
          regs[r] = pos;
          pc++;
          continue;
        }
        case PROGRESS: {
          const r = x[pc]!;
          if (pos === regs[r]) {
            if (regs[r + 1] !== 0) break;
            pc = y[pc]!;
            continue;
          }
          if (regs[r + 1] === 0) {
            sp = this.push(T_REG, r + 1, 0, sp);
            regs[r + 1] = 1;
          }
          pc++;
          continue;
        }
        case PROGRESS_ANY:
          pc = pos === regs[x[pc]!] ? y[pc]! : pc + 1;
          continue;
        case ENTER: {
          const r = x[pc]! + 1;
          sp = this.push(T_REG, r, regs[r]!, sp);
          regs[r] = 0;
          pc++;
          continue;
        }
        case MATCH:
          if (!longest) {
            caps[0] = start;
            caps[1] = pos;
            return pos;
          }
          if (pos > bestEnd) {
            bestEnd = pos;
            this.best.set(caps);
            this.best[0] = start;
            this.best[1] = pos;
            if (pos === n) return pos;
          }
          break;
      }
      // failure: undo back to the last alternative
      const st = this.stack;
      for (;;) {
        if (sp === 0) return bestEnd;
        sp -= 3;
        const tag = st[sp + 2];
        if (tag === T_ALT) {
          pc = st[sp]!;
          pos = st[sp + 1]!;
          break;
        }
        if (tag === T_CAP) caps[st[sp]!] = st[sp + 1]!;
        else regs[st[sp]!] = st[sp + 1]!;
      }
    }
  }
}

function sameText(s: string, a: number, b: number, len: number, icase: boolean): boolean {
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(a + i);
    const d = s.charCodeAt(b + i);
    if (c === d) continue;
    if (!icase || (c | 0x20) !== (d | 0x20)) return false;
    const l = c | 0x20;
    if (l < 0x61 || l > 0x7a) return false;
  }
  return true;
}

function holds(kind: number, s: string, pos: number, n: number): boolean {
  const before = pos > 0 ? WORD[s.charCodeAt(pos - 1) & 0xff] === 1 : false;
  const after = pos < n ? WORD[s.charCodeAt(pos) & 0xff] === 1 : false;
  switch (kind) {
    case A_BOL:
      return pos === 0;
    case A_EOL:
      return pos === n;
    case A_BOL_LINE:
      return pos === 0 || s.charCodeAt(pos - 1) === 0x0a;
    case A_EOL_LINE:
      return pos === n || s.charCodeAt(pos) === 0x0a;
    case A_WORD_BOUNDARY:
      return before !== after;
    case A_NOT_WORD_BOUNDARY:
      return before === after;
    case A_WORD_START:
      return !before && after;
    case A_WORD_END:
      return before && !after;
    case A_NO_WORD_BEFORE:
      return !before;
    case A_NO_WORD_AFTER:
      return !after;
    default:
      return false;
  }
}
