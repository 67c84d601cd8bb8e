// Pathname expansion through the sandbox (readdir/stat only).
//
//   expandGlob(pattern, fs, opts) → string[] | GlobError
//
// - `pattern` uses the escaped convention of pattern.ts (quoted characters behind a backslash).
// - Returns the sorted matches (C locale: code-unit order, as bash's strcmp), or [] when nothing
//   matched: nullglob/failglob are the caller's business. A pattern without glob characters comes
//   back as its literal text (one word).
// - Relative patterns resolve against fs.cwd and yield relative paths, spelled as written
//   (`./*` → `./a`); absolute ones work inside the roots. A directory the sandbox refuses simply
//   yields no matches.
// - Hidden names match only with dotglob or an explicit leading `.`; `.` and `..` never match.
// - globstar: a `**` component matches any depth of directories (symlinked directories are listed
//   but not entered); `**` last lists everything below; `**/` lists directories.
// - A trailing `/` keeps directories only (symlinks to directories count), output with the slash.
// - `budget` is shared by the caller across a run; exceeding it returns a GlobError.

import type { SandboxFS } from '../../../allowedpaths/types.js';
import { compilePattern, hasGlobChars, unescapePattern } from '../../../lib/pattern/pattern.js';

export interface GlobBudget {
  /** readdir calls made so far in this run (updated) */
  readdirCalls: number;
  maxReaddirCalls: number;
  /** directory entries one expansion may examine */
  maxEntries: number;
}

export interface GlobOptions {
  dotglob?: boolean;
  nocaseglob?: boolean;
  globstar?: boolean;
  extglob?: boolean;
  /** bash's globskipdots (default on): off, a pattern starting with `.` also matches `.` and `..` */
  globskipdots?: boolean;
  budget?: GlobBudget;
}

export interface GlobError {
  error: string;
}

export function isGlobError(r: string[] | GlobError): r is GlobError {
  return !Array.isArray(r);
}

/** split on unescaped `/` (a backslash pair stays inside its component) */
function splitComponents(p: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\' && i + 1 < p.length) {
      cur += c + p[i + 1];
      i++;
    } else if (c === '/') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

class BudgetExceeded {
  constructor(readonly message: string) {}
}

interface Walker {
  fs: SandboxFS;
  opts: GlobOptions;
  entries: number;
}

function listDir(w: Walker, dir: string): { name: string; isDir: boolean; isLink: boolean }[] {
  const b = w.opts.budget;
  if (b && ++b.readdirCalls > b.maxReaddirCalls) {
    throw new BudgetExceeded(`glob: too many directory reads (limit ${b.maxReaddirCalls})`);
  }
  const r = w.fs.readdir(dir === '' ? '.' : dir);
  if (!r.ok) return [];
  w.entries += r.value.length;
  if (b && w.entries > b.maxEntries) throw new BudgetExceeded(`glob: too many entries (limit ${b.maxEntries})`);
  return r.value.map((e) => ({ name: e.name, isDir: e.type === 'dir', isLink: e.type === 'symlink' }));
}

/** the path to hand to the sandbox for a display prefix ('' is the cwd) */
function dirPath(prefix: string): string {
  return prefix === '' ? '.' : prefix;
}

function isDirectory(w: Walker, path: string): boolean {
  const r = w.fs.stat(path);
  return r.ok && r.value.type === 'dir';
}

function exists(w: Walker, path: string): boolean {
  return w.fs.lstat(path).ok;
}

/** names in `prefix` matching one pattern component */
function matchComponent(w: Walker, prefix: string, comp: string): string[] {
  const pat = compilePattern(comp, { extglob: w.opts.extglob, nocase: w.opts.nocaseglob });
  const explicitDot = comp.startsWith('.') || comp.startsWith('\\.');
  const out: string[] = [];
  if (explicitDot && w.opts.globskipdots === false) {
    for (const dots of ['.', '..']) if (pat.test(dots)) out.push(prefix + dots);
  }
  for (const e of listDir(w, prefix)) {
    if (e.name[0] === '.' && !explicitDot && !w.opts.dotglob) continue;
    if (pat.test(e.name)) out.push(prefix + e.name);
  }
  return out;
}

/** every path below `prefix` (for `**`): dirs only or everything; symlinks are not entered */
function walkBelow(w: Walker, prefix: string, dirsOnly: boolean, out: string[]): void {
  for (const e of listDir(w, prefix)) {
    if (e.name[0] === '.' && !w.opts.dotglob) continue;
    const path = prefix + e.name;
    const isDir = e.isDir || (e.isLink && isDirectory(w, path));
    if (isDir) {
      out.push(path + (dirsOnly ? '/' : ''));
      if (e.isDir) walkBelow(w, path + '/', dirsOnly, out);
    } else if (!dirsOnly) out.push(path);
  }
}

export function expandGlob(pattern: string, fs: SandboxFS, opts: GlobOptions = {}): string[] | GlobError {
  if (!hasGlobChars(pattern, !!opts.extglob)) return [unescapePattern(pattern)];
  const w: Walker = { fs, opts, entries: 0 };
  try {
    let comps = splitComponents(pattern);
    // bash reads `**/**` as one `**`: each file once, not once per way to split its path
    if (opts.globstar) comps = comps.filter((c, k) => !(c === '**' && comps[k - 1] === '**'));
    return walk(w, comps).sort(compareC);
  } catch (e) {
    if (e instanceof BudgetExceeded) return { error: e.message };
    throw e;
  }
}

function compareC(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function walk(w: Walker, comps: string[]): string[] {
  // candidates are display prefixes, each ending in '/' (or '' for the cwd)
  let cands: string[] = [''];
  const last = comps.length - 1;
  let literalTail = false; // the last component was literal: check existence at the end
  for (let k = 0; k <= last; k++) {
    const comp = comps[k]!;
    const isLast = k === last;
    if (isLast && comp === '' && k > 0) {
      // trailing slash: directories only
      return cands.filter((c) => isDirectory(w, c)).map((c) => c);
    }
    if (w.opts.globstar && comp === '**') {
      const next: string[] = [];
      for (const c of cands) {
        if (isLast) {
          if (c !== '') next.push(c);
          walkBelow(w, c, false, next);
        } else if (k + 1 === last && comps[last] === '') {
          // `**/`: directories at any depth, with their slash
          if (c !== '') next.push(c);
          walkBelow(w, c, true, next);
        } else {
          next.push(c);
          const dirs: string[] = [];
          walkBelow(w, c, true, dirs);
          next.push(...dirs);
        }
      }
      if (isLast || (k + 1 === last && comps[last] === '')) return next;
      cands = next;
      literalTail = false;
      continue;
    }
    const sep = isLast ? '' : '/';
    if (!hasGlobChars(comp, !!w.opts.extglob)) {
      const text = unescapePattern(comp);
      cands = cands.map((c) => c + text + sep);
      literalTail = isLast;
      continue;
    }
    const next: string[] = [];
    for (const c of cands) for (const m of matchComponent(w, c, comp)) next.push(m + sep);
    cands = next;
    literalTail = false;
    if (cands.length === 0) return [];
  }
  if (literalTail) return cands.filter((c) => exists(w, dirPath(c)));
  return cands;
}
