// awk's built-in functions (the synchronous ones; system, close and fflush are in async.ts).
// Number formatting, printf, rand, time and bit functions come from the runtime module.

import type { Expr } from './ast.js';
import type { Compiler, Ev } from './compile.js';
import { AwkArray, numStr, Strnum, toNum, UNINIT, type Val } from './value.js';
import { S, type Runtime } from './runtime.js';
import type { Matcher } from '../../lib/regex/index.js';
import { splitDefault, type Splitter, charSplitter, regexSplitter, emptySplitter } from './fields.js';
import {
  and, asortCompare, awkSprintf, type AwkRandom, type AwkSortValue, type BitResult, compl, expandGensub, expandSubRepl, lshift, mktime,
  or, rshift, strftime, strToNum, strtonum, xor, type AwkArg,
} from './runtime/index.js';
import { NEG_NAN } from './runtime/numbers.js';

export interface BuiltinEnv {
  random: AwkRandom;
  tz(): string | undefined;
  now(): number;
}

const BITWISE: Record<string, (args: readonly number[]) => BitResult> = { and, or, xor, lshift, rshift, compl };

type B = Extract<Expr, { k: 'builtin' }>;

const ARITY: Record<string, [number, number]> = {
  length: [0, 1], substr: [2, 3], index: [2, 2], split: [2, 4], sub: [2, 3], gsub: [2, 3], match: [2, 3],
  sprintf: [1, Infinity], sin: [1, 1], cos: [1, 1], atan2: [2, 2], exp: [1, 1], log: [1, 1], sqrt: [1, 1],
  int: [1, 1], rand: [0, 0], srand: [0, 1], tolower: [1, 1], toupper: [1, 1], gensub: [3, 4], patsplit: [2, 4],
  asort: [1, 3], asorti: [1, 3], strtonum: [1, 1], and: [2, Infinity], or: [2, Infinity], xor: [2, Infinity],
  lshift: [2, 2], rshift: [2, 2], compl: [1, 1], systime: [0, 0], strftime: [0, 3], mktime: [1, 2],
  typeof: [1, 1], isarray: [1, 1], mkbool: [1, 1],
};

const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const asciiUpper = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

/** replace matches of m in s: all (global) or only the `nth` */
export function substitute(
  s: string, m: Matcher, global: boolean, nth: number, repl: (match: string, groups: readonly (string | undefined)[]) => string, captures: boolean,
): { text: string; count: number } {
  let out = '';
  let pos = 0;
  let count = 0;
  let seen = 0;
  let lastEnd = -1;
  while (pos <= s.length) {
    const hit = captures ? m.exec(s, pos) : m.find(s, pos);
    if (hit === null) break;
    if (hit.start === hit.end && hit.start === lastEnd) {
      if (hit.start >= s.length) break;
      out += s.slice(pos, hit.start + 1);
      pos = hit.start + 1;
      continue;
    }
    seen++;
    const matched = s.slice(hit.start, hit.end);
    if (seen >= nth) {
      const groups = 'groups' in hit ? (hit as { groups: readonly (string | undefined)[] }).groups : [matched];
      out += s.slice(pos, hit.start) + repl(matched, groups);
      count++;
    } else out += s.slice(pos, hit.end);
    lastEnd = hit.end;
    if (hit.end === hit.start) {
      if (hit.start < s.length) out += s[hit.start];
      pos = hit.start + 1;
    } else pos = hit.end;
    if (!global && count > 0) break;
  }
  if (count === 0) return { text: s, count };
  if (pos < s.length) out += s.slice(pos);
  return { text: out, count };
}

export function compileBuiltin(c: Compiler, e: B, env: BuiltinEnv): Ev {
  const rt = c.rt;
  const name = e.name;
  const arity = ARITY[name];
  if (arity !== undefined && (e.args.length < arity[0] || e.args.length > arity[1])) {
    return c.fatal(`${name}: called with ${e.args.length < arity[0] ? 'too few' : 'too many'} arguments`);
  }
  const a = e.args;
  const num = (i: number): (() => number) => c.num(a[i]!);
  const str = (i: number): (() => string) => c.str(a[i]!);
  const arrayArg = (i: number): (() => AwkArray) => {
    const x = a[i]!;
    if (x.k !== 'var') return c.fatal(`${name}: argument ${i + 1} is not an array`);
    return c.array(x.name);
  };
  const math = (f: (x: number) => number): Ev => {
    const x = num(0);
    return () => f(x());
  };
  switch (name) {
    case 'length': {
      if (a.length === 0) return () => rt.getRecord().length;
      const x = a[0]!;
      if (x.k === 'var') {
        const p = c.place(x.name);
        const cells = (): (Val | AwkArray)[] => (p.local ? rt.frame : rt.g);
        if (!p.local && p.i === S.NF) return () => String(rt.getNF()).length;
        return () => {
          const v = cells()[p.i] ?? UNINIT;
          if (v instanceof AwkArray) return v.map.size;
          // gawk 5.2: length() of an untyped global makes it a scalar
          if (v === UNINIT && !p.local) rt.scalarFixed.add(p.i);
          return rt.str(v).length;
        };
      }
      const s = str(0);
      return () => s().length;
    }
    case 'substr': {
      const s = str(0);
      const m = num(1);
      const n = a.length > 2 ? num(2) : null;
      // gawk truncates both numbers; a start before 1 counts from 1 without shortening the length
      return () => {
        const t = s();
        const mv = m();
        // every argument is evaluated (a[k] there creates k) before any early return
        const nv = n === null ? 0 : n();
        if (Number.isNaN(mv)) return '';
        let st = mv < 1 ? 1 : Math.trunc(mv);
        if (n === null) return st > t.length ? '' : t.slice(st - 1);
        if (Number.isNaN(nv)) return '';
        const len = nv === Infinity ? Infinity : Math.trunc(nv);
        if (len <= 0 || st > t.length) return '';
        if (st < 1) st = 1;
        return len === Infinity ? t.slice(st - 1) : t.slice(st - 1, st - 1 + len);
      };
    }
    case 'index': {
      if (a[1]!.k === 'regex') return c.fatal('index: regexp constant as second argument is not allowed');
      const s = str(0);
      const t = str(1);
      return () => (rt.icase ? asciiLower(s()).indexOf(asciiLower(t())) : s().indexOf(t())) + 1;
    }
    case 'split':
    case 'patsplit': {
      const s = str(0);
      const arr = arrayArg(1);
      const seps = a.length > 3 ? arrayArg(3) : null;
      const sepArg = a[2];
      const emptyRe = sepArg?.k === 'regex' && sepArg.src === '' && name === 'split';
      const re = sepArg === undefined || emptyRe ? null : sepArg.k === 'regex' ? c.regexOf(sepArg) : null;
      const sepStr = emptyRe ? () => '' : sepArg === undefined || sepArg.k === 'regex' ? null : c.str(sepArg);
      const fields: string[] = [];
      return () => {
        const text = s();
        const target = arr();
        let splitter: Splitter;
        if (name === 'patsplit') {
          const m = re !== null ? re() : c.compiled(rt.regex.get(sepStr !== null ? sepStr() : rt.str(rt.g[S.FPAT] as Val), rt.icase), 'FPAT');
          return patsplit(text, m, target, seps);
        }
        if (re !== null) {
          if (seps !== null) return splitWithSeps(text, '', re(), target, seps(), c, rt.icase);
          splitter = regexSplitter(re(), false);
        } else {
          const fs = sepStr !== null ? sepStr() : rt.str(rt.g[S.FS] as Val);
          splitter = fs === ' ' ? splitDefault : fs === '' ? emptySplitter : fs.length === 1 && fs !== '\\'
            ? charSplitter(fs, false, false) // gawk: IGNORECASE leaves a one-character separator alone
            : regexSplitter(c.compiled(rt.regex.get(fs, rt.icase), fs), false);
          if (seps !== null) return splitWithSeps(text, fs, null, target, seps(), c, rt.icase);
        }
        const n = splitter(text, fields);
        target.map.clear();
        for (let i = 1; i <= n; i++) target.map.set(String(i), new Strnum(fields[i]!));
        return n;
      };
    }
    case 'sub':
    case 'gsub':
    case 'gensub': {
      const m = c.regexOf(a[0]!);
      const repl = str(1);
      const global = name === 'gsub';
      if (name === 'gensub') {
        const how = c.val(a[2]!);
        const target = a.length > 3 ? str(3) : () => rt.getRecord();
        const mc = a[0]!.k === 'regex' ? withCaptures(c, a[0]!) : withCapturesDyn(c, a[0]!);
        return () => {
          const h = how();
          const hs = typeof h === 'number' ? '' : rt.str(h);
          const g = hs !== '' && (hs[0] === 'g' || hs[0] === 'G');
          let nth = g ? 1 : Math.trunc(toNum(h));
          if (!g && nth < 1) nth = 1;
          const r = repl();
          return substitute(target(), mc(), g, nth, (match, groups) => expandGensub(r, match, groups), true).text;
        };
      }
      const lv = a.length > 2 ? a[2]! : ({ k: 'field', e: { k: 'num', v: 0 } } as Expr);
      const set = c.setter(lv);
      return () => {
        const re = m();
        const r = repl();
        set.prepare();
        const cur = rt.str(set.get());
        const res = substitute(cur, re, global, 1, (match) => expandSubRepl(r, match), false);
        if (res.count > 0) set.set(res.text);
        return res.count;
      };
    }
    case 'match': {
      const s = str(0);
      const arr = a.length > 2 ? arrayArg(2) : null;
      const m = arr === null ? c.regexOf(a[1]!) : a[1]!.k === 'regex' ? withCaptures(c, a[1]!) : withCapturesDyn(c, a[1]!);
      return () => {
        const t = s();
        const re = m();
        const hit = arr === null ? re.find(t, 0) : re.exec(t, 0);
        if (hit === null) {
          rt.g[S.RSTART] = 0;
          rt.g[S.RLENGTH] = -1;
          if (arr !== null) arr().map.clear();
          return 0;
        }
        rt.g[S.RSTART] = hit.start + 1;
        rt.g[S.RLENGTH] = hit.end - hit.start;
        if (arr !== null && 'groups' in hit) {
          const target = arr();
          target.map.clear();
          const groups = (hit as { groups: readonly (string | undefined)[] }).groups;
          let from = hit.start;
          groups.forEach((g, i) => {
            if (g === undefined) return;
            target.map.set(String(i), new Strnum(g));
            const at = i === 0 ? hit.start : t.indexOf(g, from);
            if (i > 0 && at >= 0) from = at;
            target.map.set(`${i}${rt.subsep}start`, at + 1);
            target.map.set(`${i}${rt.subsep}length`, g.length);
          });
        }
        return hit.start + 1;
      };
    }
    case 'sprintf': {
      const f = str(0);
      const vals = a.slice(1).map((x) => c.val(x));
      return () => {
        const args: AwkArg[] = vals.map((v) => {
          const x = v();
          return { num: () => toNum(x), str: () => rt.str(x), isNum: () => typeof x === 'number' || (x instanceof Strnum && x.isNumeric()) };
        });
        const r = awkSprintf(f(), args);
        if ('fatal' in r) return c.fatal(r.fatal.replace(/^fatal: /, ''));
        return r.text;
      };
    }
    case 'sin': return math(Math.sin);
    case 'cos': return math(Math.cos);
    case 'exp': {
      const x = num(0);
      return () => {
        const v = x();
        const y = Math.exp(v);
        // glibc sets ERANGE on overflow and underflow: gawk warns then
        if (Number.isFinite(v) && (y === Infinity || y === 0)) rt.warn(`exp: argument ${numStr(v, rt.convfmt)} is out of range`);
        return y;
      };
    }
    case 'log':
    case 'sqrt': {
      const x = num(0);
      const f = name === 'log' ? Math.log : Math.sqrt;
      return () => {
        const v = x();
        if (v < 0) rt.warn(`${name}: received negative argument ${numStr(v, rt.convfmt)}`);
        // x86 makes a negative NaN (gawk prints "-nan"); V8 would print a positive one
        const y = f(v);
        return y !== y && v === v ? NEG_NAN : y;
      };
    }
    case 'int': return math(Math.trunc);
    case 'atan2': {
      const y = num(0);
      const x = num(1);
      return () => Math.atan2(y(), x());
    }
    case 'rand': return () => env.random.rand();
    case 'srand': {
      const s = a.length > 0 ? num(0) : null;
      return () => env.random.srand(s === null ? undefined : s(), Math.floor(env.now() / 1000));
    }
    case 'tolower': {
      const s = str(0);
      return () => asciiLower(s());
    }
    case 'toupper': {
      const s = str(0);
      return () => asciiUpper(s());
    }
    case 'asort':
    case 'asorti':
      return asortFn(c, e, arrayArg, env);
    case 'strtonum': {
      const v = c.val(a[0]!);
      return () => {
        const x = v();
        // numbers and numeric-looking strnums pass through (gawk: strtonum of the field "017" is 17)
        return typeof x === 'number' || (x instanceof Strnum && x.isNumeric()) ? toNum(x) : strtonum(rt.str(x));
      };
    }
    case 'and': case 'or': case 'xor': case 'lshift': case 'rshift': case 'compl': {
      const xs = a.map((_, i) => num(i));
      return () => {
        const r = BITWISE[name]!(xs.map((x) => x())); // name is one of BITWISE's keys (the case labels)
        if (typeof r === 'number') return r;
        return c.fatal(r.fatal.replace(/^fatal: /, ''));
      };
    }
    case 'systime': return () => Math.floor(env.now() / 1000);
    case 'strftime': {
      const f = a.length > 0 ? str(0) : () => '%a %b %e %H:%M:%S %Z %Y';
      const t = a.length > 1 ? num(1) : () => Math.floor(env.now() / 1000);
      const u = a.length > 2 ? c.bool(a[2]!) : () => false;
      return () => strftime(f(), t(), u(), env.tz());
    }
    case 'mktime': {
      const s = str(0);
      const u = a.length > 1 ? c.bool(a[1]!) : () => false;
      return () => mktime(s(), u(), env.tz());
    }
    case 'typeof':
    case 'isarray': {
      const x = a[0]!;
      const isArr = name === 'isarray';
      if (x.k === 'var') {
        const p = c.place(x.name);
        return () => {
          const v = p.local ? rt.frame[p.i] : p.i === S.NF ? rt.getNF() : rt.g[p.i];
          if (isArr) return v instanceof AwkArray ? 1 : 0;
          if ((v === UNINIT || v === undefined) && (c.an.varRefs.get(x.name) ?? 0) <= 1) return 'untyped';
          return typeOf(v ?? UNINIT, false);
        };
      }
      if (x.k === 'index') {
        const arr = c.array(x.name);
        const key = c.key(x.subs);
        return () => {
          const v = arr().map.get(key());
          if (isArr) return v instanceof AwkArray ? 1 : 0;
          // an element made by a mere reference is untyped, as a missing one
          return v === undefined || v === UNINIT ? 'untyped' : typeOf(v, false);
        };
      }
      const v = c.val(x);
      return () => (isArr ? 0 : typeOf(v(), false));
    }
    case 'mkbool': {
      const v = c.bool(a[0]!);
      return () => (v() ? 1 : 0);
    }
    default:
      return c.fatal(`function \`${name}' not defined`);
  }
}

function typeOf(v: Val | AwkArray, _untyped: boolean): string {
  if (v instanceof AwkArray) return 'array';
  if (v === UNINIT) return 'unassigned';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  return v.isNumeric() ? 'strnum' : 'string';
}


function withCaptures(c: Compiler, re: Extract<Expr, { k: 'regex' }>): () => Matcher {
  const rt = c.rt;
  return () => c.compiled(rt.regex.get(re.src, rt.icase, true), re.src);
}

function withCapturesDyn(c: Compiler, e: Expr): () => Matcher {
  const rt = c.rt;
  const s = c.str(e);
  return () => {
    const src = s();
    return c.compiled(rt.regex.get(src, rt.icase, true), src);
  };
}

function patsplit(text: string, m: Matcher, target: AwkArray, seps: (() => AwkArray) | null): number {
  target.map.clear();
  const sp = seps?.() ?? null;
  sp?.map.clear();
  let n = 0;
  let pos = 0;
  let from = 0;
  while (from <= text.length) {
    const hit = m.find(text, from);
    if (hit === null || hit.end === hit.start) {
      if (hit === null) break;
      from = hit.start + 1;
      continue;
    }
    if (sp !== null && (n > 0 || hit.start > 0)) sp.map.set(String(n), new Strnum(text.slice(pos, hit.start)));
    target.map.set(String(++n), new Strnum(text.slice(hit.start, hit.end)));
    pos = from = hit.end;
  }
  if (sp !== null && pos < text.length) sp.map.set(String(n), new Strnum(text.slice(pos)));
  return n;
}

function splitWithSeps(text: string, fs: string, re: Matcher | null, target: AwkArray, seps: AwkArray, c: Compiler, icase: boolean): number {
  target.map.clear();
  seps.map.clear();
  if (re === null && fs === ' ') {
    const re = /[ \t\n]+/g;
    const lead = /^[ \t\n]*/.exec(text)![0]; // always matches
    if (lead !== '') seps.map.set('0', new Strnum(lead));
    let n = 0;
    const body = text.slice(lead.length);
    let last = 0;
    for (let m = re.exec(body); m !== null; m = re.exec(body)) {
      target.map.set(String(++n), new Strnum(body.slice(last, m.index)));
      seps.map.set(String(n), new Strnum(m[0]));
      last = re.lastIndex;
    }
    if (last < body.length) target.map.set(String(++n), new Strnum(body.slice(last)));
    return n;
  }
  const m = re !== null ? re : fs.length === 1 && fs !== '\\' ? null : c.compiled(c.rt.regex.get(fs, icase), fs);
  if (text === '') return 0;
  let n = 0;
  let pos = 0;
  for (;;) {
    let hs = -1;
    let he = -1;
    if (m === null) {
      hs = text.indexOf(fs, pos);
      he = hs + 1;
    } else {
      let from = pos;
      let hit = m.find(text, from);
      while (hit !== null && hit.start === hit.end && hit.start < text.length) hit = m.find(text, ++from);
      if (hit !== null && hit.start !== hit.end) {
        hs = hit.start;
        he = hit.end;
      }
    }
    if (hs < 0) {
      target.map.set(String(++n), new Strnum(text.slice(pos)));
      return n;
    }
    target.map.set(String(++n), new Strnum(text.slice(pos, hs)));
    seps.map.set(String(n), new Strnum(text.slice(hs, he)));
    pos = he;
  }
}

/** a value as the runtime's sort orders see it (a missing element sorts as "") */
export function sortValue(rt: Runtime, v: Val | AwkArray | undefined): AwkSortValue {
  if (v instanceof AwkArray) return { str: '', num: 0, isNum: false, isArray: true };
  const x = v ?? '';
  return { str: rt.str(x), num: toNum(x), isNum: typeof x === 'number' || (x instanceof Strnum && x.isNumeric()), isArray: false };
}

function asortFn(c: Compiler, e: B, arrayArg: (i: number) => () => AwkArray, _env: BuiltinEnv): Ev {
  const rt = c.rt;
  const src = arrayArg(0);
  const dest = e.args.length > 1 ? arrayArg(1) : null;
  const how = e.args.length > 2 ? c.str(e.args[2]!) : null;
  const kind = e.name === 'asorti' ? 'asorti' : 'asort';
  return () => {
    const s = src();
    const order = how === null ? '' : how();
    // a user comparison function is not supported: the default order stands in for it
    const cmp = asortCompare(kind, order, strToNum) ?? asortCompare(kind, '', strToNum);
    // asort drops subarrays (not copied here); asorti keeps their indices
    const entries = [...s.map.entries()].filter((en) => kind === 'asorti' || !(en[1] instanceof AwkArray));
    const sorted = entries.map(([k, v]): [string, AwkSortValue, Val] => [k, sortValue(rt, v), v instanceof AwkArray ? '' : v]);
    if (cmp !== null) sorted.sort((x, y) => cmp([x[0], x[1]], [y[0], y[1]]));
    const items: Val[] = sorted.map((x) => (kind === 'asorti' ? x[0] : x[2]));
    const target = dest === null ? s : dest();
    target.map.clear();
    for (let i = 0; i < items.length; i++) target.map.set(String(i + 1), items[i]!);
    return items.length;
  };
}

export { numStr };
