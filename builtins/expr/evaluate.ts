// expr's grammar and evaluation, as GNU coreutils 9.1's recursive descent (eval … eval7):
//   |   &   < <= = == != >= >   + -   * / %   :   match substr index length + (   ( … )
// Numbers are arbitrary precision (coreutils links GMP): BigInt. Strings are byte strings (one
// char per byte, C locale). Errors are values carrying GNU's text; every error exits 2.

import { compilePatterns, fromLatin1 } from '../../lib/regex/index.js';
import { quote } from '../internal/quote.js';
import { parsePosix } from '../../lib/regex/parse.js';

export type Value = bigint | string;

export class ExprError {
  constructor(readonly message: string) {}
}

/** quote() of an argument (a byte string) in the C locale */
function q(s: string): string {
  return quote(fromLatin1(s));
}

const INTEGER = /^-?[0-9]+$/;

/** GNU's null(): the integer 0, or a string that is empty or all zeros after an optional '-' */
export function isNull(v: Value): boolean {
  if (typeof v === 'bigint') return v === 0n;
  return v === '' || /^-?0+$/.test(v);
}

function toText(v: Value): string {
  return typeof v === 'bigint' ? v.toString() : v;
}

function toInteger(v: Value): bigint | undefined {
  if (typeof v === 'bigint') return v;
  return INTEGER.test(v) ? BigInt(v) : undefined;
}

const COMPARISONS = new Set(['<', '<=', '=', '==', '!=', '>=', '>']);

/**
 * args: one at least (index.ts reports a missing operand); i never passes args.length, so once
 * every argument is read, args[i - 1] is the last one
 */
export class Evaluator {
  private i = 0;

  constructor(
    private readonly args: readonly string[],
    /** the deadline, checked inside a long match (lib/regex's checkpoint) */
    private readonly checkpoint?: () => void,
  ) {}

  /** evaluate the whole expression; trailing arguments are a syntax error */
  run(): Value {
    const v = this.orExpr(true);
    if (this.i < this.args.length) throw new ExprError(`syntax error: unexpected argument ${q(this.args[this.i]!)}`);
    return v;
  }

  private more(): boolean {
    return this.i < this.args.length;
  }

  private next(token: string): boolean {
    if (this.args[this.i] === token) {
      this.i++;
      return true;
    }
    return false;
  }

  private orExpr(evaluate: boolean): Value {
    let l = this.andExpr(evaluate);
    while (this.next('|')) {
      const r = this.andExpr(evaluate && isNull(l));
      if (isNull(l)) l = isNull(r) ? 0n : r;
    }
    return l;
  }

  private andExpr(evaluate: boolean): Value {
    let l = this.comparison(evaluate);
    while (this.next('&')) {
      const r = this.comparison(evaluate && !isNull(l));
      if (isNull(l) || isNull(r)) l = 0n;
    }
    return l;
  }

  private comparison(evaluate: boolean): Value {
    let l = this.additive(evaluate);
    for (;;) {
      const op = this.args[this.i];
      if (op === undefined || !COMPARISONS.has(op)) return l;
      this.i++;
      const r = this.additive(evaluate);
      if (!evaluate) continue;
      const a = toText(l);
      const b = toText(r);
      let cmp: number;
      if (INTEGER.test(a) && INTEGER.test(b)) {
        const x = BigInt(a);
        const y = BigInt(b);
        cmp = x < y ? -1 : x > y ? 1 : 0;
      } else cmp = a < b ? -1 : a > b ? 1 : 0;
      const result = op === '<' ? cmp < 0 : op === '<=' ? cmp <= 0 : op === '=' || op === '==' ? cmp === 0 : op === '!=' ? cmp !== 0 : op === '>=' ? cmp >= 0 : cmp > 0;
      l = result ? 1n : 0n;
    }
  }

  private arithmetic(l: Value, r: Value, op: string): Value {
    const x = toInteger(l);
    const y = toInteger(r);
    if (x === undefined || y === undefined) throw new ExprError('non-integer argument');
    switch (op) {
      case '+': return x + y;
      case '-': return x - y;
      case '*': return x * y;
      default:
        if (y === 0n) throw new ExprError('division by zero');
        // BigInt division truncates toward zero and % takes the dividend's sign, as mpz_tdiv_*
        return op === '/' ? x / y : x % y;
    }
  }

  private additive(evaluate: boolean): Value {
    let l = this.multiplicative(evaluate);
    for (;;) {
      const op = this.args[this.i];
      if (op !== '+' && op !== '-') return l;
      this.i++;
      const r = this.multiplicative(evaluate);
      if (evaluate) l = this.arithmetic(l, r, op);
    }
  }

  private multiplicative(evaluate: boolean): Value {
    let l = this.colon(evaluate);
    for (;;) {
      const op = this.args[this.i];
      if (op !== '*' && op !== '/' && op !== '%') return l;
      this.i++;
      const r = this.colon(evaluate);
      if (evaluate) l = this.arithmetic(l, r, op);
    }
  }

  private colon(evaluate: boolean): Value {
    let l = this.unary(evaluate);
    while (this.next(':')) {
      const r = this.unary(evaluate);
      if (evaluate) l = match(toText(l), toText(r), this.checkpoint);
    }
    return l;
  }

  private unary(evaluate: boolean): Value {
    if (this.next('+')) {
      if (!this.more()) throw new ExprError(`syntax error: missing argument after ${q(this.args[this.i - 1]!)}`);
      return this.args[this.i++]!;
    }
    if (this.next('length')) {
      const r = this.unary(evaluate);
      return BigInt(toText(r).length);
    }
    if (this.next('match')) {
      const l = this.unary(evaluate);
      const r = this.unary(evaluate);
      return evaluate ? match(toText(l), toText(r), this.checkpoint) : 0n;
    }
    if (this.next('index')) {
      const l = toText(this.unary(evaluate));
      const r = toText(this.unary(evaluate));
      for (let k = 0; k < l.length; k++) if (r.includes(l[k]!)) return BigInt(k + 1);
      return 0n;
    }
    if (this.next('substr')) {
      const s = toText(this.unary(evaluate));
      const pos = toInteger(this.unary(evaluate));
      const len = toInteger(this.unary(evaluate));
      if (pos === undefined || len === undefined) return '';
      const size = BigInt(s.length);
      if (pos <= 0n || len <= 0n || pos > size) return '';
      const start = Number(pos) - 1;
      const take = len > size ? s.length : Number(len);
      return s.slice(start, start + take);
    }
    return this.primary(evaluate);
  }

  private primary(evaluate: boolean): Value {
    if (!this.more()) throw new ExprError(`syntax error: missing argument after ${q(this.args[this.i - 1]!)}`);
    if (this.next('(')) {
      const v = this.orExpr(evaluate);
      if (!this.more()) throw new ExprError(`syntax error: expecting ')' after ${q(this.args[this.i - 1]!)}`);
      if (!this.next(')')) throw new ExprError(`syntax error: expecting ')' instead of ${q(this.args[this.i]!)}`);
      return v;
    }
    if (this.next(')')) throw new ExprError("syntax error: unexpected ')'");
    return this.args[this.i++]!;
  }
}

/**
 * STRING : REGEX — a BRE anchored at the start of STRING (glibc's re_match: `.` matches a
 * newline, `^`/`$` match only at the ends of STRING). With a \( \) group: the text of group 1 (or ''),
 * else the number of bytes matched (or 0).
 */
export function match(s: string, pattern: string, checkpoint?: () => void): Value {
  const parsed = parsePosix(pattern, 'basic');
  if (!parsed.ok) throw new ExprError(parsed.message);
  const compiled = compilePatterns([pattern], { syntax: 'basic', eol: -1, captures: true, ...(checkpoint ? { checkpoint } : {}) });
  if (!compiled.ok) throw new ExprError(compiled.message);
  const grouped = parsed.value.groups > 0;
  const m = compiled.matcher.exec(s, 0);
  if (m === null || m.start !== 0) return grouped ? '' : 0n;
  if (grouped) return m.groups[1] ?? '';
  return BigInt(m.end - m.start);
}
