// Running a compiled sed program over the input, one cycle per line, as GNU sed 4.9's execute.c:
// addresses and ranges, the pattern and hold spaces, the append queue, n/N/D cycle control, q/Q
// exit codes. Both spaces together are bounded by the command's memory budget (internal/budget.ts),
// counting the rope nodes V8 makes for each append, so `:a;N;$!ba` over a large file works while
// `H;$!d` or a runaway `G;h` loop on endless input stops with GNU's `sed: memory exhausted`.
// Branch loops have no iteration cap (a legit loop may jump once per byte); the run's deadline
// bites every few thousand jumps, and the event loop gets a turn (internal/budget.ts Pacer).

import type { CallContext } from '../types.js';
import type { Address, SedCommand, SedRegex } from './types.js';
import type { Program } from './compile.js';
import type { SedInput, Line } from './input.js';
import type { SedOutput } from './output.js';
import { expandReplacement } from './replacement.js';
import { escapeForL } from './list.js';
import { Buffer } from 'node:buffer';
import { Pacer, commandBudget, memoryExhausted } from '../internal/budget.js';

export interface ExecOptions {
  quiet: boolean;
  posix: boolean;
  separate: boolean;
  /** -l N (70 by default; 0 = no wrapping) */
  lineLength: number;
  unbuffered: boolean;
  delim: string;
  /** the location GNU reports run-time regex errors at (`-e expression #1, char 0`) */
  zeroLocation: string;
}

/** Ends the run: `message` (already formatted) on stderr, then `status`. */
export class SedFatal {
  constructor(
    readonly message: string,
    readonly status: number,
  ) {}
}

/** Called when the input moves to another file (sed -i switches its output there). */
export type FileSwitch = (file: number, previous: number) => Promise<SedOutput>;

const JUMPS_PER_ABORT_CHECK = 4096;

/**
 * What one append (`H`, `G`, `N`) costs beyond its bytes: V8 joins strings by making a rope node
 * (~32 bytes each, measured: 2,000,000 appends of two bytes held 64 MB for 4 MB of text). Counted
 * against the budget; the spaces are flattened (copied into one flat string each) when the nodes
 * outweigh both the text and a quarter of the budget, or when text and nodes together would pass
 * the budget. Each append then costs at most ~64 bytes of copying, usually far less.
 */
const ROPE_NODE_BYTES = 64;
/** GNU's status when an allocation fails (xalloc_die under sed's exit_failure) */
const MEMORY_STATUS = 1;

type CycleEnd = 'end' | 'delete' | 'restart' | 'quit' | 'quitNow' | Resume;

/**
 * Where a pass goes on after it waited (a full output pipe, n/N reading a line, a turn of the
 * event loop). The caller's loop resumes it: a pass that went on from inside the promise it
 * waited on chained one promise per line into the next, and `:a;N;ba` over endless input held
 * every one of them (600 MB in 30 s).
 */
class Resume {
  constructor(
    readonly pc: number,
    readonly jumps: number,
  ) {}
}

export class Executor {
  private ps = '';
  private hold = '';
  /**
   * whether each space ends with a newline when printed: the line's own (a last line may lack
   * one); GNU carries the flag along with g G h H x (an unterminated last line printed after G
   * gets the hold space's newline)
   */
  private psChomped = true;
  private holdChomped = true;
  private line: Line | null = null;
  private lineNo = 0;
  private last = false;
  private appendQueue: string[] = [];
  private substituted = false;
  private lastRegex: SedRegex | null = null;
  private exitCode: number | null = null;
  private currentFile = -1;
  private readonly usesLast: boolean;
  private readonly spaceLimit: number;
  /** rope nodes made by appends since the spaces were last flat */
  private ropeNodes = 0;
  private readonly pace: Pacer;

  constructor(
    ctx: CallContext,
    private readonly program: Program,
    private readonly input: SedInput,
    private out: SedOutput,
    private readonly opts: ExecOptions,
    private readonly onFileSwitch: FileSwitch | null,
  ) {
    this.usesLast = program.commands.some((c) => c.a1?.kind === 'last' || c.a2?.kind === 'last');
    this.spaceLimit = commandBudget(ctx);
    this.pace = new Pacer(() => ctx.checkAbort());
  }

  /** runs to the end of input (or q/Q); returns the exit status q/Q asked for, or null */
  async run(): Promise<number | null> {
    let reuse = false;
    let lines = 0;
    // a line costs no promise unless something has to be waited for (an `await` of a plain value
    // still costs a turn of the microtask queue): sed over a big file is one cycle per line
    for (;;) {
      if (!reuse) {
        let more = this.readLine(false);
        if (more instanceof Promise) more = await more;
        if (!more) break;
      }
      reuse = false;
      if ((++lines & 1023) === 0) {
        const w = this.pace.step();
        if (w) await w;
      }
      let end = this.cycleFrom(0, 0);
      for (;;) {
        if (end instanceof Promise) end = await end;
        if (!(end instanceof Resume)) break;
        end = this.cycleFrom(end.pc, end.jumps);
      }
      if (end === 'quitNow') return this.exitCode;
      if (end === 'restart') {
        reuse = true;
        await this.flushAppends();
        continue;
      }
      if (end !== 'delete' && !this.opts.quiet) { const w = this.emitPatternSpace(); if (w) await w; }
      // GNU's q completes a last line that lacked its newline
      if (end === 'quit') { const w = this.out.completeLine(); if (w) await w; }
      if (this.appendQueue.length > 0) await this.flushAppends();
      if (this.opts.unbuffered) await this.out.flush();
      if (end === 'quit') return this.exitCode;
    }
    return this.exitCode;
  }

  get output(): SedOutput {
    return this.out;
  }

  /** read the next line into the pattern space (append: N); false at the end of input */
  private readLine(append: boolean): boolean | Promise<boolean> {
    const l = this.input.next();
    if (l instanceof Promise) return l.then((v) => this.takeLine(v, append));
    return this.takeLine(l, append);
  }

  private takeLine(l: Line | null, append: boolean): boolean | Promise<boolean> {
    if (l === null) return false;
    if (l.file !== this.currentFile) return this.switchFile(l, append);
    return this.setLine(l, append);
  }

  /** the first line of another operand (sed -i: output goes to that file from here) */
  private async switchFile(l: Line, append: boolean): Promise<boolean> {
    if (this.onFileSwitch !== null) {
      await this.out.flush();
      this.out = await this.onFileSwitch(l.file, this.currentFile);
    }
    if (this.opts.separate) this.resetForFile();
    this.currentFile = l.file;
    return this.setLine(l, append);
  }

  /**
   * -s / -i: GNU's read_pattern_space starts each file afresh: line numbers, the hold space (its
   * text only; GNU keeps its newline flag) and every range (a `0,/re/` range is active again)
   */
  private resetForFile(): void {
    this.lineNo = 0;
    this.hold = '';
    for (const c of this.program.commands) c.range = c.a1?.kind === 'zero' ? 'active' : 'inactive';
  }

  private setLine(l: Line, append: boolean): boolean | Promise<boolean> {
    this.line = l;
    this.psChomped = l.terminated;
    this.lineNo++;
    // t/T look at substitutions "since the last input line was read" (n and N read one too)
    this.substituted = false;
    if (append) {
      this.ps = this.ps + this.opts.delim + l.text;
      this.grew();
    } else {
      this.ps = l.text;
      this.checkSpace(this.ps);
    }
    if (this.usesLast) {
      return this.input.isLast(l).then((last) => {
        this.last = last;
        return true;
      });
    }
    return true;
  }

  /**
   * GNU ends i and c text with the record delimiter (NUL under -z); a keeps its newline. An empty
   * text (`-e 'i\'` as the last chunk) writes nothing.
   */
  private delimited(text: string): string {
    return this.opts.delim === '\n' || text === '' ? text : text.slice(0, -1) + this.opts.delim;
  }

  /** one space (a new pattern space, a substitution's result) against the budget */
  private checkSpace(s: string): void {
    if (s.length > this.spaceLimit) this.exhausted();
  }

  private exhausted(): never {
    throw new SedFatal(memoryExhausted('sed', this.spaceLimit), MEMORY_STATUS);
  }

  /** after an append to either space: both spaces and their rope nodes against the budget */
  private grew(): void {
    this.ropeNodes += 2;
    const text = this.ps.length + this.hold.length;
    const nodes = this.ropeNodes * ROPE_NODE_BYTES;
    if (text + nodes > this.spaceLimit) {
      if (text > this.spaceLimit) this.exhausted();
      this.flatten();
    } else if (nodes > text && nodes > this.spaceLimit / 4) this.flatten();
  }

  /** both spaces as flat strings (a byte round trip: they hold one char per byte) */
  private flatten(): void {
    this.ps = Buffer.from(this.ps, 'latin1').toString('latin1');
    this.hold = this.hold === '' ? '' : Buffer.from(this.hold, 'latin1').toString('latin1');
    this.ropeNodes = 0;
  }

  private emitPatternSpace(): void | Promise<void> {
    return this.out.line(this.ps, this.psChomped);
  }

  private async flushAppends(): Promise<void> {
    if (this.appendQueue.length === 0) return;
    const q = this.appendQueue;
    this.appendQueue = [];
    for (const t of q) {
      const p = this.out.text(t);
      if (p) await p;
    }
  }

  /** is there a next line for n/N (in separate mode: in the same file)? */
  private async hasNext(): Promise<boolean> {
    if (this.opts.separate && this.line !== null) return !(await this.input.isLast(this.line));
    return !(await this.input.atEnd());
  }

  /**
   * One pass of the script over the pattern space, from command `pc` on: synchronous until
   * something must be waited for (a full output pipe, n/N reading ahead), then the rest of the
   * pass continues after it (resume).
   */
  private cycleFrom(pc: number, jumps: number): CycleEnd | Promise<CycleEnd> {
    const cmds = this.program.commands;
    // the compiler gives each command the fields of its letter (types.ts): the text of a i c,
    // the target of { b t T, the map of y, the substitution of s
    while (pc < cmds.length) {
      const cmd = cmds[pc]!;
      if (!this.selected(cmd)) {
        pc = cmd.name === '{' ? cmd.target! : pc + 1;
        continue;
      }
      pc++;
      switch (cmd.name) {
        case '{':
        case '}':
        case ':':
          break;
        case '=':
          { const w = this.out.text(`${this.lineNo}${this.opts.delim}`); if (w) return this.resume(w, pc, jumps); }
          break;
        case 'a':
          this.appendQueue.push(cmd.text!);
          break;
        case 'i':
          { const w = this.out.text(this.delimited(cmd.text!)); if (w) return this.resume(w, pc, jumps); }
          break;
        case 'c':
          if (cmd.range !== 'active') { const w = this.out.text(this.delimited(cmd.text!)); if (w) return w.then(() => 'delete'); }
          return 'delete';
        case 'b':
        case 't':
        case 'T': {
          const take = cmd.name === 'b' || (cmd.name === 't') === this.substituted;
          if (cmd.name !== 'b') this.substituted = false;
          if (take) {
            pc = cmd.target!;
            // a jump's pass over a big pattern space costs in proportion to it (s/^/x/ copies
            // it): count that too, or 4,096 passes over 200 KB ran seconds past the deadline
            jumps += 1 + (this.ps.length >>> 8);
            if (jumps >= JUMPS_PER_ABORT_CHECK) {
              jumps = 0;
              const w = this.pace.step();
              if (w) return this.resume(w, pc, jumps);
            }
          }
          break;
        }
        case 'd':
          return 'delete';
        case 'D': {
          const nl = this.ps.indexOf(this.opts.delim);
          if (nl < 0) return 'delete';
          this.ps = this.ps.slice(nl + 1);
          return 'restart';
        }
        case 'F':
          { const w = this.out.text(this.input.nameOf(Math.max(this.input.lastOpened, this.currentFile)) + this.opts.delim); if (w) return this.resume(w, pc, jumps); }
          break;
        case 'g':
          this.ps = this.hold;
          this.psChomped = this.holdChomped;
          break;
        case 'G':
          this.ps += this.opts.delim + this.hold;
          this.psChomped = this.holdChomped;
          this.grew();
          break;
        case 'h':
          this.hold = this.ps;
          this.holdChomped = this.psChomped;
          break;
        case 'H':
          this.hold += this.opts.delim + this.ps;
          this.holdChomped = this.psChomped;
          this.grew();
          break;
        case 'x': {
          const t = this.ps;
          this.ps = this.hold;
          this.hold = t;
          const c = this.psChomped;
          this.psChomped = this.holdChomped;
          this.holdChomped = c;
          break;
        }
        case 'l':
          { const w = this.out.text(escapeForL(this.ps, cmd.int ?? this.opts.lineLength, this.opts.delim)); if (w) return this.resume(w, pc, jumps); }
          break;
        case 'n':
        case 'N':
          return this.readAhead(cmd.name, pc, jumps);
        case 'p': {
          const w = this.emitPatternSpace();
          if (w) return this.resume(w, pc, jumps);
          break;
        }
        case 'P': {
          const nl = this.ps.indexOf(this.opts.delim);
          { const w = nl < 0 ? this.out.line(this.ps, this.psChomped) : this.out.line(this.ps.slice(0, nl)); if (w) return this.resume(w, pc, jumps); }
          break;
        }
        case 'q':
          this.exitCode = cmd.int ?? 0;
          return 'quit';
        case 'Q':
          this.exitCode = cmd.int ?? 0;
          return 'quitNow';
        case 's': {
          const w = this.substitute(cmd);
          if (w) return this.resume(w, pc, jumps);
          break;
        }
        case 'y':
          this.ps = transliterate(this.ps, cmd.map!);
          break;
        case 'z':
          this.ps = '';
          break;
        case 'L':
          // GNU 4.9 still parses the removed L command and panics when it runs
          throw new SedFatal('sed: INTERNAL ERROR: Bad cmd L\n', 4);
      }
    }
    return 'end';
  }

  /** the rest of a pass once `w` has settled */
  private async resume(w: Promise<void>, pc: number, jumps: number): Promise<CycleEnd> {
    await w;
    return new Resume(pc, jumps);
  }

  /** n / N: print (n), then read the next line into the pattern space (N appends it); then go on */
  private async readAhead(name: 'n' | 'N', pc: number, jumps: number): Promise<CycleEnd> {
    if (!(await this.hasNext())) return name === 'n' || !this.opts.posix ? 'end' : 'delete';
    if (name === 'n' && !this.opts.quiet) {
      const w = this.emitPatternSpace();
      if (w) await w;
    }
    await this.flushAppends();
    await this.readLine(name === 'N');
    return new Resume(pc, jumps);
  }

  private regexFor(re: SedRegex | null): SedRegex {
    const r = re ?? this.lastRegex;
    if (r === null) throw new SedFatal(`sed: ${this.opts.zeroLocation}: no previous regular expression\n`, 1);
    this.lastRegex = r;
    return r;
  }

  private matchOne(a: Address): boolean {
    switch (a.kind) {
      case 'line':
        return this.lineNo === a.line;
      case 'last':
        return this.last;
      case 'regex':
        return this.regexFor(a.re).matcher.test(this.ps);
      case 'step':
        return this.lineNo >= a.first && (this.lineNo - a.first) % a.step === 0;
      case 'any':
        return true;
      case 'zero':
      case 'plus':
      case 'multiple':
        // never a first address; as ends they are tested by matchEnd
        return false;
    }
  }

  /** GNU match_address_p, then `!` */
  private selected(cmd: SedCommand): boolean {
    return this.matchAddress(cmd) !== cmd.negate;
  }

  /**
   * GNU sed 4.9's match_address_p, case for case. A numeric first address starts the range on the
   * first line at or past it that the command sees (n or N may have consumed the line itself), but
   * only once ('closed'); other first addresses may start it again after it ended.
   */
  private matchAddress(cmd: SedCommand): boolean {
    const a1 = cmd.a1;
    if (a1 === undefined) return true;
    const a2 = cmd.a2;
    if (a2 === undefined) return this.matchOne(a1); // one address: never a range
    if (cmd.range !== 'active') {
      if (a1.kind === 'line') {
        if (cmd.range === 'closed' || this.lineNo < a1.line) return false;
      } else if (!this.matchOne(a1)) return false;
      cmd.range = 'active';
      switch (a2.kind) {
        case 'regex':
          // the range always includes the line after its start
          return true;
        case 'line':
          // a range whose end is already passed is that one line (when addr1 matches it)
          if (this.lineNo >= a2.line) cmd.range = 'closed';
          return this.lineNo <= a2.line || this.matchOne(a1);
        case 'plus':
          cmd.rangeEnd = this.lineNo + a2.count;
          return true;
        case 'multiple':
          // the next multiple of N after this line (even when this line is one)
          cmd.rangeEnd = this.lineNo + (a2.of - (this.lineNo % a2.of));
          return true;
        default:
          // $, first~step and +0/~0 ends are tested on this very line, below
          break;
      }
    }
    if (a2.kind === 'line') {
      // past a line-number end (skipped by n, N or a branch) the range is over without this line
      if (this.lineNo >= a2.line) cmd.range = 'closed';
      return this.lineNo <= a2.line;
    }
    if (this.matchEnd(cmd, a2)) cmd.range = 'closed';
    return true;
  }

  /** does `a2` end an active range on this line? (+N, ~N: at or past the computed last line) */
  private matchEnd(cmd: SedCommand, a2: Address): boolean {
    return a2.kind === 'plus' || a2.kind === 'multiple' ? cmd.rangeEnd <= this.lineNo : this.matchOne(a2);
  }

  private substitute(cmd: SedCommand): void | Promise<void> {
    const s = cmd.subst!;
    const re = this.regexFor(s.re);
    if (s.re === null && s.maxGroupRef > re.groups && !this.opts.posix) {
      throw new SedFatal(`sed: ${this.opts.zeroLocation}: invalid reference \\${s.maxGroupRef} on \`s' command's RHS\n`, 1);
    }
    const ps = this.ps;
    let out = '';
    let copyFrom = 0;
    let pos = 0;
    let prevEnd = -1;
    let count = 0;
    let replaced = false;
    while (pos <= ps.length) {
      const m = re.matcher.exec(ps, pos);
      if (m === null) break;
      if (m.start === m.end && m.start === prevEnd) {
        // no empty match right after the previous match (GNU): step over one byte
        pos = m.start + 1;
        continue;
      }
      count++;
      if (count >= s.occurrence) {
        out += ps.slice(copyFrom, m.start) + expandReplacement(s.replacement, m.groups);
        copyFrom = m.end;
        replaced = true;
        if (out.length > this.spaceLimit) this.checkSpace(out);
        if (!s.global) break;
      }
      prevEnd = m.end;
      pos = m.end === m.start ? m.end + 1 : m.end;
    }
    if (!replaced) return;
    this.ps = out + ps.slice(copyFrom);
    this.checkSpace(this.ps);
    this.substituted = true;
    if (s.print) return this.emitPatternSpace();
  }
}

/** y: byte by byte through `map`, into one flat string (a `+=` per char made a rope node each) */
function transliterate(s: string, map: Uint8Array): string {
  const b = Buffer.from(s, 'latin1');
  for (let i = 0; i < b.length; i++) b[i] = map[b[i]!]!; // i < b.length; map has 256 entries
  return b.toString('latin1');
}
