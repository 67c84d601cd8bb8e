// The sed script compiler, following GNU sed 4.9's compile.c: the same reading order (so error
// positions, "char N", match GNU's), the same commands, addresses and error texts. Chunks (each
// -e, each -f file) are compiled in order with shared state: a block or an `a\` text may continue
// into the next chunk, as in GNU sed.

import type { Address, ScriptChunk, ScriptOrigin, SedCommand, SedRegex } from './types.js';
import { compileSedRegex, type RegexFlags } from './sed-regex.js';
import { parseReplacement } from './replacement.js';
import { unescapeText, unescapeY } from './escapes.js';
import { GNU_SED_VERSION, strverscmp } from './version.js';

export interface CompileOptions {
  extended: boolean;
  /** --posix: GNU extensions off (GNU's POSIXLY_BASIC) */
  posix: boolean;
  /** --posix or POSIXLY_CORRECT in the environment: an unmatched `)` in a regex is a literal */
  posixCorrect: boolean;
  /** the deadline, checked inside a long match (lib/regex's checkpoint) */
  checkpoint?: () => void;
}

export interface Program {
  commands: SedCommand[];
  /** the script started with `#n` on its own line (same as -n) */
  quietFromScript: boolean;
  /** a `v` command turned GNU extensions back on (POSIXLY_CORRECT no longer applies) */
  extendedFromScript: boolean;
}

/** A compile error, already formatted after `sed: `; `status` is GNU's exit status (1, or 4 for panics). */
export interface CompileError {
  message: string;
  status: number;
}

export type CompileResult = { ok: true; program: Program } | { ok: false; error: CompileError };

class SedSyntaxError {
  constructor(
    readonly text: string,
    /** a location other than the current one (unmatched `{`) */
    readonly where?: string,
  ) {}
}

const EOF = '';
const isBlank = (c: string): boolean => c === ' ' || c === '\t';
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

export const DISALLOWED = 'e/r/w commands disabled in sandbox mode';

const NO_ARG_COMMANDS = new Set(['=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x']);
/** --posix: GNU's own commands are unknown, and these take one address only */
const POSIX_UNKNOWN = new Set(['e', 'F', 'v', 'z', 'L', 'Q', 'T', 'R', 'W']);
const POSIX_ONE_ADDRESS = new Set(['a', 'i', 'l', '=', 'r']);

class Compiler {
  private text = '';
  private pos = 0;
  private origin: ScriptOrigin = { kind: 'expression', index: 1 };
  readonly commands: SedCommand[] = [];
  /** open `{`s: command index and where GNU reports it if left unmatched */
  private readonly blocks: { index: number; where: string }[] = [];
  /**
   * the a/i/c command whose text continues into the next chunk (`-e 'a\' -e 'text'`, or
   * `-e 'a foo\' -e 'bar'`), with the text read so far (escapes not converted yet)
   */
  private pendingText: { cmd: SedCommand; raw: string } | null = null;
  quietFromScript = false;
  extendedFromScript = false;
  private first = true;
  /** POSIXLY_CORRECT's regex rule, until a `v` command turns GNU extensions back on */
  private posixCorrect: boolean;

  constructor(private opts: CompileOptions) {
    this.posixCorrect = opts.posixCorrect;
  }

  private inchar(): string {
    if (this.pos >= this.text.length) return EOF;
    return this.text[this.pos++]!;
  }

  /** the number that starts at `c`, or 0 with `c` put back when no digit does (`first~` alone) */
  private integerOrZero(c: string): number {
    if (isDigit(c)) return this.inInteger(c);
    this.savchar(c);
    return 0;
  }

  private savchar(c: string): void {
    if (c !== EOF) this.pos--;
  }

  private inNonblank(): string {
    let c: string;
    do c = this.inchar();
    while (isBlank(c));
    return c;
  }

  /** GNU in_integer: an unsigned 64-bit count that wraps as C's does (2^64 is 0, 2^64+1 is 1) */
  private inInteger(first: string): number {
    return Number(this.inInteger64(first));
  }

  private inInteger64(first: string): bigint {
    let n = BigInt(first.charCodeAt(0) - 0x30);
    for (;;) {
      const c = this.inchar();
      if (!isDigit(c)) {
        this.savchar(c);
        return n;
      }
      n = BigInt.asUintN(64, n * 10n + BigInt(c.charCodeAt(0) - 0x30));
    }
  }

  location(): string {
    if (this.origin.kind === 'file') {
      let line = 1;
      for (let i = 0; i < this.pos; i++) if (this.text[i] === '\n') line++;
      return `file ${this.origin.name} line ${line}`;
    }
    return `-e expression #${this.origin.index}, char ${this.pos}`;
  }

  zeroLocation(): string {
    if (this.origin.kind === 'file') return `file ${this.origin.name} line 0`;
    return `-e expression #${this.origin.index}, char 0`;
  }

  compileChunk(chunk: ScriptChunk): void {
    if (chunk.options !== undefined) {
      // GNU compiles each -e/-f as its getopt loop meets it, under the -E/--posix given so far
      if (chunk.options.posix && !this.opts.posix) this.posixCorrect = true;
      this.opts = { ...this.opts, ...chunk.options };
    }
    this.text = chunk.text;
    this.pos = 0;
    this.origin = chunk.origin;
    if (this.first) {
      this.first = false;
      if (/^#n(\n|$)/.test(chunk.text)) this.quietFromScript = true;
    }
    if (this.pendingText !== null) {
      const { cmd, raw } = this.pendingText;
      this.pendingText = null;
      this.readText(cmd, '\n', raw);
    }
    for (;;) {
      let c: string;
      do c = this.inchar();
      while (c === ';' || isSpace(c));
      if (c === EOF) break;
      this.compileCommand(c);
    }
  }

  private compileCommand(first: string): void {
    const cmd: SedCommand = { a1: undefined, a2: undefined, negate: false, name: '', range: 'inactive', rangeEnd: 0 };
    let c = first;
    const a1 = this.compileAddress(c);
    if (a1 !== null) {
      if (a1.kind === 'plus' || a1.kind === 'multiple') throw new SedSyntaxError('invalid usage of +N or ~N as first address');
      cmd.a1 = a1;
      c = this.inNonblank();
      if (c === ',') {
        const a2 = this.compileAddress(this.inNonblank());
        if (a2 === null) throw new SedSyntaxError('unexpected `,\'');
        cmd.a2 = a2;
        c = this.inNonblank();
      }
      if (a1.kind === 'line' && a1.line === 0) {
        // GNU accepts `0r FILE` (then refused here as every r is)
        if ((cmd.a2 === undefined ? c !== 'r' : cmd.a2.kind !== 'regex') || this.opts.posix) throw new SedSyntaxError('invalid usage of line address 0');
        cmd.a1 = { kind: 'zero' };
        cmd.range = 'active';
      }
    }
    if (c === '!') {
      cmd.negate = true;
      c = this.inNonblank();
      if (c === '!') throw new SedSyntaxError("multiple `!'s");
    }
    if (this.opts.posix) {
      if (POSIX_UNKNOWN.has(c)) throw new SedSyntaxError(`unknown command: \`${c}'`);
      if (POSIX_ONE_ADDRESS.has(c) && cmd.a2 !== undefined) throw new SedSyntaxError('command only uses one address');
    }
    cmd.name = c;
    if (this.compileBody(cmd, c)) this.commands.push(cmd);
  }

  /** fills the command's arguments; false when nothing is to be stored (comments) */
  private compileBody(cmd: SedCommand, c: string): boolean {
    if (NO_ARG_COMMANDS.has(c)) {
      this.readEndOfCommand();
      return true;
    }
    switch (c) {
      case '#':
        if (cmd.a1 !== undefined) throw new SedSyntaxError("comments don't accept any addresses");
        for (let ch = this.inchar(); ch !== EOF && ch !== '\n'; ch = this.inchar());
        return false;
      case 'v': {
        const version = this.readLabel();
        if (strverscmp(version === '' ? '4.0' : version, GNU_SED_VERSION) > 0) throw new SedSyntaxError('expected newer version of sed');
        // GNU: `v` also switches POSIXLY_CORRECT's behaviour off
        this.posixCorrect = false;
        this.extendedFromScript = true;
        return false;
      }
      case '{':
        this.blocks.push({ index: this.commands.length, where: this.origin.kind === 'file' ? this.location() : this.zeroLocation() });
        return true;
      case '}': {
        if (this.blocks.length === 0) throw new SedSyntaxError("unexpected `}'");
        if (cmd.a1 !== undefined) throw new SedSyntaxError("`}' doesn't want any addresses");
        this.readEndOfCommand();
        const open = this.blocks.pop()!.index;
        this.commands[open]!.target = this.commands.length + 1; // the `{` pushed at that index
        return true;
      }
      case 'e':
        throw new SedSyntaxError(DISALLOWED);
      case 'r':
      case 'R':
      case 'w':
      case 'W':
        if (this.readFilename() === '') throw new SedSyntaxError('missing filename in r/R/w/W commands');
        throw new SedSyntaxError(DISALLOWED);
      case 'a':
      case 'i':
      case 'c': {
        let ch = this.inNonblank();
        if (ch === EOF) throw new SedSyntaxError("expected \\ after `a', `c' or `i'");
        if (ch === '\\') ch = this.inchar();
        else {
          if (this.opts.posix) throw new SedSyntaxError("expected \\ after `a', `c' or `i'");
          this.savchar(ch);
          ch = '\n';
        }
        this.readText(cmd, ch);
        return true;
      }
      case ':': {
        if (cmd.a1 !== undefined) throw new SedSyntaxError(": doesn't want any addresses");
        const label = this.readLabel();
        if (label === '') throw new SedSyntaxError('":" lacks a label');
        cmd.label = label;
        return true;
      }
      case 'b':
      case 't':
      case 'T':
        cmd.label = this.readLabel();
        return true;
      case 'q':
      case 'Q':
        if (cmd.a2 !== undefined) throw new SedSyntaxError('command only uses one address');
        this.readIntArg(cmd);
        return true;
      case 'l':
      case 'L':
        this.readIntArg(cmd);
        return true;
      case 's':
        this.compileSubstitution(cmd);
        return true;
      case 'y':
        this.compileTransliteration(cmd);
        return true;
      case EOF:
        throw new SedSyntaxError('missing command');
      default:
        throw new SedSyntaxError(`unknown command: \`${c}'`);
    }
  }

  /**
   * q Q l L: GNU keeps the number in an int (4294967297 is 1), and -1 means "none" (l: the -l
   * width; q Q: a normal end, status 0); q's status is what exit() keeps of it. --posix takes no
   * number (it is then extra characters).
   */
  private readIntArg(cmd: SedCommand): void {
    const ch = this.inNonblank();
    if (isDigit(ch) && !this.opts.posix) {
      const n = Number(BigInt.asIntN(32, this.inInteger64(ch)));
      if (n !== -1) cmd.int = cmd.name === 'q' || cmd.name === 'Q' ? n & 0xff : n;
    } else this.savchar(ch);
    this.readEndOfCommand();
  }

  private readEndOfCommand(): void {
    const ch = this.inNonblank();
    if (ch === '}' || ch === '#') this.savchar(ch);
    else if (ch !== EOF && ch !== '\n' && ch !== ';') throw new SedSyntaxError('extra characters after command');
  }

  /** r R w W: the file name is the rest of the line */
  private readFilename(): string {
    let name = '';
    let ch = this.inNonblank();
    while (ch !== EOF && ch !== '\n') {
      name += ch;
      ch = this.inchar();
    }
    return name;
  }

  private readLabel(): string {
    let label = '';
    let ch = this.inNonblank();
    while (ch !== EOF && ch !== '\n' && !isSpace(ch) && ch !== ';' && ch !== '}' && ch !== '#') {
      label += ch;
      ch = this.inchar();
    }
    // GNU read_label: the terminator is read again (`}` and `#` as what they are; a newline
    // counts for the line number of an error)
    this.savchar(ch);
    return label;
  }

  /**
   * a/i/c text up to an unescaped newline; `\` + newline continues the text on the next line. A
   * chunk that ends right after `a\`, or in a `\`, leaves the text to the next chunk (GNU
   * read_text: the text so far, plus a newline in the second case, waits in pending_text).
   */
  private readText(cmd: SedCommand, leadin: string, raw = ''): void {
    cmd.text = '';
    if (leadin === EOF) {
      this.pendingText = { cmd, raw };
      return;
    }
    if (leadin !== '\n') raw += leadin;
    let ch = this.inchar();
    while (ch !== EOF && ch !== '\n') {
      if (ch === '\\') {
        ch = this.inchar();
        if (ch === EOF) {
          this.pendingText = { cmd, raw: raw + '\n' };
          return;
        }
        raw += '\\';
      }
      raw += ch;
      ch = this.inchar();
    }
    cmd.text = unescapeText(raw) + '\n';
  }

  /** GNU match_slash: the text up to the next unescaped delimiter, or null when unterminated */
  private matchSlash(delim: string, regex: boolean): string | null {
    let out = '';
    let ch: string;
    while ((ch = this.inchar()) !== EOF && ch !== '\n') {
      if (ch === delim) return out;
      if (ch === '\\') {
        ch = this.inchar();
        if (ch === EOF) break;
        if (ch === 'n' && regex) ch = '\n';
        else if (ch !== '\n' && (ch !== delim || (!regex && ch === '&'))) out += '\\';
      } else if (ch === '[' && regex) {
        // a bracket expression is copied whole: the delimiter does not end it (`s/[/]/X/`)
        out += ch;
        const cls = this.snarfCharClass();
        out += cls.text;
        ch = cls.end;
        if (ch !== ']') break;
      }
      out += ch;
    }
    if (ch === '\n') this.savchar(ch);
    return null;
  }

  /**
   * GNU snarf_char_class: the rest of a bracket expression after its `[`, up to (not including)
   * the `]` that closes it; [:class:], [=equiv=] and [.coll.] may hold a `]`. `end` is that `]`,
   * or the newline or EOF that came first.
   */
  private snarfCharClass(): { text: string; end: string } {
    let text = '';
    let state = 0; // 0 outside [: :], 1 after its `[`, 2 inside, 3 after its closing `:`
    let delim = '';
    let ch = this.inchar();
    if (ch === '^') {
      text += ch;
      ch = this.inchar();
    }
    if (ch === ']') {
      text += ch;
      ch = this.inchar();
    }
    for (;; text += ch, ch = this.inchar()) {
      if (ch === EOF || ch === '\n') return { text, end: ch };
      if (ch === '.' || ch === ':' || ch === '=') {
        if (state === 1) {
          delim = ch;
          state = 2;
          continue;
        }
        if (state === 2 && ch === delim) {
          state = 3;
          continue;
        }
      } else if (ch === '[') {
        if (state === 0) state = 1;
        continue;
      } else if (ch === ']') {
        if (state === 0 || state === 1) return { text, end: ch };
        if (state === 3) state = 0;
      }
      // another char after `[` leaves state 1 for 0; after the closing `:` it goes back to 2
      state &= ~1;
    }
  }

  private compileAddress(c: string): Address | null {
    if (c === '/' || c === '\\') {
      const delim = c === '\\' ? this.inchar() : c;
      const body = this.matchSlash(delim, true);
      if (body === null) throw new SedSyntaxError('unterminated address regex');
      const flags: RegexFlags = { icase: false, multiline: false };
      for (;;) {
        const ch = this.inNonblank();
        if (!this.opts.posix && ch === 'I') flags.icase = true;
        else if (!this.opts.posix && ch === 'M') flags.multiline = true;
        else {
          this.savchar(ch);
          return { kind: 'regex', re: this.regex(body, flags, 0) };
        }
      }
    }
    if (isDigit(c)) {
      const line = this.inInteger(c);
      const ch = this.inNonblank();
      if (ch !== '~' || this.opts.posix) {
        this.savchar(ch);
        return { kind: 'line', line };
      }
      const next = this.inNonblank();
      const step = this.integerOrZero(next);
      return step > 0 ? { kind: 'step', first: line, step } : { kind: 'line', line };
    }
    if ((c === '+' || c === '~') && !this.opts.posix) {
      const next = this.inNonblank();
      const n = this.integerOrZero(next);
      if (n === 0) return { kind: 'any' };
      return c === '+' ? { kind: 'plus', count: n } : { kind: 'multiple', of: n };
    }
    if (c === '$') return { kind: 'last' };
    return null;
  }

  private regex(body: string, flags: RegexFlags, neededGroups: number): SedRegex | null {
    if (body === '') {
      if (flags.icase || flags.multiline) throw new SedSyntaxError('cannot specify modifiers on empty regexp');
      return null;
    }
    const r = compileSedRegex(body, {
      ...flags,
      extended: this.opts.extended,
      posixBasic: this.opts.posix,
      unmatchedParenOrd: this.opts.posix || this.posixCorrect,
    }, this.opts.checkpoint);
    if (!r.ok) throw new SedSyntaxError(r.message);
    // GNU checks the references only while POSIXLY_EXTENDED (no --posix, no POSIXLY_CORRECT, or a
    // `v` before); otherwise a missing group expands to nothing
    if (neededGroups > r.re.groups && !this.posixCorrect) throw new SedSyntaxError(`invalid reference \\${neededGroups} on \`s' command's RHS`);
    return r.re;
  }

  private compileSubstitution(cmd: SedCommand): void {
    const delim = this.inchar();
    const pattern = this.matchSlash(delim, true);
    if (pattern === null) throw new SedSyntaxError("unterminated `s' command");
    const rhs = this.matchSlash(delim, false);
    if (rhs === null) throw new SedSyntaxError("unterminated `s' command");
    const replacement = parseReplacement(rhs, this.opts.posix);
    const flags: RegexFlags = { icase: false, multiline: false };
    let global = false;
    let print = false;
    let occurrence = 0;
    let evaluate = false;
    for (;;) {
      const ch = this.inchar();
      if ((ch === 'i' || ch === 'I') && !this.opts.posix) flags.icase = true;
      else if ((ch === 'm' || ch === 'M') && !this.opts.posix) flags.multiline = true;
      else if (ch === 'e' && !this.opts.posix) evaluate = true;
      else if (ch === 'p') {
        if (print) throw new SedSyntaxError("multiple `p' options to `s' command");
        print = true;
      } else if (ch === 'g') {
        if (global) throw new SedSyntaxError("multiple `g' options to `s' command");
        global = true;
      } else if (ch === 'w') {
        if (this.readFilename() === '') throw new SedSyntaxError('missing filename in r/R/w/W commands');
        throw new SedSyntaxError(DISALLOWED);
      } else if (isDigit(ch)) {
        if (occurrence !== 0) throw new SedSyntaxError("multiple number options to `s' command");
        occurrence = this.inInteger(ch);
        if (occurrence === 0) throw new SedSyntaxError("number option to `s' command may not be zero");
      } else if (ch === '}' || ch === '#') {
        this.savchar(ch);
        break;
      } else if (ch === '\n' || ch === ';' || ch === EOF) break;
      else if (isBlank(ch)) continue;
      else if (ch === '\r' && this.inchar() === '\n') break;
      else throw new SedSyntaxError("unknown option to `s'");
    }
    const re = this.regex(pattern, flags, replacement.maxGroupRef);
    if (evaluate) throw new SedSyntaxError(DISALLOWED);
    cmd.subst = {
      re,
      replacement: replacement.parts,
      global,
      occurrence: occurrence === 0 ? 1 : occurrence,
      print,
      maxGroupRef: replacement.maxGroupRef,
    };
  }

  private compileTransliteration(cmd: SedCommand): void {
    const delim = this.inchar();
    const from = this.matchSlash(delim, false);
    if (from === null) throw new SedSyntaxError("unterminated `y' command");
    const to = this.matchSlash(delim, false);
    if (to === null) throw new SedSyntaxError("unterminated `y' command");
    const src = unescapeY(from);
    const dst = unescapeY(to);
    if (src.length !== dst.length) throw new SedSyntaxError("strings for `y' command are different lengths");
    const map = new Uint8Array(256);
    for (let b = 0; b < 256; b++) map[b] = b;
    for (let k = 0; k < src.length; k++) map[src.charCodeAt(k) & 0xff] = dst.charCodeAt(k) & 0xff;
    cmd.map = map;
    this.readEndOfCommand();
  }

  finish(): void {
    const open = this.blocks[this.blocks.length - 1];
    if (open !== undefined) throw new SedSyntaxError("unmatched `{'", open.where);
    // GNU check_final_program: a text still waiting for a next chunk is kept as read, its
    // escapes not converted (`-e 'a x\tb\'` appends `x\tb` literally)
    if (this.pendingText !== null) this.pendingText.cmd.text = this.pendingText.raw;
  }
}

/** Resolve b/t/T labels; GNU panics (exit 4) on a missing one. */
function resolveLabels(commands: SedCommand[]): CompileError | null {
  const labels = new Map<string, number>();
  commands.forEach((c, i) => {
    if (c.name === ':' && c.label !== undefined && !labels.has(c.label)) labels.set(c.label, i);
  });
  for (const c of commands) {
    if (c.name !== 'b' && c.name !== 't' && c.name !== 'T') continue;
    if (c.label === undefined || c.label === '') {
      c.target = commands.length;
      continue;
    }
    const at = labels.get(c.label);
    if (at === undefined) return { message: `can't find label for jump to \`${c.label}'`, status: 4 };
    c.target = at;
  }
  return null;
}

/** A compile error of the Compiler, formatted */
function caught(e: unknown, compiler: Compiler): CompileError {
  if (e instanceof SedSyntaxError) return { message: `${e.where ?? compiler.location()}: ${e.text}`, status: 1 };
  throw e;
}

/**
 * A script compiled chunk by chunk, as GNU's getopt loop meets each -e and -f: an error in a chunk
 * is reported before a later bad option or unreadable -f file. Errors only the whole script can
 * show (an unmatched `{`, a missing label, an `a\` text left open) wait for finish().
 */
export class ScriptBuilder {
  private readonly compiler: Compiler;

  constructor(opts: CompileOptions) {
    this.compiler = new Compiler(opts);
  }

  add(chunk: ScriptChunk): CompileError | null {
    try {
      this.compiler.compileChunk(chunk);
      return null;
    } catch (e) {
      return caught(e, this.compiler);
    }
  }

  /** `-e expression #N, char 0` or `file F line 0` of the last chunk: where a `0,/re/` error points */
  zeroLocation(): string {
    return this.compiler.zeroLocation();
  }

  finish(): CompileResult {
    const compiler = this.compiler;
    try {
      compiler.finish();
    } catch (e) {
      return { ok: false, error: caught(e, compiler) };
    }
    const labelError = resolveLabels(compiler.commands);
    if (labelError !== null) return { ok: false, error: labelError };
    const { commands, quietFromScript, extendedFromScript } = compiler;
    return { ok: true, program: { commands, quietFromScript, extendedFromScript } };
  }
}
