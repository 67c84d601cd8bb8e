// find's command line: leading options (-H -L -P -O), starting points, then the expression,
// parsed by precedence as GNU does: `,` < `-o` < `-a` (implicit) < `!` < primaries and `( )`.
// A string result is GNU's error message (exit status 1).

import type { FindEnv } from './env.js';
import { parseExec } from './exec.js';
import { newerXY, PREDICATES } from './predicates.js';
import type { Evaluate, Node } from './types.js';

export interface Parsed {
  paths: string[];
  expr: Node | undefined;
  help: boolean;
  version: boolean;
}

const isOp = (t: string | undefined, ...ops: string[]): boolean => t !== undefined && ops.includes(t);

/** GNU: an argument starting the expression (ends the list of starting points) */
function startsExpression(a: string): boolean {
  return (a.startsWith('-') && a.length > 1) || a === '!' || a === '(';
}

function leaf(label: string, ev: Evaluate, isAction: boolean): Node {
  return { kind: 'test', label, eval: ev, isAction };
}

function and(l: Node, r: Node): Node {
  const a = l.eval;
  const b = r.eval;
  return {
    kind: 'and',
    label: '-a',
    isAction: l.isAction || r.isAction,
    eval: (e, w) => {
      const x = a(e, w);
      if (x instanceof Promise) return x.then((v) => (v && !w.quit ? b(e, w) : false));
      return x && !w.quit ? b(e, w) : false;
    },
  };
}

function or(l: Node, r: Node): Node {
  const a = l.eval;
  const b = r.eval;
  return {
    kind: 'or',
    label: '-o',
    isAction: l.isAction || r.isAction,
    eval: (e, w) => {
      const x = a(e, w);
      if (x instanceof Promise) return x.then((v) => (v || w.quit ? v : b(e, w)));
      return x || w.quit ? x : b(e, w);
    },
  };
}

function comma(l: Node, r: Node): Node {
  const a = l.eval;
  const b = r.eval;
  return {
    kind: 'comma',
    label: ',',
    isAction: l.isAction || r.isAction,
    eval: (e, w) => {
      const x = a(e, w);
      if (x instanceof Promise) return x.then((v) => (w.quit ? v : b(e, w)));
      return w.quit ? x : b(e, w);
    },
  };
}

function not(n: Node): Node {
  const a = n.eval;
  return {
    kind: 'not',
    label: '!',
    isAction: n.isAction,
    eval: (e, w) => {
      const x = a(e, w);
      return x instanceof Promise ? x.then((v) => !v) : !x;
    },
  };
}

class ExprParser {
  private i: number;
  /** an action (-print, -exec…) was parsed: GNU then calls an operator left at the end "invalid expression" */
  private sawAction = false;
  /** -help / -version met in the expression: GNU acts on them at once */
  help = false;
  version = false;
  constructor(
    private readonly env: FindEnv,
    private readonly args: readonly string[],
    start: number,
  ) {
    this.i = start;
  }

  private peek(): string | undefined {
    return this.args[this.i];
  }

  parseAll(): Node | string | undefined {
    if (this.i >= this.args.length) return undefined;
    const n = this.parseComma();
    if (typeof n === 'string') return n;
    if (this.i < this.args.length) {
      if (this.peek() === ')') return "you have too many ')'";
      return 'invalid expression';
    }
    return n;
  }

  private parseComma(): Node | string {
    let left = this.parseOr();
    if (typeof left === 'string') return left;
    while (isOp(this.peek(), ',')) {
      this.i++;
      const right = this.required(',', () => this.parseOr());
      if (typeof right === 'string') return right;
      left = comma(left, right);
    }
    return left;
  }

  private parseOr(): Node | string {
    let left = this.parseAnd();
    if (typeof left === 'string') return left;
    for (let op = this.peek(); op === '-o' || op === '-or'; op = this.peek()) {
      this.i++;
      const right = this.required(op, () => this.parseAnd());
      if (typeof right === 'string') return right;
      left = or(left, right);
    }
    return left;
  }

  private parseAnd(): Node | string {
    let left = this.parseUnary();
    if (typeof left === 'string') return left;
    for (;;) {
      const t = this.peek();
      if (t === undefined || isOp(t, ')', ',', '-o', '-or')) return left;
      let op = '-a';
      if (isOp(t, '-a', '-and')) {
        op = t;
        this.i++;
      }
      const right = this.required(op, () => this.parseUnary());
      if (typeof right === 'string') return right;
      left = and(left, right);
    }
  }

  /** an operand after an operator: GNU's "expected an expression after '-o'" */
  private required(op: string, parse: () => Node | string): Node | string {
    const t = this.peek();
    if (t === undefined) return this.sawAction ? 'invalid expression' : `expected an expression after '${op}'`;
    if (t === ')') return `expected an expression between '${op}' and ')'`;
    if (isOp(t, '-o', '-or', '-a', '-and', ',')) return `invalid expression; you have used a binary operator '${t}' with nothing before it.`;
    return parse();
  }

  private parseUnary(): Node | string {
    const t = this.peek();
    if (t === '!' || t === '-not') {
      this.i++;
      const operand = this.required(t, () => this.parseUnary());
      return typeof operand === 'string' ? operand : not(operand);
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Node | string {
    const t = this.peek();
    // not reached: parseAll, required and the '(' case each saw a word before calling down here
    if (t === undefined) return 'invalid expression';
    if (t === '(') {
      this.i++;
      const next = this.peek();
      if (next === ')') return 'invalid expression; empty parentheses are not allowed.';
      if (next === undefined) return "invalid expression; expected to find a ')' but didn't see one. Perhaps you need an extra predicate after '('";
      const inner = this.parseComma();
      if (typeof inner === 'string') return inner;
      if (this.peek() !== ')') return "invalid expression; I was expecting to find a ')' somewhere but did not see one.";
      this.i++;
      return inner;
    }
    if (t === ')') return "you have too many ')'";
    if (isOp(t, '-o', '-or', '-a', '-and', ',')) return `invalid expression; you have used a binary operator '${t}' with nothing before it.`;
    if (!t.startsWith('-') || t === '-') return `paths must precede expression: \`${t}'`;
    this.i++;
    if (t === '-help' || t === '--help' || t === '-version' || t === '--version') {
      if (t.endsWith('help')) this.help = true;
      else this.version = true;
      this.i = this.args.length;
      return leaf(t, () => true, true);
    }
    if (t === '-exec' || t === '-execdir') {
      const r = parseExec(this.env, this.args, this.i, t);
      if (typeof r === 'string') return r;
      this.i = r.next;
      this.sawAction = true;
      return leaf(t, r.eval, true);
    }
    if (/^-newer..$/.test(t)) {
      const ref = this.args[this.i];
      const ev = newerXY(this.env, t, ref);
      if (typeof ev === 'string') return ev;
      this.i++;
      return leaf(t, ev, false);
    }
    const spec = Object.hasOwn(PREDICATES, t) ? PREDICATES[t] : undefined;
    if (spec === undefined) return `unknown predicate \`${t}'`;
    let arg = '';
    if (spec.arity === 1) {
      if (this.i >= this.args.length) return `missing argument to \`${t}'`;
      arg = this.args[this.i++]!;
    }
    const ev = spec.build(this.env, arg, t);
    if (typeof ev === 'string') return ev;
    if (spec.kind === 'action') this.sawAction = true;
    return leaf(t, ev, spec.kind === 'action');
  }
}

/** the whole command line; `env.opts` receives the options */
export function parseCommandLine(env: FindEnv, args: readonly string[]): Parsed | string {
  let i = 0;
  // leading options, as GNU's own loop: -H -L -P (last wins), -O level, -D refused
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-H' || a === '-L' || a === '-P') env.opts.symlinks = a[1] as 'H' | 'L' | 'P';
    else if (/^-O[0-9]*$/.test(a)) continue;
    else if (a === '-D') return '-D debug options are not supported by rshell';
    else break;
  }
  const first = args[i];
  if (first === '--help' || first === '-help') return { paths: [], expr: undefined, help: true, version: false };
  if (first === '--version' || first === '-version') return { paths: [], expr: undefined, help: false, version: true };
  const paths: string[] = [];
  while (i < args.length && !startsExpression(args[i]!)) paths.push(args[i++]!);
  const parser = new ExprParser(env, args, i);
  const expr = parser.parseAll();
  if (parser.help || parser.version) return { paths, expr: undefined, help: parser.help, version: parser.version };
  if (typeof expr === 'string') return expr;
  return { paths, expr, help: false, version: false };
}
