// join's command line walk (GNU coreutils 9.1 src/join.c main()): getopt's "-" mode hands over
// operands in place, so `-j1 FILE` / `-o LIST FILE` keep their obsolete readings (the operand
// after `-j1` or after a field list may be the option's argument when a third operand shows up).
// The framework has checked each option's value; this walk applies them in GNU's order.

import { quote, quoteaf } from '../internal/quote.js';

export interface OutField {
  /** 0: the join field; 1, 2: the file */
  file: 0 | 1 | 2;
  field: number;
}

export interface JoinPlan {
  names: [string, string];
  field1: number;
  field2: number;
  outlist: OutField[];
  autoformat: boolean;
  unpaired1: boolean;
  unpaired2: boolean;
  pairables: boolean;
  empty: string | null;
  /** -1: blanks; else the separator byte ('\n' for -t '': the whole line) */
  tab: number;
  ignoreCase: boolean;
  header: boolean;
  eol: number;
  check: 'default' | 'enabled' | 'disabled';
}

/** a GNU die(): the message, status 1; `usage` adds the Try line */
export interface JoinError {
  message: string;
  usage: boolean;
}

const SIZE_MAX = Number.MAX_SAFE_INTEGER;

/** string_to_join_field: 1-based to 0-based; a huge number saturates */
export function joinField(s: string): number | JoinError {
  if (!/^\s*\+?[0-9]+$/.test(s)) return { message: `invalid field number: ${quote(s)}`, usage: false };
  const v = Number(s.trim());
  if (v === 0) return { message: `invalid field number: ${quote(s)}`, usage: false };
  return Number.isSafeInteger(v) ? v - 1 : SIZE_MAX - 1;
}

/** add_field_list: "1.2,2.1 0" */
export function fieldList(s: string): OutField[] | JoinError {
  const out: OutField[] = [];
  for (const spec of s.split(/[, \t]/)) {
    const c = spec[0];
    if (c === '0') {
      if (spec.length > 1) return { message: `invalid field specifier: ${quote(spec)}`, usage: false };
      out.push({ file: 0, field: 0 });
    } else if (c === '1' || c === '2') {
      if (spec[1] !== '.') return { message: `invalid field specifier: ${quote(spec)}`, usage: false };
      const f = joinField(spec.slice(2));
      if (typeof f !== 'number') return f;
      out.push({ file: c === '1' ? 1 : 2, field: f });
    } else return { message: `invalid file number in field spec: ${quote(spec)}`, usage: false };
  }
  return out;
}

const WITH_VALUE = 'ae12jotv';
const LONGS = ['ignore-case', 'check-order', 'nocheck-order', 'zero-terminated', 'header', 'help', 'version'];

type Status = 'operand' | 'j1' | 'j2' | 'o';

/** walk the arguments as GNU's loop does */
export function planOf(args: readonly string[]): JoinPlan | JoinError {
  const p: JoinPlan = {
    names: ['', ''], field1: SIZE_MAX, field2: SIZE_MAX, outlist: [], autoformat: false, unpaired1: false, unpaired2: false,
    pairables: true, empty: null, tab: -1, ignoreCase: false, header: false, eol: 0x0a, check: 'default',
  };
  const jcount = [0, 0];
  const status: Status[] = ['operand', 'operand'];
  let nfiles = 0;
  let prev: Status = 'operand';
  const setField = (which: 1 | 2, v: number): JoinError | undefined => {
    const cur = which === 1 ? p.field1 : p.field2;
    if (cur !== SIZE_MAX && cur !== v) return { message: `incompatible join fields ${cur + 1}, ${v + 1}`, usage: false };
    if (which === 1) p.field1 = v;
    else p.field2 = v;
    return undefined;
  };
  const addFile = (name: string): JoinError | Status => {
    let cur: Status = 'operand';
    let n = nfiles;
    if (n === 2) {
      const op0 = status[0] === 'operand' ? 1 : 0;
      const arg = p.names[op0]!;
      switch (status[op0]) {
        case 'operand':
          return { message: `extra operand ${quoteaf(name)}`, usage: true };
        case 'j1':
        case 'j2': {
          const which = status[op0] === 'j1' ? 1 : 2;
          jcount[which - 1]!--;
          const f = joinField(arg);
          if (typeof f !== 'number') return f;
          const e = setField(which, f);
          if (e) return e;
          break;
        }
        case 'o': {
          const l = fieldList(arg);
          if (!Array.isArray(l)) return l;
          p.outlist.push(...l);
          break;
        }
      }
      if (op0 === 0) {
        status[0] = status[1]!;
        p.names[0] = p.names[1];
      }
      n = 1;
    }
    status[n] = prev;
    p.names[n] = name;
    nfiles = n + 1;
    if (prev === 'o') cur = 'o';
    return cur;
  };
  const option = (letter: string, value: string, attachedJ: boolean): JoinError | Status => {
    switch (letter) {
      case 'v':
      case 'a':
        if (letter === 'v') p.pairables = false;
        if (Number(value.trim().replace(/^\+/, '')) === 1) p.unpaired1 = true;
        else p.unpaired2 = true;
        return 'operand';
      case 'e':
        if (p.empty !== null && p.empty !== value) return { message: 'conflicting empty-field replacement strings', usage: false };
        p.empty = value;
        return 'operand';
      case '1':
      case '2': {
        const f = joinField(value);
        if (typeof f !== 'number') return f;
        return setField(letter === '1' ? 1 : 2, f) ?? 'operand';
      }
      case 'j': {
        if ((value === '1' || value === '2') && attachedJ) {
          jcount[value === '2' ? 1 : 0]!++;
          return value === '2' ? 'j2' : 'j1';
        }
        const f = joinField(value);
        if (typeof f !== 'number') return f;
        return setField(1, f) ?? setField(2, p.field1) ?? 'operand';
      }
      case 'o': {
        if (value === 'auto') {
          p.autoformat = true;
          return 'operand';
        }
        const l = fieldList(value);
        if (!Array.isArray(l)) return l;
        p.outlist.push(...l);
        return 'o';
      }
      case 't': {
        let t = value === '' ? 0x0a : value.charCodeAt(0) & 0xff;
        if (value.length > 1) {
          if (value === '\\0') t = 0;
          else return { message: `multi-character tab ${quote(value)}`, usage: false };
        }
        if (p.tab >= 0 && p.tab !== t) return { message: 'incompatible tabs', usage: false };
        p.tab = t;
        return 'operand';
      }
      case 'i':
        p.ignoreCase = true;
        return 'operand';
      case 'z':
        p.eol = 0;
        return 'operand';
      default:
        return 'operand';
    }
  };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    let st: Status | JoinError = 'operand';
    if (a === '--') {
      i++;
      break;
    }
    if (a.startsWith('--')) {
      const name = a.slice(2).split('=')[0]!;
      const hits = LONGS.filter((l) => l.startsWith(name));
      const full = LONGS.includes(name) ? name : hits[0] ?? name;
      if (full === 'ignore-case') p.ignoreCase = true;
      else if (full === 'check-order') p.check = 'enabled';
      else if (full === 'nocheck-order') p.check = 'disabled';
      else if (full === 'zero-terminated') p.eol = 0;
      else if (full === 'header') p.header = true;
    } else if (a.length > 1 && a[0] === '-') {
      for (let k = 1; k < a.length; k++) {
        const letter = a[k]!;
        if (WITH_VALUE.includes(letter)) {
          let value: string;
          if (k + 1 < a.length) value = a.slice(k + 1);
          else value = args[++i] ?? '';
          st = option(letter, value, letter === 'j' && k === 1 && a.length === 3);
          break;
        }
        st = option(letter, '', false);
      }
    } else {
      st = addFile(a);
    }
    if (typeof st === 'object') return st;
    prev = st;
  }
  prev = 'operand';
  for (; i < args.length; i++) {
    const st = addFile(args[i]!);
    if (typeof st === 'object') return st;
  }
  if (nfiles !== 2) {
    return { message: nfiles === 0 ? 'missing operand' : `missing operand after ${quote(args[args.length - 1]!)}`, usage: true };
  }
  for (let k = 0; k < 2; k++) {
    if (jcount[k] !== 0) {
      const e = setField(1, k) ?? setField(2, k);
      if (e) return e;
    }
  }
  if (p.field1 === SIZE_MAX) p.field1 = 0;
  if (p.field2 === SIZE_MAX) p.field2 = 0;
  return p;
}
