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

export enum S {
  NF, NR, FNR, FS, OFS, ORS, RS, SUBSEP, CONVFMT, OFMT, RSTART, RLENGTH, FILENAME, IGNORECASE, FIELDWIDTHS,
  FPAT, RT, ENVIRON, ARGV, ARGC, PROCINFO, BINMODE, LINT, TEXTDOMAIN, ERRNO,
}

/** a runtime error gawk reports as `awk: cmd. line:N: fatal: …` (status 2) */
export class AwkFatal extends Error {
  constructor(
    message: string,
    readonly status = 2,
    /**
     * printed without the program location (command-line and input errors); 'input': an input
     * file that cannot be opened, which gawk reports with the rule's line (but no FILENAME/FNR)
     * once a record was read
     */
    readonly bare: boolean | 'input' = false,
  ) {
    super(message);
  }
}

/** `exit` and `next` raised inside a function body (statements return them as codes elsewhere) */
export class ControlSignal {
  constructor(readonly code: number) {}
}

/** what one array element costs in the heap beyond its key, roughly (Map entry, value, key header) */
export const ELEMENT_COST = 80;

export enum Status {
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
  /** fields split so far and where the scan resumes, for the lazy forms (default FS, one char) */
  private partial = 0;
  private scan = 0;
  /** 1: the default FS, 2: one plain character; 0: split whole records */
  private incKind = 1;
  private incChar = '';
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
    if (fs.length === 1 && fs !== '\\') return charSplitter(fs, nl && fs !== '\n', false); // IGNORECASE: regex FS only (gawk)
    const r = this.regex.get(fs === '\\' ? '\\\\' : fs, this.icase);
    if (!r.ok) throw new AwkFatal(`invalid regexp: ${r.message}: /${fs}/`);
    return regexSplitter(r.m, nl);
  }

  /** the splitter the record just read will use (FS changes apply from the next record) */
  takeSplitter(): void {
    if (this.pendingSplitter !== null) {
      this.splitter = this.pendingSplitter;
      this.pendingSplitter = null;
      const fs = this.g[S.FS];
      const f = fs instanceof AwkArray || fs === undefined ? ' ' : this.str(fs);
      const plainFs = this.fieldMode === S.FS;
      if (plainFs && this.splitter === splitDefault) this.incKind = 1;
      else if (plainFs && f.length === 1 && f !== '\\' && f !== ' ' && !this.paragraph && !(this.icase && /[a-zA-Z]/.test(f))) {
        this.incKind = 2;
        this.incChar = f;
      } else this.incKind = 0;
    }
  }

  // ---- the record ----

  setRecord(s: string): void {
    this.line = s;
    this.splitDone = false;
    this.dirty = false;
    this.partial = 0;
    this.scan = 0;
    this.nfKnown = false;
    this.nfShown = null;
  }

  private split(): void {
    if (this.incKind !== 0) {
      this.splitTo(0x7fffffff);
      return;
    }
    this.nf = this.splitter(this.line, this.fields);
    this.splitDone = true;
  }

  /** split on until field i exists or the record ends (then NF is known) */
  private splitTo(i: number): void {
    const s = this.line;
    const len = s.length;
    const f = this.fields;
    let n = this.partial;
    let p = this.scan;
    if (this.incKind === 1) {
      while (n < i) {
        while (p < len) {
          const c = s.charCodeAt(p);
          if (c !== 32 && c !== 9 && c !== 10) break;
          p++;
        }
        if (p >= len) {
          this.nf = n;
          this.splitDone = true;
          return;
        }
        const start = p;
        while (p < len) {
          const c = s.charCodeAt(p);
          if (c === 32 || c === 9 || c === 10) break;
          p++;
        }
        f[++n] = s.slice(start, p);
      }
    } else {
      if (len === 0) {
        this.nf = 0;
        this.splitDone = true;
        return;
      }
      const ch = this.incChar;
      while (n < i) {
        if (p > len) {
          this.nf = n;
          this.splitDone = true;
          return;
        }
        const j = s.indexOf(ch, p);
        if (j < 0) {
          f[++n] = s.slice(p);
          this.nf = n;
          this.splitDone = true;
          return;
        }
        f[++n] = s.slice(p, j);
        p = j + 1;
      }
    }
    this.partial = n;
    this.scan = p;
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
    if (!this.splitDone) {
      if (this.incKind === 0) this.split();
      else if (!this.nfKnown) this.countFields();
    }
    return this.nf;
  }

  /** NF is known (counted) though the fields are not all cut yet */
  private nfKnown = false;

  /** NF without cutting the fields out (`$NF`, `NF > 3`) */
  private countFields(): void {
    const s = this.line;
    const len = s.length;
    let n = 0;
    if (this.incKind === 1) {
      let p = 0;
      for (;;) {
        while (p < len) {
          const c = s.charCodeAt(p);
          if (c !== 32 && c !== 9 && c !== 10) break;
          p++;
        }
        if (p >= len) break;
        n++;
        while (p < len) {
          const c = s.charCodeAt(p);
          if (c === 32 || c === 9 || c === 10) break;
          p++;
        }
      }
    } else if (len > 0) {
      const ch = this.incChar;
      n = 1;
      for (let j = s.indexOf(ch); j >= 0; j = s.indexOf(ch, j + 1)) n++;
    }
    this.nf = n;
    this.nfKnown = true;
  }

  /** $NF: the last field, without splitting the record when the lazy forms allow */
  lastFieldStr(): string {
    if (this.nfShown !== null || this.splitDone || this.incKind === 0 || this.nfKnown) {
      const n = this.getNF();
      return n === 0 ? this.getRecord() : this.fieldStr(n);
    }
    const f = this.lastField();
    return f === '' && this.incKind === 1 ? this.line : f;
  }

  /** the last field, found from the end of the record */
  private lastField(): string {
    const s = this.line;
    if (this.incKind === 2) return s.slice(s.lastIndexOf(this.incChar) + 1);
    let e = s.length;
    while (e > 0) {
      const c = s.charCodeAt(e - 1);
      if (c !== 32 && c !== 9 && c !== 10) break;
      e--;
    }
    let b = e;
    while (b > 0) {
      const c = s.charCodeAt(b - 1);
      if (c === 32 || c === 9 || c === 10) break;
      b--;
    }
    return s.slice(b, e);
  }

  /** $i as a string (i ≥ 1, already checked) */
  fieldStr(i: number): string {
    if (!this.splitDone) {
      if (this.incKind === 0) this.split();
      else {
        if (i > this.partial) {
          if (this.nfKnown) {
            if (i > this.nf) return '';
            if (i === this.nf && this.nf > 0) return this.lastField();
          }
          this.splitTo(i);
        }
        if (!this.splitDone) return this.fields[i]!; // i ≤ partial here
      }
    }
    return i <= this.nf ? this.fields[i]! : '';
  }

  /** $i as a value: input-derived, so a strnum; past NF the empty string (gawk's Null_field) */
  fieldVal(i: number): Val {
    if (i === 0) return new Strnum(this.getRecord());
    const f = this.fieldStr(i);
    return f === '' ? '' : new Strnum(f);
  }

  /** what the arrays' elements are estimated to hold, against the budget (maxHeld) */
  held = 0;
  maxHeld = Infinity;
  /** untyped globals that length() has made scalars (gawk: a later a[k] is fatal) */
  readonly scalarFixed = new Set<number>();

  /** a new array element with a key of n bytes */
  grow(n: number): void {
    this.held += n + ELEMENT_COST;
    if (this.held > this.maxHeld) {
      throw new AwkFatal(`arrays hold more than ${this.maxHeld} bytes (the awk memory budget, maxSortBytes)`);
    }
  }

  /** elements removed */
  shrink(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
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
      this.nfShown = null;
    }
    this.fields[i] = s;
    this.dirty = true;
  }

  /** what NF was last assigned (NF = 1.9 reads back 1.9), until the record changes */
  nfShown: Val | null = null;

  setNF(n: number): void {
    this.nfShown = null;
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
