// The `test` / `[` expression evaluator, following bash's test.c: POSIX rules by argument count
// (0–4 arguments), then a recursive-descent parse for longer expressions with `-o` binding looser
// than `-a`, `!` and parentheses. Errors are values: { status: 2, message } (bash's text without
// the `test: ` prefix). File tests go through the sandbox (ctx.fs).

import type { FileInfo } from '../../../allowedpaths/types.js';
import type { ShellContext } from '../state/shell-api.js';
import { legalNumber } from '../../../lib/text/legal-number.js';

export type TestResult = { status: 0 | 1 } | { status: 2; message: string };

class TestSyntaxError {
  constructor(readonly message: string) {}
}

const UNARY = new Set([
  '-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x',
  '-G', '-L', '-N', '-O', '-S', '-n', '-z', '-o', '-v', '-R',
]);
const BINARY = new Set(['=', '==', '!=', '<', '>', '-nt', '-ot', '-ef', '-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

const INT_RE = /^[ \t\n]*([+-]?[0-9]+)[ \t\n]*$/;

/** `-?[0-9]{1,15}` as a number, else null (a char loop: `[ $i -lt N ]` runs this in loops) */
function shortDecimal(s: string): number | null {
  const start = s.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const n = s.length - start;
  if (n < 1 || n > 15) return null;
  let v = 0;
  for (let i = start; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return null;
    v = v * 10 + d;
  }
  return start ? (v === 0 ? 0 : -v) : v;
}
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** an integer operand: a number when small (the common case, no BigInt), else an int64 bigint */
function toInt(s: string): number | bigint {
  const quick = shortDecimal(s);
  if (quick !== null) return quick;
  const m = INT_RE.exec(s);
  if (m) {
    const v = BigInt(m[1]!);
    if (v >= INT64_MIN && v <= INT64_MAX) return v;
  }
  throw new TestSyntaxError(`${s}: integer expression expected`);
}

/** compare two operands (number and bigint compare correctly with < and >) */
function compareInts(x: string, y: string): number {
  const a = toInt(x);
  const b = toInt(y);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** QUICK_UNSURE: the shape needs the full evaluator (file tests, big numbers, errors, grammar) */
export const QUICK_UNSURE = -1;

/**
 * `[ … ]` / `test …` for the shapes loops use, over argv[start, end) without allocating: one
 * operand, `-n`/`-z`/`!` and one operand, and string or small-integer comparisons. Returns the
 * status (0/1), or QUICK_UNSURE for anything else, including every shape that could print an
 * error, so the builtin then runs as usual and says what bash says. Follows posix()'s rules by
 * argument count: a binary operator in the middle of three arguments wins over `!` and `(`.
 */
export function quickTest(argv: readonly string[], start: number, end: number): number {
  // the callers pass a range inside argv
  switch (end - start) {
    case 1:
      return quickUnary1(argv[start]!);
    case 2:
      return quickUnary(argv[start]!, argv[start + 1]!);
    case 3:
      return quickBinary(argv[start]!, argv[start + 1]!, argv[start + 2]!);
    default:
      return QUICK_UNSURE;
  }
}

/** one argument: true when not empty */
export function quickUnary1(arg: string): number {
  return arg === '' ? 1 : 0;
}

/** two arguments: `-n S`, `-z S`, `! S` */
export function quickUnary(op: string, arg: string): number {
  if (op === '-n') return arg !== '' ? 0 : 1;
  if (op === '-z' || op === '!') return arg === '' ? 0 : 1;
  return QUICK_UNSURE;
}

/** three arguments: a string or integer comparison */
export function quickBinary(x: string, op: string, y: string): number {
  switch (op) {
    case '=':
    case '==':
      return x === y ? 0 : 1;
    case '!=':
      return x !== y ? 0 : 1;
    case '<':
      return x < y ? 0 : 1;
    case '>':
      return x > y ? 0 : 1;
  }
  if (op.charCodeAt(0) !== 45 /* - */) return QUICK_UNSURE;
  const a = shortDecimal(x);
  const b = shortDecimal(y);
  if (a === null || b === null) return QUICK_UNSURE;
  switch (op) {
    case '-eq':
      return a === b ? 0 : 1;
    case '-ne':
      return a !== b ? 0 : 1;
    case '-lt':
      return a < b ? 0 : 1;
    case '-le':
      return a <= b ? 0 : 1;
    case '-gt':
      return a > b ? 0 : 1;
    case '-ge':
      return a >= b ? 0 : 1;
    default:
      return QUICK_UNSURE;
  }
}

type FileCheck = (info: FileInfo) => boolean;

const S_ISUID = 0o4000;
const S_ISGID = 0o2000;
const S_ISVTX = 0o1000;

/** unary file tests that need only the stat result (following symlinks) */
const STAT_TESTS: Record<string, FileCheck> = {
  '-a': () => true,
  '-e': () => true,
  '-f': (i) => i.type === 'file',
  '-d': (i) => i.type === 'dir',
  '-b': (i) => i.type === 'block',
  '-c': (i) => i.type === 'char',
  '-p': (i) => i.type === 'fifo',
  '-S': (i) => i.type === 'socket',
  '-s': (i) => i.size > 0,
  '-u': (i) => (i.mode & S_ISUID) !== 0,
  '-g': (i) => (i.mode & S_ISGID) !== 0,
  '-k': (i) => (i.mode & S_ISVTX) !== 0,
  '-N': (i) => i.mtimeMs > i.atimeMs,
  '-O': (i) => i.uid === (process.geteuid?.() ?? i.uid),
  '-G': (i) => i.gid === (process.getegid?.() ?? i.gid),
};

export class TestEvaluator {
  private pos = 0;
  private argv: string[] = [];

  /** `bracket`: called as `[`, whose closing `]` still sits past the end (bash's messages show it) */
  constructor(
    private readonly ctx: ShellContext,
    private readonly bracket = false,
  ) {}

  evaluate(args: string[]): TestResult {
    this.argv = args;
    this.pos = 0;
    try {
      const v = this.posix();
      if (this.pos < this.argv.length) {
        const left = this.argv[this.pos]!;
        throw new TestSyntaxError(left[0] === '-' ? `syntax error: \`${left}' unexpected` : 'too many arguments');
      }
      return { status: v ? 0 : 1 };
    } catch (e) {
      if (e instanceof TestSyntaxError) return { status: 2, message: e.message };
      throw e;
    }
  }

  private get n(): number {
    return this.argv.length;
  }

  private posix(): boolean {
    const a = this.argv;
    switch (a.length) {
      case 0:
        return false;
      case 1:
        this.pos = 1;
        return a[0] !== '';
      case 2:
        return this.two(0);
      case 3:
        return this.three(0);
      case 4:
        if (a[0] === '!') {
          const v = !this.three(1);
          return v;
        }
        if (a[0] === '(' && a[3] === ')') {
          const v = this.two(1);
          this.pos = 4;
          return v;
        }
        return this.expr();
      default:
        return this.expr();
    }
  }

  // two() and three(): posix() calls them only where the argument count it switched on has them
  private two(at: number): boolean {
    const op = this.argv[at]!;
    const arg = this.argv[at + 1]!;
    this.pos = at + 2;
    if (op === '!') return arg === '';
    if (UNARY.has(op)) return this.unary(op, arg);
    throw new TestSyntaxError(`${op}: unary operator expected`);
  }

  private three(at: number): boolean {
    const [x, op, y] = [this.argv[at]!, this.argv[at + 1]!, this.argv[at + 2]!];
    this.pos = at + 3;
    if (BINARY.has(op)) return this.binary(x, op, y);
    if (op === '-a') return x !== '' && y !== '';
    if (op === '-o') return x !== '' || y !== '';
    if (x === '!') return !this.two(at + 1);
    if (x === '(' && y === ')') return op !== '';
    throw new TestSyntaxError(`${op}: binary operator expected`);
  }

  // ------------------------------------------------------------ the general grammar

  private expr(): boolean {
    return this.or();
  }

  private or(): boolean {
    const v = this.and();
    if (this.pos < this.n && this.argv[this.pos] === '-o') {
      this.pos++;
      const w = this.or();
      return v || w;
    }
    return v;
  }

  private and(): boolean {
    const v = this.term();
    if (this.pos < this.n && this.argv[this.pos] === '-a') {
      this.pos++;
      const w = this.and();
      return v && w;
    }
    return v;
  }

  private term(): boolean {
    if (this.pos >= this.n) throw new TestSyntaxError('argument expected');
    const a = this.argv[this.pos]!;
    if (a === '!') {
      let negate = false;
      while (this.pos < this.n && this.argv[this.pos] === '!') {
        negate = !negate;
        this.pos++;
      }
      const v = this.term();
      return negate ? !v : v;
    }
    if (a === '(') {
      this.pos++;
      const v = this.expr();
      if (this.pos >= this.n) throw new TestSyntaxError(this.bracket ? "`)' expected, found ]" : "`)' expected");
      if (this.argv[this.pos] !== ')') throw new TestSyntaxError(`\`)' expected, found ${this.argv[this.pos]}`);
      this.pos++;
      return v;
    }
    if (this.pos + 3 <= this.n && BINARY.has(this.argv[this.pos + 1]!)) {
      const v = this.binary(a, this.argv[this.pos + 1]!, this.argv[this.pos + 2]!);
      this.pos += 3;
      return v;
    }
    if (a === '-t' && this.pos + 1 < this.n) {
      // bash's unary_operator: `-t` takes the next word only when it is a number; otherwise it
      // tests descriptor 1 and leaves the word to the grammar (`[ -t x -o … ]` is too many
      // arguments). No descriptor of an rshell script is a terminal.
      this.pos += legalNumber(this.argv[this.pos + 1]!) !== null ? 2 : 1;
      return false;
    }
    if (UNARY.has(a) && this.pos + 1 < this.n) {
      const v = this.unary(a, this.argv[this.pos + 1]!);
      this.pos += 2;
      return v;
    }
    this.pos++;
    return a !== '';
  }

  // ------------------------------------------------------------ operators

  private unary(op: string, arg: string): boolean {
    switch (op) {
      case '-n':
        return arg !== '';
      case '-z':
        return arg === '';
      case '-t':
        return false; // no terminal is ever attached to an rshell script
      case '-v':
        return this.ctx.vars.isSet(arg);
      case '-R':
        return false;
      case '-o':
        return this.ctx.options.set.get(arg) === true;
      case '-h':
      case '-L': {
        const r = this.ctx.fs.lstat(arg);
        return r.ok && r.value.type === 'symlink';
      }
      case '-r':
      case '-w':
      case '-x':
        return this.ctx.fs.stat(arg).ok && this.ctx.fs.access(arg, op[1] as 'r' | 'w' | 'x');
      default: {
        const check = STAT_TESTS[op];
        if (check === undefined || arg === '') return false;
        const r = this.ctx.fs.stat(arg);
        return r.ok && check(r.value);
      }
    }
  }

  private binary(x: string, op: string, y: string): boolean {
    switch (op) {
      case '=':
      case '==':
        return x === y;
      case '!=':
        return x !== y;
      case '<':
        return x < y;
      case '>':
        return x > y;
      case '-eq':
        return compareInts(x, y) === 0;
      case '-ne':
        return compareInts(x, y) !== 0;
      case '-lt':
        return compareInts(x, y) < 0;
      case '-le':
        return compareInts(x, y) <= 0;
      case '-gt':
        return compareInts(x, y) > 0;
      case '-ge':
        return compareInts(x, y) >= 0;
      default:
        return this.fileCompare(x, op, y);
    }
  }

  private fileCompare(x: string, op: string, y: string): boolean {
    const a = x === '' ? null : this.ctx.fs.stat(x);
    const b = y === '' ? null : this.ctx.fs.stat(y);
    const ia = a?.ok ? a.value : null;
    const ib = b?.ok ? b.value : null;
    if (op === '-ef') return !!ia && !!ib && ia.dev === ib.dev && ia.ino === ib.ino;
    if (op === '-nt') return !!ia && (!ib || ia.mtimeMs > ib.mtimeMs);
    return !!ib && (!ia || ia.mtimeMs < ib.mtimeMs); // -ot
  }
}
