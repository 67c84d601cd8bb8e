// The JSON reader: a port of jq 1.7.1's jv_parse.c (non-streaming mode, with `--seq`), fed text
// in chunks, giving values one at a time, so an NDJSON stream of any size runs in bounded memory.
// The state machine is jq's (its messages, what counts as a separator, when a value is complete,
// the 256-entry stack limit where an object level takes two entries: the object and its key);
// the loops are not per character where they need not be: string bodies and literal tokens are
// scanned with tight char-code loops and sliced once.
import { JqError, type Json, type JsonObject, LiteralNumber } from '../value.js';
import { parseNumberLiteral } from './number.js';
import { decodeString, Fail } from './strings.js';

/** jq's MAX_PARSING_DEPTH: containers plus pending object keys on the parser's stack */
export const MAX_PARSING_DEPTH = 256;

/** a value, an error (with `--stream`, the path where it happened), or undefined */
export type ParseResult = Json | { error: string; path?: Json[] } | undefined;

const NORMAL = 0;
const STRING = 1;
const STRING_ESCAPE = 2;
const WAITING_FOR_RS = 3;

// `--stream`: what the streaming tokenizer saw last (jv_parse.c's last_seen)
const LAST_NONE = 0;
const LAST_OPEN_ARRAY = 1;
const LAST_OPEN_OBJECT = 2;
const LAST_COLON = 3;
const LAST_COMMA = 4;
const LAST_VALUE = 5;

/** what the stack holds: an open array, an open object, or an object key awaiting its value */
type Frame = Json[] | JsonObject | string;


export interface ParserOptions {
  /** `--seq`: RS (0x1e) separates texts, errors resync at the next RS instead of stopping */
  seq?: boolean;
  /**
   * `--stream`: give jq's events instead of values: `[path, leaf]` for each scalar or empty
   * container and `[path]` when a container closes (path of its last element), as the text is
   * read, so a truncated text still gives its events. No depth limit, as in jq.
   */
  stream?: boolean;
}

export class JsonStreamParser {
  private buf = '';
  private pos = 0;
  /** chars dropped from the front of `buf` so far (absolute offsets for columns) */
  private base = 0;
  private ended = false;
  private eof = false;
  private st = NORMAL;
  private stack: Frame[] = [];
  private hasNext = false;
  private nextVal: Json = null;
  /** pending literal token or raw string body (its pieces when it spans writes) */
  private tok = '';
  private line = 1;
  /** absolute offset of the first char of the current line */
  private lineStart = 0;
  /** jq counts columns in bytes: extra UTF-8 bytes of non-ASCII chars on the current line */
  private lineExtra = 0;
  private lastWasWs = false;
  private first = true;
  private readonly seq: boolean;
  private readonly streaming: boolean;
  /** `--stream`: the path of the value being read (a null key: not read yet) */
  private path: Json[] = [];
  private lastSeen = LAST_NONE;
  /** `--stream`: an event waiting; three elements means `[path, leaf]` then `[path]` */
  private output: Json[] | undefined;
  private doneVal: Json = null;

  constructor(opts: ParserOptions = {}) {
    this.seq = opts.seq === true;
    this.streaming = opts.stream === true;
  }

  write(text: string): void {
    if (text === '') return;
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.keepLineBytes();
    if (this.pos >= this.buf.length) {
      this.base += this.buf.length;
      this.buf = text;
      this.pos = 0;
    } else {
      this.base += this.pos;
      this.buf = this.buf.slice(this.pos) + text;
      this.pos = 0;
    }
  }

  end(): void {
    this.ended = true;
  }

  /** before dropping the consumed text: remember the extra UTF-8 bytes of the current line */
  private keepLineBytes(): void {
    const from = Math.max(this.lineStart - this.base, 0);
    for (let i = from; i < this.pos; i++) {
      const c = this.buf.charCodeAt(i);
      if (c >= 0x80) this.lineExtra += utf8Extra(c);
    }
  }

  /** the next value, a parse error (jq's text with its position), or undefined: need input/done */
  next(): ParseResult {
    if (this.eof) return undefined;
    if (this.streaming && this.done()) return this.doneVal;
    const r = this.scan();
    if (r !== undefined) return r;
    if (!this.ended) return undefined;
    return this.atEof();
  }

  private err(msg: string, atEof: boolean): { error: string; path?: Json[] } {
    const where = `at line ${this.line}, column ${this.column()}`;
    const error = atEof ? `${msg} at EOF ${where}` : `${msg} ${where}`;
    return this.streaming ? { error, path: [...this.path] } : { error };
  }

  /** bytes of the current line up to the scan position (jq's column) */
  private column(): number {
    const abs = this.base + this.pos;
    let extra = this.lineExtra;
    const from = Math.max(this.lineStart, this.base) - this.base;
    for (let i = from; i < this.pos; i++) {
      const c = this.buf.charCodeAt(i);
      if (c >= 0x80) extra += utf8Extra(c);
    }
    return abs - this.lineStart + extra;
  }

  private reset(): void {
    this.stack = [];
    this.hasNext = false;
    this.nextVal = null;
    this.tok = '';
    this.st = NORMAL;
    this.path = [];
    this.lastSeen = LAST_NONE;
    this.output = undefined;
  }

  private atEof(): ParseResult {
    this.eof = true;
    if (this.st === WAITING_FOR_RS) return this.err('Unfinished abandoned text', true);
    if (this.st !== NORMAL) return this.err('Unfinished string', true);
    const lit = this.checkLiteral();
    if (lit !== undefined) return this.err(lit.msg, true);
    if (this.stack.length !== 0 || this.path.length !== 0) return this.err('Unfinished JSON term', true);
    if (!this.hasNext) return undefined;
    const v = this.nextVal;
    this.hasNext = false;
    if (this.streaming) return [[], v];
    if (this.seq && !this.lastWasWs && (typeof v === 'number' || isLiteralNumber(v))) {
      return this.err('Potentially truncated top-level numeric value', true);
    }
    return v;
  }

  private fail(f: Fail): { error: string } {
    if (this.seq) {
      const e = this.err(`${f.msg}`, false);
      const wasRs = this.pos > 0 && this.buf.charCodeAt(this.pos - 1) === 0x1e;
      this.reset();
      if (!wasRs) {
        this.st = WAITING_FOR_RS;
        return { error: `${e.error} (need RS to resync)` };
      }
      return e;
    }
    const e = this.err(f.msg, false);
    this.reset();
    // jq throws the rest of its buffer away and its caller stops at the first parse error
    this.eof = true;
    return e;
  }

  private newline(at: number): void {
    this.line++;
    this.lineStart = this.base + at + 1;
    this.lineExtra = 0;
  }

  /** runs the state machine until a value completes, an error, or the buffer is used up */
  private scan(): ParseResult {
    const buf = this.buf;
    const n = buf.length;
    let pos = this.pos;
    while (pos < n) {
      const st = this.st;
      if (st === WAITING_FOR_RS) {
        const c = buf.charCodeAt(pos);
        if (c === 10) this.newline(pos);
        pos++;
        if (c === 0x1e) this.st = NORMAL;
        continue;
      }
      if (this.seq && buf.charCodeAt(pos) === 0x1e) {
        pos++;
        this.pos = pos;
        const r = this.rs();
        if (r !== undefined) return r;
        continue;
      }
      if (st !== NORMAL) {
        // string body: up to the closing quote, honouring backslash escapes
        let i = pos;
        let esc = st === STRING_ESCAPE;
        let ctl = false;
        for (; i < n; i++) {
          const c = buf.charCodeAt(i);
          if (c === 0x1e && this.seq) break;
          if (esc) {
            esc = false;
            if (c < 0x20) ctl = true;
          } else if (c === 34) break;
          else if (c === 92) esc = true;
          else if (c < 0x20) ctl = true;
        }
        if (ctl) this.countNewlines(pos, i);
        if (i >= n || buf.charCodeAt(i) === 0x1e) {
          this.tok += buf.slice(pos, i);
          this.st = esc ? STRING_ESCAPE : STRING;
          pos = i;
          continue;
        }
        const raw = this.tok === '' ? buf.slice(pos, i) : this.tok + buf.slice(pos, i);
        this.tok = '';
        this.st = NORMAL;
        pos = i + 1;
        this.pos = pos;
        const s = decodeString(raw);
        if (s instanceof Fail) return this.fail(s);
        const sf = this.setValue(s);
        if (sf !== undefined) return this.fail(sf);
        this.lastWasWs = false;
        if (this.done()) return this.doneVal;
        continue;
      }
      const c = buf.charCodeAt(pos);
      if (c === 32 || c === 10 || c === 9 || c === 13) {
        pos++;
        if (c === 10) this.newline(pos - 1);
        this.lastWasWs = true;
        if (this.tok !== '') {
          this.pos = pos;
          const f = this.checkLiteral();
          if (f !== undefined) return this.fail(f);
        }
        if (this.done()) {
          this.pos = pos;
          return this.doneVal;
        }
        continue;
      }
      this.lastWasWs = false;
      if (c === 34 || c === 91 || c === 123 || c === 93 || c === 125 || c === 44 || c === 58) {
        pos++;
        this.pos = pos;
        let out: ParseResult;
        if (this.tok !== '') {
          const f = this.checkLiteral();
          if (f !== undefined) return this.fail(f);
        }
        if (this.done()) out = this.doneVal;
        if (c === 34) {
          this.st = STRING;
        } else {
          const f = this.streaming ? this.streamToken(c) : this.token(c);
          if (f !== undefined) return this.fail(f);
          if (this.done()) out = this.doneVal;
        }
        if (out !== undefined) return out;
        continue;
      }
      // a literal token: true, false, null, a number, or garbage
      let i = pos + 1;
      for (; i < n; i++) {
        const d = buf.charCodeAt(i);
        if (
          d === 32 || d === 10 || d === 9 || d === 13 || d === 34 || d === 91 || d === 123 ||
          d === 93 || d === 125 || d === 44 || d === 58 || (d === 0x1e && this.seq)
        ) {
          break;
        }
      }
      this.tok += buf.slice(pos, i);
      pos = i;
    }
    this.pos = pos;
    return undefined;
  }

  /** `--seq`: an RS ends the current text; a truncated one is an error */
  private rs(): ParseResult {
    const top = this.hasNext ? this.nextVal : undefined;
    const truncated = this.streaming
      ? this.path.length > 0 || (this.hasNext && (top === null || typeof top === 'boolean' || typeof top === 'number' || isLiteralNumber(top)))
      : !this.lastWasWs && (this.stack.length > 0 || this.tok !== '' || typeof top === 'number' || isLiteralNumber(top));
    this.st = NORMAL;
    if (truncated) {
      const f = this.checkLiteral();
      const msg =
        f === undefined && this.stack.length === 0 && this.hasNext && (typeof this.nextVal === 'number' || isLiteralNumber(this.nextVal))
          ? 'Potentially truncated top-level numeric value'
          : 'Truncated value';
      return this.fail(new Fail(msg));
    }
    const f = this.checkLiteral();
    if (f !== undefined) return this.fail(f);
    if (this.done()) return this.doneVal;
    this.reset();
    return undefined;
  }

  private countNewlines(from: number, to: number): void {
    const buf = this.buf;
    for (let i = from; i < to; i++) if (buf.charCodeAt(i) === 10) this.newline(i);
  }

  private takeNext(): Json {
    const v = this.nextVal;
    this.hasNext = false;
    this.nextVal = null;
    return v;
  }

  private checkLiteral(): Fail | undefined {
    const t = this.tok;
    if (t === '') return undefined;
    this.tok = '';
    let v: Json | undefined;
    const c0 = t.charCodeAt(0);
    if (c0 === 116 /* t */ || c0 === 102 /* f */ || (c0 === 110 /* n */ && t.charCodeAt(1) === 117)) {
      if (t === 'true') v = true;
      else if (t === 'false') v = false;
      else if (t === 'null') v = null;
      else return new Fail('Invalid literal');
    } else {
      v = parseNumberLiteral(t);
      if (v === undefined) return new Fail('Invalid numeric literal');
    }
    return this.setValue(v);
  }

  /** jv_parse.c's value(): a scalar or string was read */
  private setValue(v: Json): Fail | undefined {
    if (this.hasNext || (this.streaming && this.lastSeen === LAST_VALUE)) return new Fail('Expected separator between values');
    if (this.streaming) this.lastSeen = this.path.length > 0 ? LAST_VALUE : LAST_NONE;
    this.hasNext = true;
    this.nextVal = v;
    return undefined;
  }

  /** check_done: a value (or, with --stream, an event) is complete; it is put in doneVal */
  private done(): boolean {
    if (!this.streaming) {
      if (!this.hasNext || this.stack.length !== 0) return false;
      this.doneVal = this.takeNext();
      return true;
    }
    if (this.path.length === 0 && this.hasNext) {
      this.doneVal = [[], this.takeNext()];
      return true;
    }
    const o = this.output;
    if (o === undefined) return false;
    if (o.length > 2) {
      this.doneVal = [o[0] as Json, o[1] as Json];
      this.output = [o[0] as Json];
    } else {
      this.doneVal = o;
      this.output = undefined;
    }
    return true;
  }

  /** jv_parse.c's stream_token */
  private streamToken(c: number): Fail | undefined {
    const path = this.path;
    const depth = path.length;
    const last = depth > 0 ? path[depth - 1] : undefined;
    const lastIsIndex = typeof last === 'number';
    switch (c) {
      case 91: // [
        if (this.hasNext) return new Fail('Expected a separator between values');
        if (this.lastSeen === LAST_OPEN_OBJECT) return new Fail("Expected string key after '{', not '['");
        if (this.lastSeen === LAST_COMMA && !lastIsIndex) return new Fail("Expected string key after ',' in object, not '['");
        path.push(0);
        this.lastSeen = LAST_OPEN_ARRAY;
        return undefined;
      case 123: // {
        if (this.lastSeen === LAST_VALUE) return new Fail('Expected a separator between values');
        if (this.lastSeen === LAST_OPEN_OBJECT) return new Fail("Expected string key after '{', not '{'");
        if (this.lastSeen === LAST_COMMA && !lastIsIndex) return new Fail("Expected string key after ',' in object, not '{'");
        path.push(null);
        this.lastSeen = LAST_OPEN_OBJECT;
        return undefined;
      case 58: // :
        if (depth === 0 || lastIsIndex) return new Fail("':' not as part of an object");
        if (!this.hasNext || this.lastSeen === LAST_NONE) return new Fail("Expected string key before ':'");
        if (typeof this.nextVal !== 'string') return new Fail('Object keys must be strings');
        if (this.lastSeen !== LAST_VALUE) return new Fail("':' should follow a key");
        this.lastSeen = LAST_COLON;
        path[depth - 1] = this.takeNext();
        return undefined;
      case 44: // ,
        if (this.lastSeen !== LAST_VALUE) return new Fail("Expected value before ','");
        if (depth === 0) return new Fail("',' not as part of an object or array");
        if (lastIsIndex) {
          if (this.hasNext) this.output = [[...path], this.takeNext()];
          path[depth - 1] = Math.trunc(last) + 1;
        } else if (typeof last === 'string') {
          if (this.hasNext) this.output = [[...path], this.takeNext()];
          path[depth - 1] = null;
        } else {
          return new Fail('Objects must consist of key:value pairs');
        }
        this.lastSeen = LAST_COMMA;
        return undefined;
      case 93: // ]
        if (depth === 0) return new Fail("Unmatched ']' at the top-level");
        if (this.lastSeen === LAST_COMMA) return new Fail('Expected another array element');
        if (!lastIsIndex) return new Fail("Unmatched ']' in the middle of an object");
        if (this.hasNext) this.output = [[...path], this.takeNext(), true];
        else if (this.lastSeen !== LAST_OPEN_ARRAY) this.output = [[...path]];
        path.pop();
        if (this.lastSeen === LAST_OPEN_ARRAY) this.output = [[...path], []];
        this.lastSeen = path.length === 0 ? LAST_NONE : LAST_VALUE;
        return undefined;
      default: {
        // }
        if (depth === 0) return new Fail("Unmatched '}' at the top-level");
        if (this.lastSeen === LAST_COMMA) return new Fail('Expected another key:value pair');
        if (lastIsIndex) return new Fail("Unmatched '}' in the middle of an array");
        if (this.hasNext) {
          if (typeof last !== 'string') return new Fail('Objects must consist of key:value pairs');
          this.output = [[...path], this.takeNext(), true];
        } else {
          if (this.lastSeen === LAST_COLON) return new Fail('Missing value in key:value pair');
          if (this.lastSeen === LAST_OPEN_ARRAY) return new Fail("Unmatched '}' in the middle of an array");
          if (this.lastSeen !== LAST_VALUE && this.lastSeen !== LAST_OPEN_OBJECT) return new Fail("Unmatched '}'");
          if (this.lastSeen !== LAST_OPEN_OBJECT) this.output = [[...path]];
        }
        path.pop();
        if (this.lastSeen === LAST_OPEN_OBJECT) this.output = [[...path], new Map()];
        this.lastSeen = path.length === 0 ? LAST_NONE : LAST_VALUE;
        return undefined;
      }
    }
  }

  private token(c: number): Fail | undefined {
    const stack = this.stack;
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    switch (c) {
      case 91: // [
        if (stack.length >= MAX_PARSING_DEPTH) return new Fail('Exceeds depth limit for parsing');
        if (this.hasNext) return new Fail('Expected separator between values');
        stack.push([]);
        return undefined;
      case 123: // {
        if (stack.length >= MAX_PARSING_DEPTH) return new Fail('Exceeds depth limit for parsing');
        if (this.hasNext) return new Fail('Expected separator between values');
        stack.push(new Map());
        return undefined;
      case 58: // :
        if (!this.hasNext) return new Fail("Expected string key before ':'");
        if (!(top instanceof Map)) return new Fail("':' not as part of an object");
        if (typeof this.nextVal !== 'string') return new Fail('Object keys must be strings');
        stack.push(this.nextVal);
        this.hasNext = false;
        return undefined;
      case 44: // ,
        if (!this.hasNext) return new Fail("Expected value before ','");
        if (top === undefined) return new Fail("',' not as part of an object or array");
        if (Array.isArray(top)) {
          top.push(this.nextVal);
          this.hasNext = false;
        } else if (typeof top === 'string') {
          stack.pop();
          (stack[stack.length - 1] as JsonObject).set(top, this.nextVal);
          this.hasNext = false;
        } else {
          return new Fail('Objects must consist of key:value pairs');
        }
        return undefined;
      case 93: // ]
        if (!Array.isArray(top)) return new Fail("Unmatched ']'");
        if (this.hasNext) top.push(this.nextVal);
        else if (top.length !== 0) return new Fail('Expected another array element');
        stack.pop();
        this.hasNext = true;
        this.nextVal = top;
        return undefined;
      default: {
        // }
        if (top === undefined) return new Fail("Unmatched '}'");
        if (this.hasNext) {
          if (typeof top !== 'string') return new Fail('Objects must consist of key:value pairs');
          stack.pop();
          const obj = stack.pop() as JsonObject;
          obj.set(top, this.nextVal);
          this.nextVal = obj;
          return undefined;
        }
        if (!(top instanceof Map)) return new Fail("Unmatched '}'");
        if (top.size !== 0) return new Fail('Expected another key-value pair');
        stack.pop();
        this.hasNext = true;
        this.nextVal = top;
        return undefined;
      }
    }
  }
}

/**
 * bytes past the first that a UTF-16 unit stood for in the input (jq counts columns in bytes).
 * U+FFFD counts as the single bad byte it most often replaces.
 */
function utf8Extra(c: number): number {
  if (c < 0x800) return 1;
  if (c >= 0xd800 && c <= 0xdfff) return 1;
  return c === 0xfffd ? 0 : 2;
}

function isLiteralNumber(v: Json | undefined): boolean {
  return v instanceof LiteralNumber;
}

/**
 * One JSON text as jq's jv_parse (fromjson, tonumber, --argjson, --jsonargs): a second value is
 * "Unexpected extra JSON values", none is "Expected JSON value"; the message ends with
 * `(while parsing '<text>')`. Throws a JqError with that message.
 */
export function parseJson(text: string): Json {
  const p = new JsonStreamParser();
  p.write(text);
  p.end();
  const first = p.next();
  let msg: string | undefined;
  let value: Json = null;
  if (first === undefined) msg = 'Expected JSON value';
  else if (isError(first)) msg = first.error;
  else {
    value = first;
    const second = p.next();
    if (second !== undefined) msg = isError(second) ? second.error : 'Unexpected extra JSON values';
  }
  if (msg !== undefined) {
    const nul = text.indexOf('\0');
    throw new JqError(`${msg} (while parsing '${nul < 0 ? text : text.slice(0, nul)}')`);
  }
  return value;
}

function isError(r: Json | { error: string }): r is { error: string } {
  return typeof r === 'object' && r !== null && !Array.isArray(r) && !(r instanceof Map) && 'error' in r;
}
