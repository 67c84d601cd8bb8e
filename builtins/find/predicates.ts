// The table of find's tests, actions and options: arity, kind, and a builder that checks the
// argument (GNU's error texts) and returns the evaluator. -exec lives in exec.ts.

import type { FileType } from '../../allowedpaths/types.js';
import { compilePattern, matchPattern } from '../../lib/pattern/pattern.js';
import { isAscii } from '../../lib/text/bytes.js';
import { dateColumn } from '../internal/file-fields.js';
import { quote } from '../internal/quote.js';
import { parseDateOption } from '../internal/dates.js';
import type { FindEnv } from './env.js';
import { compareNum, parseIntArg, parseLevel, parseSizeArg, parseTimeArg, sizeMatches, type NumArg } from './numbers.js';
import { parsePerm, permMatches } from './perm.js';
import { baseName, compilePrintf, lsLine } from './printf.js';
import { compileFindRegex, isRegexType, unknownRegexType } from './regex.js';
import { hugeGlob } from './huge-glob.js';
import type { Entry, Evaluate } from './types.js';

export type PredKind = 'test' | 'action' | 'option';

export interface PredSpec {
  arity: 0 | 1;
  kind: PredKind;
  /** an error message (string) or the evaluator */
  build(env: FindEnv, arg: string, name: string): Evaluate | string;
}

const TRUE: Evaluate = () => true;

const TYPE_OF_LETTER: Record<string, FileType | null> = {
  f: 'file', d: 'dir', l: 'symlink', p: 'fifo', c: 'char', b: 'block', s: 'socket', D: null,
};

/** -type/-xtype lists: `f`, `f,d` with GNU's checks */
function parseTypes(pred: string, arg: string): Set<FileType> | string {
  if (arg === '') return `Arguments to ${pred} should contain at least one letter`;
  const set = new Set<FileType>();
  const seen = new Set<string>();
  let i = 0;
  for (;;) {
    const ch = arg[i]!; // arg is not empty, and the loop goes on only while i < arg.length
    if (!(ch in TYPE_OF_LETTER)) return `Unknown argument to ${pred}: ${ch}`;
    if (seen.has(ch)) return `Duplicate file type '${ch}' in the argument list to ${pred}.`;
    seen.add(ch);
    const t = TYPE_OF_LETTER[ch];
    if (t) set.add(t);
    i++;
    if (i >= arg.length) return set;
    if (arg[i] !== ',') return `Must separate multiple arguments to ${pred} using: ','`;
    i++;
    if (i >= arg.length) return `Last file type in list argument to ${pred} is missing, i.e., list is ending on: ','`;
  }
}

/** the name -name matches: the base name, trailing slashes removed */
function nameOf(e: Entry): string {
  if (e.name !== undefined) return e.name;
  const b = baseName(e.path);
  return b.length > 1 ? b.replace(/\/+$/, '') : b;
}

const info = (f: (e: Entry & { info: NonNullable<Entry['info']> }) => boolean): Evaluate => (e) =>
  e.info !== undefined && f(e as Entry & { info: NonNullable<Entry['info']> });

/**
 * A test with one argument that must parse first: `parse` returns GNU's error text (a string) or
 * the value, and `evaluator` turns the value into the test.
 */
function parsedTest<T extends object | number>(
  parse: (arg: string, name: string) => T | string,
  evaluator: (env: FindEnv, value: T) => Evaluate,
): PredSpec {
  return {
    arity: 1,
    kind: 'test',
    build: (env, arg, name) => {
      const value = parse(arg, name);
      return typeof value === 'string' ? value : evaluator(env, value);
    },
  };
}

const timeArg = (arg: string, name: string): NumArg | string => parseTimeArg(name, arg);

/**
 * glibc fnmatch: a `[` without its `]` is a literal, except when the pattern ends inside a range
 * (`[a-`), which matches nothing.
 */
function endsInsideRange(p: string): boolean {
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '\\') {
      i++;
      continue;
    }
    if (p[i] !== '[') continue;
    let j = i + 1;
    if (p[j] === '!' || p[j] === '^') j++;
    if (p[j] === ']') j++;
    const close = p.indexOf(']', j);
    if (close >= 0) {
      i = close;
      continue;
    }
    return /[^-]-$/.test(p.slice(j)) || /-[^\]]$/.test(p.slice(j)) ? /-/.test(p.slice(j)) : false;
  }
  return false;
}

function globTest(subject: (e: Entry, env: FindEnv) => string | undefined, nocase: boolean): PredSpec {
  return {
    arity: 1,
    kind: 'test',
    build: (env, pat) => {
      if (endsInsideRange(pat)) return () => false;
      // compiled once for the run (matchPattern would look it up per entry); names that are not
      // ASCII go through matchPattern, which matches them as bytes
      let compiled: { test(s: string): boolean } | null;
      try {
        compiled = isAscii(pat) ? compilePattern(pat, { nocase }) : null;
        // V8 compiles a RegExp at its first run, and that is where a source too large throws
        compiled?.test('');
      } catch {
        // past V8's limits (a 1 MB pattern): fnmatch, as GNU find, takes any size
        const huge = hugeGlob(pat, nocase);
        return (e) => {
          const s = subject(e, env);
          return s !== undefined && huge(s);
        };
      }
      // `*.log`: a star and then plain ASCII text is a suffix test (UTF-8 and the escaped raw
      // bytes of other names never contain ASCII, so comparing strings is comparing bytes)
      const suffix = !nocase && /^\*[^*?[\]\\]+$/.test(pat) && isAscii(pat) ? pat.slice(1) : null;
      if (suffix !== null) {
        return (e) => {
          const s = subject(e, env);
          return s?.endsWith(suffix) === true;
        };
      }
      let huge: ((s: string) => boolean) | null = null;
      return (e) => {
        const s = subject(e, env);
        if (s === undefined) return false;
        if (compiled !== null && isAscii(s)) return compiled.test(s);
        if (huge !== null) return huge(s);
        try {
          return matchPattern(s, pat, { nocase });
        } catch {
          huge = hugeGlob(pat, nocase);
          return huge(s);
        }
      };
    },
  };
}

function linkTarget(e: Entry, env: FindEnv): string | undefined {
  if (e.info?.type !== 'symlink') return undefined;
  const r = env.ctx.fs.readlink(e.path);
  return r.ok ? r.value : undefined;
}

function regexTest(icase: boolean): PredSpec {
  return {
    arity: 1,
    kind: 'test',
    build: (env, pat) => {
      const r = compileFindRegex(pat, env.regexType, icase, () => env.ctx.checkAbort());
      if (!r.ok) return r.message;
      return (e) => r.test(e.path);
    },
  };
}

type TimeField = 'atimeMs' | 'mtimeMs' | 'ctimeMs';

/** -mtime & co: whole days, truncated (GNU: `-mtime 0` is the last 24 hours) */
function daysTest(field: TimeField): PredSpec {
  return parsedTest(timeArg, (env, n) => {
    const now = env.nowMs;
    return info((e) => {
      const origin = env.dayStart ? startOfTomorrow(now) : now;
      return compareNum(Math.floor((origin - e.info[field]) / 86_400_000), n);
    });
  });
}

function startOfTomorrow(nowMs: number): number {
  return Math.floor(nowMs / 86_400_000) * 86_400_000 + 86_400_000;
}

/** -mmin & co: GNU compares against now − N minutes with a one-minute window for `N` */
function minutesTest(field: TimeField): PredSpec {
  return parsedTest(timeArg, (env, n) => {
    const ref = env.nowMs - n.value * 60_000;
    return info((e) => {
      const t = e.info[field];
      if (n.cmp === 'gt') return t < ref;
      if (n.cmp === 'lt') return t > ref;
      return t >= ref && t < ref + 60_000;
    });
  });
}

function newerTest(field: TimeField): PredSpec {
  return {
    arity: 1,
    kind: 'test',
    build: (env, ref) => {
      const st = env.opts.symlinks === 'P' ? env.ctx.fs.lstat(ref) : env.ctx.fs.stat(ref);
      if (!st.ok) return `${quote(ref)}: ${st.error.detail ?? st.error.message}`;
      const refTime = st.value.mtimeMs;
      return info((e) => e.info[field] > refTime);
    },
  };
}

type NewerField = TimeField | 'birthtimeMs';
const NEWER_FIELD: Record<string, NewerField> = { a: 'atimeMs', B: 'birthtimeMs', c: 'ctimeMs', m: 'mtimeMs' };

/**
 * -newerXY REF: the entry's X time is after REF's Y time (Y = t: REF is a date). GNU's build
 * finds no birth times on this system, so B is its error; the date grammar is touch -d's.
 */
export function newerXY(env: FindEnv, name: string, ref: string | undefined): Evaluate | string {
  const x = name.charAt(6);
  const y = name.charAt(7);
  if (x === 'B' || y === 'B') return `This system does not provide a way to find the birth time of a file.\nfind: invalid predicate \`${name}'`;
  const field = NEWER_FIELD[x];
  const refField = NEWER_FIELD[y];
  if (field === undefined || (y !== 't' && refField === undefined)) return `invalid predicate \`${name}'`;
  if (ref === undefined) return `The ${quote(name)} test needs an argument`;
  let refTime: number;
  if (refField === undefined) {
    const t = parseDateOption(ref, env.nowMs);
    if (t === null) return `I cannot figure out how to interpret ${quote(ref)} as a date or time`;
    refTime = t;
  } else {
    const st = env.opts.symlinks === 'P' ? env.ctx.fs.lstat(ref) : env.ctx.fs.stat(ref);
    if (!st.ok) return `${quote(ref)}: ${st.error.detail ?? st.error.message}`;
    refTime = st.value[refField];
  }
  return info((e) => e.info[field] > refTime);
}

function intTest(get: (i: NonNullable<Entry['info']>) => number): PredSpec {
  return parsedTest(
    (arg, name) => parseIntArg(name, arg),
    (_env, n) => info((e) => compareNum(get(e.info), n)),
  );
}

function ownerTest(kind: 'user' | 'group'): PredSpec {
  return {
    arity: 1,
    kind: 'test',
    build: (_env, arg) => {
      // names need the password/group databases, which lie outside the sandbox: numbers and root only
      let id: number | undefined;
      if (/^[0-9]+$/.test(arg)) id = Number(arg);
      else if (arg === 'root') id = 0;
      if (id === undefined) return `'${arg}' is not the name of a known ${kind}`;
      const want = id;
      return info((e) => (kind === 'user' ? e.info.uid : e.info.gid) === want);
    },
  };
}

function accessTest(mode: 'r' | 'w' | 'x'): PredSpec {
  return { arity: 0, kind: 'test', build: (env) => (e) => env.ctx.fs.access(e.path, mode) };
}

function printAction(render: (e: Entry, env: FindEnv) => string): PredSpec {
  return {
    arity: 0,
    kind: 'action',
    build: (env) => (e) => {
      const p = env.out.writeString(render(e, env));
      return p ? p.then(() => true) : true;
    },
  };
}

function refused(why: string): PredSpec {
  return { arity: 0, kind: 'action', build: (_env, _arg, name) => `${name} is refused: ${why}` };
}

function levelOption(set: (env: FindEnv, n: number) => void): PredSpec {
  return {
    arity: 1,
    kind: 'option',
    build: (env, arg, name) => {
      const n = parseLevel(name, arg);
      if (typeof n === 'string') return n;
      set(env, n);
      return TRUE;
    },
  };
}

const flagOption = (set: (env: FindEnv) => void): PredSpec => ({
  arity: 0,
  kind: 'option',
  build: (env) => {
    set(env);
    return TRUE;
  },
});

const DEC_SIGNED = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

const WRITES = 'rshell builtins do not write or delete files';

export const PREDICATES: Record<string, PredSpec> = {
  '-name': globTest((e) => nameOf(e), false),
  '-iname': globTest((e) => nameOf(e), true),
  '-path': globTest((e) => e.path, false),
  '-wholename': globTest((e) => e.path, false),
  '-ipath': globTest((e) => e.path, true),
  '-iwholename': globTest((e) => e.path, true),
  '-lname': globTest(linkTarget, false),
  '-ilname': globTest(linkTarget, true),
  '-regex': regexTest(false),
  '-iregex': regexTest(true),
  '-type': parsedTest(
    (arg) => parseTypes('-type', arg),
    (_env, set) => (e) => {
      const t = e.type ?? e.info?.type;
      return t !== undefined && set.has(t);
    },
  ),
  '-xtype': parsedTest(
    (arg) => parseTypes('-xtype', arg),
    // the type "the other way": with -P follow the link, with -L do not
    (env, set) =>
      info((e) => {
        if (env.opts.symlinks === 'L') {
          const l = env.ctx.fs.lstat(e.path);
          return l.ok && set.has(l.value.type);
        }
        if (e.info.type !== 'symlink') return set.has(e.info.type);
        const t = env.statFollow(e.path);
        return set.has(t === undefined ? 'symlink' : t.type);
      }),
  ),
  '-size': parsedTest(parseSizeArg, (_env, s) => info((e) => sizeMatches(e.info.size, s))),
  '-empty': {
    arity: 0,
    kind: 'test',
    build: (env) => (e) => {
      const i = e.info;
      if (i === undefined) return false;
      if (i.type === 'file') return i.size === 0;
      if (i.type !== 'dir') return false;
      const r = env.ctx.fs.readdir(e.path, { maxEntries: 1 });
      if (r.ok) return r.value.length === 0;
      // GNU opens the directory and reports why it could not (status 1); the test is false
      return env.error(`${quote(e.path)}: ${r.error.detail ?? r.error.message}`).then(() => false);
    },
  },
  '-newer': newerTest('mtimeMs'),
  // same device and inode as FILE (stat'ed per -P/-L, as the entries are)
  '-samefile': {
    arity: 1,
    kind: 'test',
    build: (env, ref) => {
      const st = env.opts.symlinks === 'L' ? env.ctx.fs.stat(ref) : env.ctx.fs.lstat(ref);
      if (!st.ok) return `${quote(ref)}: ${st.error.detail ?? st.error.message}`;
      const { dev, ino } = st.value;
      return info((e) => e.info.ino === ino && e.info.dev === dev);
    },
  },
  // accessed N days after its status last changed; never true when atime < ctime (findutils 4.9)
  '-used': parsedTest(
    (arg) => (DEC_SIGNED.test(arg) ? parseTimeArg('-used', arg) : `Invalid argument ${arg} to -used`),
    (_env, n) =>
      info((e) => {
        const delta = e.info.atimeMs - e.info.ctimeMs;
        if (delta < 0) return false;
        const limit = n.value * 86_400_000;
        if (n.cmp === 'gt') return delta > limit;
        if (n.cmp === 'lt') return delta < limit;
        return delta >= limit - 86_400_000 && delta < limit;
      }),
  ),
  '-anewer': newerTest('atimeMs'),
  '-cnewer': newerTest('ctimeMs'),
  '-mtime': daysTest('mtimeMs'),
  '-atime': daysTest('atimeMs'),
  '-ctime': daysTest('ctimeMs'),
  '-mmin': minutesTest('mtimeMs'),
  '-amin': minutesTest('atimeMs'),
  '-cmin': minutesTest('ctimeMs'),
  '-perm': parsedTest(parsePerm, (_env, p) => info((e) => permMatches(e.info.mode, e.info.type === 'dir', p))),
  '-user': ownerTest('user'),
  '-group': ownerTest('group'),
  '-uid': intTest((i) => i.uid),
  '-gid': intTest((i) => i.gid),
  '-links': intTest((i) => i.nlink),
  '-inum': intTest((i) => i.ino),
  '-readable': accessTest('r'),
  '-writable': accessTest('w'),
  '-executable': accessTest('x'),
  '-true': { arity: 0, kind: 'test', build: () => TRUE },
  '-false': { arity: 0, kind: 'test', build: () => () => false },
  '-prune': {
    arity: 0,
    kind: 'test',
    build: (env) => (_e, w) => {
      if (!env.opts.depthFirst) w.prune = true;
      return true;
    },
  },
  // -quit stops at once: nothing after it in the expression runs (so `find dir -quit` prints nothing)
  '-quit': {
    arity: 0,
    kind: 'test',
    build: () => (_e, w) => {
      w.quit = true;
      return true;
    },
  },
  '-print': printAction((e) => e.path + '\n'),
  '-print0': printAction((e) => e.path + '\0'),
  '-ls': printAction((e, env) => lsLine(e, env.printfEnv(), env.nowMs, (ms, now) => dateColumn(ms, now, 'locale'))),
  '-printf': {
    arity: 1,
    kind: 'action',
    build: (env, fmt) => {
      const r = compilePrintf(fmt, (w) => env.warn(w));
      if (!r.ok) return r.message;
      const penv = env.printfEnv();
      return (e) => {
        const p = env.out.writeString(r.render(e, penv));
        return p ? p.then(() => true) : true;
      };
    },
  },
  '-delete': refused(WRITES),
  '-fprint': refused(WRITES + ' (redirect stdout instead)'),
  '-fprint0': refused(WRITES + ' (redirect stdout instead)'),
  '-fprintf': refused(WRITES + ' (redirect stdout instead)'),
  '-fls': refused(WRITES + ' (redirect stdout instead)'),
  '-ok': refused('it asks on the terminal, which rshell scripts do not have'),
  '-okdir': refused('it asks on the terminal, which rshell scripts do not have'),
  '-files0-from': refused('it reads a file not named as a starting point'),
  '-nouser': refused('rshell has no user database (use -uid N)'),
  '-nogroup': refused('rshell has no group database (use -gid N)'),
  '-fstype': refused('the sandbox does not report file system types'),
  '-maxdepth': levelOption((env, n) => (env.opts.maxDepth = n)),
  '-mindepth': levelOption((env, n) => (env.opts.minDepth = n)),
  '-depth': flagOption((env) => (env.opts.depthFirst = true)),
  '-d': flagOption((env) => (env.opts.depthFirst = true)),
  '-xdev': flagOption((env) => (env.opts.sameFs = true)),
  '-mount': flagOption((env) => (env.opts.sameFs = true)),
  '-follow': flagOption((env) => (env.opts.symlinks = 'L')),
  '-daystart': flagOption((env) => (env.dayStart = true)),
  '-noleaf': flagOption(() => {}),
  '-warn': flagOption(() => {}),
  '-nowarn': flagOption(() => {}),
  '-ignore_readdir_race': flagOption(() => {}),
  '-noignore_readdir_race': flagOption(() => {}),
  '-regextype': {
    arity: 1,
    kind: 'option',
    build: (env, arg) => {
      if (!isRegexType(arg)) return unknownRegexType(arg);
      env.regexType = arg;
      return TRUE;
    },
  },
};
