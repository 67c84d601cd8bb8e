// The files ripgrep 13 searches under a directory operand, as its `ignore` crate walks: hidden
// entries skipped (unless --hidden), .rgignore, .ignore and .gitignore read in each directory and
// its parents (a .gitignore only inside a git repository: a `.git` in that directory or above),
// -g/--iglob overrides first, then ignore files, then -t/-T types, then hidden-ness. Symlinks are
// followed only with -L. Everything is read through the sandbox (ctx.fs), so a link or a path
// that leaves the allowed roots cannot be listed or read. Order: rg is parallel and unordered;
// rshell walks depth first with each directory's entries sorted by name, which is what
// `rg --sort path` prints, so the output is deterministic.

import type { CallContext } from '../types.js';
import type { FileType } from '../../allowedpaths/types.js';
import { type GlobRule, matchRules, parseGitignoreLine, parseIgnoreFile } from './globs.js';
import type { RgOptions } from './options.js';
import type { TypeMatcher } from './types.js';

interface Level {
  /** the directory, absolute */
  abs: string;
  custom: GlobRule[];
  dot: GlobRule[];
  git: GlobRule[];
  hasGit: boolean;
  /** a directory above the walk's root (rg reads those too) */
  parent?: boolean;
}

export interface WalkHooks {
  /** a file to search; returns true to stop the walk (-q matched) */
  file(path: string, display: string): Promise<boolean>;
  error(text: string): Promise<void>;
}

function join(dir: string, name: string): string {
  if (dir === '') return name;
  return dir.endsWith('/') ? dir + name : dir + '/' + name;
}

function absolute(cwd: string, path: string): string {
  const parts: string[] = [];
  for (const p of (path.startsWith('/') ? path : cwd + '/' + path).split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return '/' + parts.join('/');
}

export class Walker {
  private readonly overrides: GlobRule[];
  private readonly whitelists: number;
  private readonly explicit: GlobRule[][] = [];

  constructor(
    private readonly ctx: CallContext,
    private readonly opts: RgOptions,
    private readonly types: TypeMatcher,
    private readonly hooks: WalkHooks,
  ) {
    this.overrides = [];
    for (const g of opts.globs) {
      const r = parseGitignoreLine(g.glob, g.icase || opts.globCaseInsensitive);
      if (r !== null) this.overrides.push(r);
    }
    this.whitelists = this.overrides.filter((r) => !r.negated).length;
  }

  /** --ignore-file files; a missing one is reported as rg does and skipped */
  async loadExplicit(): Promise<void> {
    if (this.opts.noIgnoreFiles) return;
    for (const f of this.opts.ignoreFiles) {
      const r = this.ctx.fs.readFile(f, this.ctx.limits.maxFileBytes);
      if (!r.ok) {
        if (!this.opts.noMessages) await this.hooks.error(`${f}: ${r.error.detail ?? r.error.message}\n`);
        continue;
      }
      this.explicit.push(parseIgnoreFile(Buffer.from(r.value).toString('latin1'), this.opts.ignoreFileCaseInsensitive));
    }
  }

  private readRules(dir: string, name: string): GlobRule[] {
    const r = this.ctx.fs.readFile(join(dir, name), this.ctx.limits.maxFileBytes);
    if (!r.ok) return [];
    return parseIgnoreFile(Buffer.from(r.value).toString('latin1'), this.opts.ignoreFileCaseInsensitive);
  }

  private level(fsDir: string, abs: string): Level {
    const o = this.opts;
    const hasGit = o.requireGit && !o.noIgnoreVcs ? this.ctx.fs.lstat(join(fsDir, '.git')).ok : false;
    return {
      abs,
      custom: o.noIgnoreDot ? [] : this.readRules(fsDir, '.rgignore'),
      dot: o.noIgnoreDot ? [] : this.readRules(fsDir, '.ignore'),
      git: o.noIgnoreVcs ? [] : this.readRules(fsDir, '.gitignore'),
      hasGit,
    };
  }

  /** the levels above a root directory (its parents), nearest first */
  private parents(abs: string): Level[] {
    if (this.opts.noIgnoreParent) return [];
    const out: Level[] = [];
    let dir = abs;
    while (dir !== '/') {
      dir = dir.slice(0, dir.lastIndexOf('/')) || '/';
      out.push({ ...this.level(dir, dir), parent: true });
    }
    return out;
  }

  /** the ignore files' verdict on an absolute path (levels: nearest first) */
  private ignored(levels: readonly Level[], abs: string, isDir: boolean, parentAbs: string): 'ignore' | 'whitelist' | null {
    const anyGit = !this.opts.requireGit || levels.some((l) => l.hasGit);
    let custom: ReturnType<typeof matchRules> = null;
    let dot: ReturnType<typeof matchRules> = null;
    let git: ReturnType<typeof matchRules> = null;
    let sawGit = false;
    for (const l of levels) {
      const path = l.parent === true ? parentAbs : abs;
      if (l.abs !== '/' && !path.startsWith(l.abs + '/')) continue;
      const rel = l.abs === '/' ? path.slice(1) : path.slice(l.abs.length + 1);
      if (custom === null && l.custom.length > 0) custom = matchRules(l.custom, rel, isDir);
      if (dot === null && l.dot.length > 0) dot = matchRules(l.dot, rel, isDir);
      if (anyGit && !sawGit && git === null && l.git.length > 0) git = matchRules(l.git, rel, isDir);
      sawGit = sawGit || l.hasGit;
    }
    let explicit: ReturnType<typeof matchRules> = null;
    for (let k = this.explicit.length - 1; k >= 0 && explicit === null; k--) {
      // --ignore-file globs are matched against the path relative to the cwd
      const rel = abs.startsWith(this.ctx.cwd + '/') ? abs.slice(this.ctx.cwd.length + 1) : abs;
      explicit = matchRules(this.explicit[k]!, rel, isDir); // k in range
    }
    return custom ?? dot ?? git ?? explicit;
  }

  /** the `ignore` crate's decision for one entry met in the walk */
  private skip(levels: readonly Level[], display: string, abs: string, name: string, isDir: boolean): boolean {
    if (this.overrides.length > 0) {
      const rel = display.startsWith('./') ? display.slice(2) : display;
      const m = matchRules(this.overrides, rel, isDir);
      if (m !== null) return m === 'whitelist'; // an override's `!glob` excludes, a glob includes
      if (this.whitelists > 0 && !isDir) return true;
    }
    let whitelisted = false;
    // the `ignore` crate matches parents' rules against the root joined with the path as walked
    // (`sub/x` under root `sub` is `ROOT/sub/sub/x` there): rules with a `/` rarely match
    const walked = display.startsWith('./') ? display.slice(2) : display;
    const parentAbs = this.rootAbs === '/' ? '/' + walked : this.rootAbs + '/' + walked;
    const ig = this.ignored(levels, abs, isDir, parentAbs);
    if (ig === 'ignore') return true;
    if (ig === 'whitelist') whitelisted = true;
    if (!isDir) {
      const t = this.types.matched(name);
      if (t === 'ignore') return true;
      if (t === 'whitelist') whitelisted = true;
    }
    return !whitelisted && !this.opts.hidden && name.startsWith('.');
  }

  /** walk a directory operand; true when the search should stop */
  private rootAbs = '/';

  async walkRoot(path: string, display: string): Promise<boolean> {
    const abs = absolute(this.ctx.cwd, path);
    this.rootAbs = abs;
    const levels = [this.level(path, abs), ...this.parents(abs)];
    return this.walkDir(path, display, abs, levels, 1, new Set());
  }

  private async walkDir(path: string, display: string, abs: string, levels: Level[], depth: number, seen: Set<string>): Promise<boolean> {
    this.ctx.checkAbort();
    if (this.opts.maxDepth !== null && depth > this.opts.maxDepth) return false;
    const listing = this.ctx.fs.readdir(path);
    if (!listing.ok) {
      if (!this.opts.noMessages) await this.hooks.error(`${display || '.'}: ${listing.error.detail ?? listing.error.message}\n`);
      return false;
    }
    const entries = [...listing.value].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (this.opts.sortReverse) entries.reverse();
    for (const entry of entries) {
      const childPath = join(path, entry.name);
      const childDisplay = join(display, entry.name);
      const childAbs = abs === '/' ? '/' + entry.name : abs + '/' + entry.name;
      let type: FileType = entry.type;
      if (type === 'symlink') {
        if (!this.opts.follow) continue;
        const st = this.ctx.fs.stat(childPath);
        if (!st.ok) {
          if (!this.opts.noMessages) await this.hooks.error(`${childDisplay}: ${st.error.detail ?? st.error.message}\n`);
          continue;
        }
        type = st.value.type;
      }
      const isDir = type === 'dir';
      if (this.skip(levels, childDisplay, childAbs, entry.name, isDir)) continue;
      if (isDir) {
        const st = this.opts.follow ? this.ctx.fs.stat(childPath) : null;
        const key = st?.ok === true ? `${st.value.dev}:${st.value.ino}` : null;
        if (key !== null && seen.has(key)) {
          if (!this.opts.noMessages) await this.hooks.error(`File system loop found: ${childDisplay} points to an ancestor ${display || '.'}\n`);
          continue;
        }
        if (key !== null) seen.add(key);
        const stop = await this.walkDir(childPath, childDisplay, childAbs, [this.level(childPath, childAbs), ...levels], depth + 1, seen);
        if (key !== null) seen.delete(key);
        if (stop) return true;
        continue;
      }
      if (type !== 'file') continue;
      if (await this.hooks.file(childPath, childDisplay)) return true;
    }
    return false;
  }
}
