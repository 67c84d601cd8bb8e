// AST → the program the backtracking matcher (backtrack.ts) runs: a small instruction set in
// typed arrays, in the manner of RE2's and Pike's machines. Counted repetitions are unrolled (as
// glibc's regcomp duplicates their trees), so the program's size is estimated first and a pattern
// past MAX_PROGRAM is "Regular expression too big", glibc's REG_ESIZE text.

import type { Node } from './ast.js';
import type { CompileStep } from './compile-meter.js';
import { effectiveBytes } from './emit.js';

export const CHAR = 0;
export const SET = 1;
export const ANY = 2;
/** try x first, then y (on backtracking) */
export const SPLIT = 3;
export const JMP = 4;
/** capture slot x := pos (undone on backtracking) */
export const SAVE = 5;
/** the text group x captured; fails when the group did not take part (glibc) */
export const BACKREF = 6;
export const ASSERT = 7;
/** loop register x := pos: where an iteration of a loop whose body may match empty began */
export const MARK = 8;
/**
 * the end of such an iteration: one that matched empty ends the loop (to y) when it is the
 * loop's first, and fails otherwise; register x + 1 notes that an iteration consumed something
 */
export const PROGRESS = 9;
export const MATCH = 10;
/** entering such a loop: register x + 1 := 0 (no iteration yet) */
export const ENTER = 11;
/** a `*` loop's PROGRESS: an iteration that matched empty ends the loop (to y), whichever it is */
export const PROGRESS_ANY = 12;

export const A_BOL = 0;
export const A_EOL = 1;
export const A_BOL_LINE = 2;
export const A_EOL_LINE = 3;
export const A_WORD_BOUNDARY = 4;
export const A_NOT_WORD_BOUNDARY = 5;
export const A_WORD_START = 6;
export const A_WORD_END = 7;
/** -w: the byte before is no word byte (or there is none) */
export const A_NO_WORD_BEFORE = 8;
/** -w: the byte after is no word byte (or there is none) */
export const A_NO_WORD_AFTER = 9;

/** instructions a program may have: past it the pattern is "Regular expression too big" */
export const MAX_PROGRAM = 1 << 21;

export interface ProgramOptions {
  icase: boolean;
  /** the record terminator `.` and sets never match; -1: none */
  eol: number;
  /** sed's M: ^ and $ also match next to a newline inside the record */
  multiline: boolean;
  /** -x */
  wholeLine: boolean;
  /** -w (GNU grep's: no word byte on either side of the match) */
  wholeWord: boolean;
  /** called per node compiled: the caller's deadline check (compile-meter.ts) */
  step?: CompileStep;
}

export interface Program {
  readonly op: Int32Array;
  readonly x: Int32Array;
  readonly y: Int32Array;
  /**
   * per SPLIT: k >= 0, its row in the memo of (pc, pos) (see backtrack.ts); -2 - k, memoized on
   * (pc, pos, the values of live[k]); -1, not memoized
   */
  readonly memoId: Int32Array;
  readonly memoCount: number;
  /** the capture slots (k >= 0) and loop registers (-1 - r) each state-memoized SPLIT depends on */
  readonly live: readonly Int32Array[];
  readonly sets: readonly Uint8Array[];
  /** capture slots: 2 per group, group 0 the whole match */
  readonly slots: number;
  readonly registers: number;
  /** can only match at the start of the record */
  readonly anchored: boolean;
  /** bytes a non-empty match can start with; null: a match may be empty (any start is a candidate) */
  readonly first: Uint8Array | null;
  readonly icase: boolean;
  readonly eol: number;
}

export type ProgramResult = { ok: true; program: Program } | { ok: false; message: string };

/**
 * One program for several patterns matched as alternatives (grep's -e list): each pattern's
 * groups keep their own numbers in their own back-references, and are numbered on after the
 * groups of the patterns before it.
 */
export function compileProgram(patterns: readonly { root: Node; groups: number }[], opts: ProgramOptions): ProgramResult {
  let size = 8;
  for (const p of patterns) size += estimate(p.root) + 4;
  if (size > MAX_PROGRAM) return { ok: false, message: 'Regular expression too big' };
  const b = new Builder(opts);
  const offsets: number[] = [];
  let groups = 0;
  for (const p of patterns) {
    offsets.push(groups);
    groups += p.groups;
  }
  const roots: Node[] = patterns.map((p, k) => renumber(p.root, offsets[k]!));
  const root: Node = roots.length === 1 ? roots[0]! : { type: 'alt', alternatives: roots };
  const items: Node[] = [];
  if (opts.wholeLine) items.push({ type: 'assert', kind: 'bol', buffer: true });
  if (opts.wholeWord && !opts.wholeLine) b.emit(ASSERT, A_NO_WORD_BEFORE);
  items.push(root);
  if (opts.wholeLine) items.push({ type: 'assert', kind: 'eol', buffer: true });
  b.node({ type: 'concat', items });
  if (opts.wholeWord && !opts.wholeLine) b.emit(ASSERT, A_NO_WORD_AFTER);
  b.emit(MATCH);
  const firsts = new FirstBytes(opts);
  const f = firsts.of(root);
  const anchored = opts.wholeLine || (!opts.multiline && startsAnchored(root));
  return { ok: true, program: b.finish(groups, anchored, f.nullable ? null : f.set) };
}

/** the program's size, saturating (counted repetitions multiply it) */
function estimate(n: Node): number {
  switch (n.type) {
    case 'concat':
      return n.items.reduce((s, i) => Math.min(MAX_PROGRAM + 1, s + estimate(i)), 0);
    case 'alt':
      return n.alternatives.reduce((s, a) => Math.min(MAX_PROGRAM + 1, s + estimate(a) + 2), 0);
    case 'group':
      return estimate(n.body) + 2;
    case 'repeat': {
      const copies = n.max === Infinity ? Math.max(n.min, 1) : n.max;
      return Math.min(MAX_PROGRAM + 1, copies * (estimate(n.body) + 5) + 5);
    }
    default:
      return 1;
  }
}

function renumber(n: Node, offset: number): Node {
  if (offset === 0) return n;
  switch (n.type) {
    case 'group':
      return { type: 'group', index: n.index + offset, body: renumber(n.body, offset) };
    case 'backref':
      return { type: 'backref', group: n.group + offset };
    case 'concat':
      return { type: 'concat', items: n.items.map((i) => renumber(i, offset)) };
    case 'alt':
      return { type: 'alt', alternatives: n.alternatives.map((a) => renumber(a, offset)) };
    case 'repeat':
      return { ...n, body: renumber(n.body, offset) };
    default:
      return n;
  }
}

function startsAnchored(n: Node): boolean {
  if (n.type === 'assert') return n.kind === 'bol';
  if (n.type === 'concat') return n.items.length > 0 && startsAnchored(n.items[0]!);
  if (n.type === 'group') return startsAnchored(n.body);
  if (n.type === 'alt') return n.alternatives.every(startsAnchored);
  return false;
}

/** can the node match the empty string (a back-reference: when its group can) */
function nullable(n: Node, groups: Map<number, boolean>): boolean {
  switch (n.type) {
    case 'literal':
    case 'set':
    case 'any':
      return false;
    case 'assert':
      return true;
    case 'concat':
      return n.items.every((i) => nullable(i, groups));
    case 'alt':
      return n.alternatives.some((a) => nullable(a, groups));
    case 'group': {
      const e = nullable(n.body, groups);
      groups.set(n.index, e);
      return e;
    }
    case 'repeat':
      return n.min === 0 || nullable(n.body, groups);
    case 'backref':
      return groups.get(n.group) ?? true;
  }
}

class Builder {
  private readonly op: number[] = [];
  private readonly x: number[] = [];
  private readonly y: number[] = [];
  private readonly sets: Uint8Array[] = [];
  private registers = 0;
  /** whether each group (by index) can match empty, filled in as groups are compiled */
  private readonly emptyGroups = new Map<number, boolean>();
  constructor(private readonly opts: ProgramOptions) {}

  emit(o: number, a = 0, b = 0): number {
    this.op.push(o);
    this.x.push(a);
    this.y.push(b);
    return this.op.length - 1;
  }

  private get pc(): number {
    return this.op.length;
  }

  private set(bytes: Uint8Array): void {
    this.sets.push(bytes);
    this.emit(SET, this.sets.length - 1);
  }

  node(n: Node): void {
    const o = this.opts;
    o.step?.();
    switch (n.type) {
      case 'literal': {
        const b = n.byte;
        const letter = (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
        if (b === o.eol) this.set(new Uint8Array(256));
        else if (o.icase && letter) {
          const t = new Uint8Array(256);
          t[b & ~0x20] = 1;
          t[b | 0x20] = 1;
          this.set(t);
        } else this.emit(CHAR, b);
        return;
      }
      case 'set': {
        const t = effectiveBytes(n, o.icase);
        if (o.eol >= 0) t[o.eol] = 0;
        this.set(t);
        return;
      }
      case 'any':
        this.emit(ANY);
        return;
      case 'concat':
        for (const i of n.items) this.node(i);
        return;
      case 'alt': {
        const jumps: number[] = [];
        const last = n.alternatives.length - 1;
        n.alternatives.forEach((a, k) => {
          if (k === last) {
            this.node(a);
            return;
          }
          const split = this.emit(SPLIT, this.pc + 1);
          this.node(a);
          jumps.push(this.emit(JMP));
          this.y[split] = this.pc;
        });
        for (const j of jumps) this.x[j] = this.pc;
        return;
      }
      case 'group':
        this.emit(SAVE, 2 * n.index);
        this.node(n.body);
        this.emit(SAVE, 2 * n.index + 1);
        this.emptyGroups.set(n.index, nullable(n.body, this.emptyGroups));
        return;
      case 'repeat':
        this.repeat(n.body, n.min, n.max);
        return;
      case 'backref':
        this.emit(BACKREF, n.group);
        return;
      case 'assert':
        this.emit(ASSERT, assertion(n.kind, o.multiline && n.buffer !== true));
        return;
    }
  }

  private repeat(body: Node, min: number, max: number): void {
    if (max === 0) return;
    const empty = nullable(body, new Map(this.emptyGroups));
    if (max === Infinity) {
      for (let k = 0; k < min - 1; k++) this.node(body);
      if (min === 0) this.star(body, empty);
      else this.plus(body, empty);
      return;
    }
    for (let k = 0; k < min; k++) this.node(body);
    // (X(X(X)?)?)?: each optional copy only after the one before it
    const splits: number[] = [];
    for (let k = min; k < max; k++) {
      splits.push(this.emit(SPLIT, this.pc + 1));
      this.node(body);
    }
    for (const s of splits) this.y[s] = this.pc;
  }

  /**
   * X*: SPLIT body, exit; [MARK r] X [PROGRESS_ANY r exit] JMP back. A body that may match empty
   * gets the register. Measured on glibc: in a `*` loop any iteration may match empty, and the
   * loop ends there (`\(a*\)*b\1` matches all of "aab", the group set to ""); in a `+` loop only
   * the first may (`(a*)+b\1` finds only "b" in "aab"): see plus.
   */
  private star(body: Node, empty: boolean): void {
    const r = empty ? this.loopRegisters() : -1;
    const loop = this.emit(SPLIT, this.pc + 1);
    if (empty) this.emit(MARK, r);
    this.node(body);
    const progress = empty ? this.emit(PROGRESS_ANY, r) : -1;
    this.emit(JMP, loop);
    this.y[loop] = this.pc;
    if (progress >= 0) this.y[progress] = this.pc;
  }

  /** X+: [ENTER r] [MARK r] X [PROGRESS r exit] SPLIT back, exit (the registers: see star) */
  private plus(body: Node, empty: boolean): void {
    const r = empty ? this.loopRegisters() : -1;
    if (empty) this.emit(ENTER, r);
    const top = this.pc;
    if (empty) this.emit(MARK, r);
    this.node(body);
    const progress = empty ? this.emit(PROGRESS, r) : -1;
    this.emit(SPLIT, top, this.pc + 1);
    if (progress >= 0) this.y[progress] = this.pc;
  }

  /** two registers: where the iteration began, and whether one consumed anything yet */
  private loopRegisters(): number {
    this.registers += 2;
    return this.registers - 2;
  }

  finish(groups: number, anchored: boolean, first: Uint8Array | null): Program {
    const op = Int32Array.from(this.op);
    const x = Int32Array.from(this.x);
    const y = Int32Array.from(this.y);
    const memoId = new Int32Array(op.length).fill(-1);
    const live: Int32Array[] = [];
    const deps = dependencies(op, x, y, this.opts.step);
    let memoCount = 0;
    let stateCount = 0;
    for (let pc = 0; pc < op.length; pc++) {
      if (op[pc] !== SPLIT) continue;
      if (deps.slots[pc] === 0 && deps.regs[pc] === 0) memoId[pc] = memoCount++;
      else {
        const l = liveState(deps.slots[pc]!, deps.regs[pc]!);
        if (l === null) continue;
        memoId[pc] = -2 - stateCount++;
        live.push(l);
      }
    }
    return {
      op, x, y, memoId, memoCount, live, sets: this.sets, slots: 2 * (groups + 1), registers: this.registers,
      anchored, first, icase: this.opts.icase, eol: this.opts.eol,
    };
  }
}

function assertion(kind: Extract<Node, { type: 'assert' }>['kind'], line: boolean): number {
  switch (kind) {
    case 'bol':
      return line ? A_BOL_LINE : A_BOL;
    case 'eol':
      return line ? A_EOL_LINE : A_EOL;
    case 'word-boundary':
      return A_WORD_BOUNDARY;
    case 'not-word-boundary':
      return A_NOT_WORD_BOUNDARY;
    case 'word-start':
      return A_WORD_START;
    case 'word-end':
      return A_WORD_END;
  }
}

/**
 * What the rest of a match depends on besides (pc, pos), per instruction: the capture slots a
 * later back-reference reads before a SAVE overwrites them (bit k for slot k + 2; bit 31 for
 * every slot past 32, never cleared) and the loop registers a later PROGRESS reads before a MARK
 * sets them (bit r; bit 31 likewise). Whatever path reaches a SPLIT with the same pos and the
 * same values in those, the same ends follow: the matcher memoizes SPLITs on that state.
 * Backward data flow to a fixed point.
 */
function dependencies(op: Int32Array, x: Int32Array, y: Int32Array, step: CompileStep | undefined): { slots: Uint32Array; regs: Uint32Array } {
  const n = op.length;
  const slots = new Uint32Array(n);
  const regs = new Uint32Array(n);
  const bit = (k: number): number => (1 << Math.min(k, 31)) >>> 0;
  const succ = (pc: number, dep: Uint32Array): number => {
    const o = op[pc]!;
    if (o === SPLIT) return dep[x[pc]!]! | dep[y[pc]!]!;
    if (o === JMP) return dep[x[pc]!]!;
    if (o === PROGRESS || o === PROGRESS_ANY) return dep[pc + 1]! | dep[y[pc]!]!;
    return o === MATCH ? 0 : dep[pc + 1]!;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let pc = n - 1; pc >= 0; pc--) {
      step?.();
      const o = op[pc]!;
      let sv = succ(pc, slots);
      let rv = succ(pc, regs);
      if (o === BACKREF) sv |= bit(2 * x[pc]! - 2) | bit(2 * x[pc]! - 1);
      else if (o === SAVE && x[pc]! - 2 < 31) sv &= ~bit(x[pc]! - 2);
      else if (o === PROGRESS) rv |= bit(x[pc]!) | bit(x[pc]! + 1);
      else if (o === PROGRESS_ANY) rv |= bit(x[pc]!);
      else if (o === MARK && x[pc]! < 31) rv &= ~bit(x[pc]!);
      else if (o === ENTER && x[pc]! + 1 < 31) rv &= ~bit(x[pc]! + 1);
      sv >>>= 0;
      rv >>>= 0;
      if (sv !== slots[pc] || rv !== regs[pc]) {
        slots[pc] = sv;
        regs[pc] = rv;
        changed = true;
      }
    }
  }
  return { slots, regs };
}

/** the slot and register numbers a dependency set names, or null when it holds the catch-all bit */
function liveState(slotBits: number, regBits: number): Int32Array | null {
  if ((slotBits | regBits) >>> 31 !== 0) return null;
  const out: number[] = [];
  for (let k = 0; k < 31; k++) if (slotBits & (1 << k)) out.push(k + 2);
  // registers follow the slots, marked by a negative number (-1 - r)
  for (let r = 0; r < 31; r++) if (regBits & (1 << r)) out.push(-1 - r);
  return Int32Array.from(out);
}

/** the bytes a non-empty match can begin with, and whether a match can be empty */
class FirstBytes {
  private readonly groups = new Map<number, { set: Uint8Array; nullable: boolean }>();
  constructor(private readonly opts: ProgramOptions) {}

  of(n: Node): { set: Uint8Array; nullable: boolean } {
    const o = this.opts;
    o.step?.();
    switch (n.type) {
      case 'literal': {
        const set = new Uint8Array(256);
        if (n.byte === o.eol) return { set, nullable: false };
        set[n.byte] = 1;
        if (o.icase && ((n.byte >= 0x41 && n.byte <= 0x5a) || (n.byte >= 0x61 && n.byte <= 0x7a))) {
          set[n.byte & ~0x20] = 1;
          set[n.byte | 0x20] = 1;
        }
        return { set, nullable: false };
      }
      case 'set': {
        const set = effectiveBytes(n, o.icase);
        if (o.eol >= 0) set[o.eol] = 0;
        return { set, nullable: false };
      }
      case 'any': {
        const set = new Uint8Array(256).fill(1);
        if (o.eol >= 0) set[o.eol] = 0;
        return { set, nullable: false };
      }
      case 'assert':
        return { set: new Uint8Array(256), nullable: true };
      case 'concat': {
        const set = new Uint8Array(256);
        for (const i of n.items) {
          const f = this.of(i);
          union(set, f.set);
          if (!f.nullable) {
            // later groups still need their entries (back-references after them)
            for (const rest of n.items.slice(n.items.indexOf(i) + 1)) this.noteGroups(rest);
            return { set, nullable: false };
          }
        }
        return { set, nullable: true };
      }
      case 'alt': {
        const set = new Uint8Array(256);
        let empty = false;
        for (const a of n.alternatives) {
          const f = this.of(a);
          union(set, f.set);
          empty ||= f.nullable;
        }
        return { set, nullable: empty };
      }
      case 'group': {
        const f = this.of(n.body);
        this.groups.set(n.index, f);
        return f;
      }
      case 'repeat': {
        if (n.max === 0) {
          this.noteGroups(n.body);
          return { set: new Uint8Array(256), nullable: true };
        }
        const f = this.of(n.body);
        return { set: f.set, nullable: f.nullable || n.min === 0 };
      }
      case 'backref':
        return this.groups.get(n.group) ?? { set: new Uint8Array(256), nullable: true };
    }
  }

  private noteGroups(n: Node): void {
    if (n.type === 'group') this.of(n);
    else if (n.type === 'concat') for (const i of n.items) this.noteGroups(i);
    else if (n.type === 'alt') for (const a of n.alternatives) this.noteGroups(a);
    else if (n.type === 'repeat') this.noteGroups(n.body);
  }
}

function union(into: Uint8Array, from: Uint8Array): void {
  for (let b = 0; b < 256; b++) if (from[b]) into[b] = 1;
}

