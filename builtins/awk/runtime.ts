// The running program's state: global cells, the current record and its fields, the special
// variables' cached forms, and fatal errors. Fields are split lazily (only when a field or NF is
// read) into one reused array; assigning a field marks $0 for rebuilding with OFS.

import { AwkArray, numStr, Strnum, toNum, toStrFmt, UNINIT, type Cell, type Val } from './value.js';

import { charSplitter, emptySplitter, fpatSplitter, regexSplitter, splitDefault, widthsSplitter, type Splitter } from './fields.js';
import type { RegexCache } from './regex.js';

export const SPECIALS = [
  'NF', 'NR', 'FNR', 'FS', 'OFS', 'ORS', 'RS', 'SUBSEP', 'CONVFMT', 'OFMT', 'RSTART', 'RLENGTH', 'FILENAME',
  'IGNORECASE', 'FIELDWIDTHS', 'FPAT', 'RT', 'ENVIRON', 'ARGV', 'ARGC', 'PROCINFO', 'BINMODE', 'LINT', 'TEXTDOMAIN',
  'ERRNO',
] as const;

export const enum S {
  NF, NR, FNR, FS, OFS, ORS, RS, SUBSEP, CONVFMT, OFMT, RSTART, RLENGTH, FILENAME, IGNORECASE, FIELDWIDTHS,
  FPAT, RT, ENVIRON, ARGV, ARGC, PROCINFO, BINMODE, LINT, TEXTDOMAIN, ERRNO,
}

/** a runtime error gawk reports as `awk: cmd. line:N: fatal: …` (status 2) */
export class AwkFatal extends Error {
  constructor(
    message: string,
    readonly status = 2,
    /** printed without the program location (command-line and input errors) */
    readonly bare = false,
  ) {
    super(message);
  }
}

/** `exit` and `next` raised inside a function body (statements return them as codes elsewhere) */
export class ControlSignal {
  constructor(readonly code: number) {}
}

export const enum Status {
  NORMAL, BREAK, CONTINUE, NEXT, NEXTFILE, EXIT, RETURN,
}

export class Runtime {
  readonly g: Cell[] = [];
  readonly names = new Map<string, number>();
  frame: Cell[] = [];
  retVal: Val = UNINIT;
  exitCode = 0;
  depth = 0;
  /** nonzero while a synchronous expression runs a function body: print must not wait then */
  syncCalls = 0;

  // the record
  line = '';
  private fields: string[] = [''];
  private nf = 0;
  private splitDone = true;
  private dirty = false;

  // cached special values
  convfmt = '%.6g';
  ofmt = '%.6g';
  ofs = ' ';
  ors = '\n';
  subsep = '\x1c';
  icase = false;
  paragraph = false;
  private splitter: Splitter = splitDefault;
  /** what FS was set to while the current record was read: gawk splits with that one */
  private pendingSplitter: Splitter | null = null;

  constructor(readonly regex: RegexCache) {
    for (const name of SPECIALS) this.slot(name);
    const g = this.g;
    g[S.NR] = 0;
    g[S.FNR] = 0;
    g[S.FS] = ' ';
    g[S.OFS] = ' ';
    g[S.ORS] = '\n';
    g[S.RS] = '\n';
    g[S.SUBSEP] = '\x1c';
    g[S.CONVFMT] = '%.6g';
    g[S.OFMT] = '%.6g';
    g[S.RSTART] = 0;
    g[S.RLENGTH] = -1;
    g[S.FILENAME] = '';
    g[S.IGNORECASE] = 0;
    g[S.FIELDWIDTHS] = '';
    g[S.FPAT] = '[^[:space:]]+';
    g[S.RT] = '';
    g[S.ENVIRON] = new AwkArray();
    g[S.ARGV] = new AwkArray();
    g[S.ARGC] = 0;
    g[S.PROCINFO] = new AwkArray();
    g[S.BINMODE] = 0;
    g[S.LINT] = 0;
    g[S.TEXTDOMAIN] = 'messages';
    g[S.ERRNO] = '';
  }

  slot(name: string): number {
    let s = this.names.get(name);
    if (s === undefined) {
      s = this.g.length;
      this.names.set(name, s);
      this.g.push(UNINIT);
    }
    return s;
  }

  // ---- special variables ----

  /** after an assignment to special slot `s` */
  special(s: number): void {
    const v = this.g[s];
    if (v instanceof AwkArray || v === undefined) return;
    switch (s) {
      case S.NF:
        this.setNF(toNum(v));
        return;
      case S.FS:
      case S.FIELDWIDTHS:
      case S.FPAT:
        this.fieldMode = s;
        this.pendingSplitter = this.makeSplitter();
        return;
      case S.OFS:
        this.ofs = this.str(v);
        return;
      case S.ORS:
        this.ors = this.str(v);
        return;
      case S.SUBSEP:
        this.subsep = this.str(v);
        return;
      case S.CONVFMT:
        this.convfmt = this.str(v);
        return;
      case S.OFMT:
        this.ofmt = this.str(v);
        return;
      case S.RS:
        this.paragraph = this.str(v) === '';
        this.pendingSplitter = this.makeSplitter();
        this.onRS?.();
        return;
      case S.IGNORECASE:
        this.icase = typeof v === 'string' ? v !== '' : toNum(v) !== 0;
        this.pendingSplitter = this.makeSplitter();
        this.onRS?.();
        return;
      default:
        return;
    }
  }

  onRS: (() => void) | null = null;
  private fieldMode: number = S.FS;

  str(v: Val): string {
    return toStrFmt(v, this.convfmt);
  }

  makeSplitter(): Splitter {
    const g = this.g;
    if (this.fieldMode === S.FIELDWIDTHS) {
      const w = widthsSplitter(this.str(g[S.FIELDWIDTHS] as Val));
      if (typeof w === 'string') throw new AwkFatal(w);
      return w;
    }
    if (this.fieldMode === S.FPAT) {
      const r = this.regex.get(this.str(g[S.FPAT] as Val), this.icase);
      if (!r.ok) throw new AwkFatal(`invalid regexp: ${r.message}`);
      return fpatSplitter(r.m);
    }
    const fs = this.str(g[S.FS] as Val);
    const nl = this.paragraph;
    if (fs === ' ') return splitDefault;
    if (fs === '') return emptySplitter;
    if (fs.length === 1 && fs !== '\\') return charSplitter(fs, nl && fs !== '\n', this.icase);
    const r = this.regex.get(fs === '\\' ? '\\\\' : fs, this.icase);
    if (!r.ok) throw new AwkFatal(`invalid regexp: ${r.message}: /${fs}/`);
    return regexSplitter(r.m, nl);
  }

  /** the splitter the record just read will use (FS changes apply from the next record) */
  takeSplitter(): void {
    if (this.pendingSplitter !== null) {
      this.splitter = this.pendingSplitter;
      this.pendingSplitter = null;
    }
  }

  // ---- the record ----

  setRecord(s: string): void {
    this.line = s;
    this.splitDone = false;
    this.dirty = false;
  }

  private split(): void {
    this.nf = this.splitter(this.line, this.fields);
    this.splitDone = true;
  }

  getRecord(): string {
    if (this.dirty) this.rebuild();
    return this.line;
  }

  private rebuild(): void {
    const f = this.fields;
    const n = this.nf;
    let s = n >= 1 ? f[1]! : '';
    for (let i = 2; i <= n; i++) s += this.ofs + f[i]!;
    this.line = s;
    this.dirty = false;
  }

  getNF(): number {
    if (!this.splitDone) this.split();
    return this.nf;
  }

  /** $i as a string (i ≥ 1, already checked) */
  fieldStr(i: number): string {
    if (!this.splitDone) this.split();
    return i <= this.nf ? this.fields[i]! : '';
  }

  /** $i as a value: input-derived, so a strnum; past NF the empty string (gawk's Null_field) */
  fieldVal(i: number): Val {
    if (i === 0) return new Strnum(this.getRecord());
    if (!this.splitDone) this.split();
    return i <= this.nf ? new Strnum(this.fields[i]!) : '';
  }

  /** a warning on stderr (set by the command) */
  warn: (msg: string) => void = () => {};

  setField(i: number, s: string): void {
    if (i === 0) {
      this.setRecord(s);
      this.takeSplitter();
      return;
    }
    if (!this.splitDone) this.split();
    if (i > this.nf) {
      for (let k = this.nf + 1; k < i; k++) this.fields[k] = '';
      this.nf = i;
    }
    this.fields[i] = s;
    this.dirty = true;
  }

  setNF(n: number): void {
    if (!this.splitDone) this.split();
    n = Math.trunc(n);
    if (n < 0) throw new AwkFatal('NF set to negative value');
    for (let k = this.nf + 1; k <= n; k++) this.fields[k] = '';
    this.nf = n;
    this.dirty = true;
  }

  /** the field index an expression gave: gawk's checks */
  fieldIndex(x: number): number {
    if (x >= 0 && x < 0x7fffffff) return Math.trunc(x);
    if (x < 0) throw new AwkFatal(`attempt to access field ${Math.trunc(x)}`);
    throw new AwkFatal(`attempt to access field ${Math.trunc(x)}`);
  }

  numStr(n: number): string {
    return numStr(n, this.convfmt);
  }
}
