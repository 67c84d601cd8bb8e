// Which inputs grep searches: `-` (stdin), files, and with -r/-R the files under directories, in
// directory order as GNU's fts walk gives them. -r skips symlinks met during the walk; -R follows
// them (through the sandbox, so only inside the allowed roots) and remembers visited directories
// to avoid loops. --include/--exclude/--exclude-dir match base names in the walk, and command-line
// operands as typed (GNU grep 3.8's two exclude lists: anchored and unanchored).

import type { ByteReader } from '../../lib/io/streams.js';
import { EMPTY_READER } from '../../lib/io/pipe.js';
import type { CallContext } from '../types.js';
import type { FileType } from '../../allowedpaths/types.js';
import { matchPattern } from '../../lib/pattern/pattern.js';
import type { FileRule, GrepOptions } from './options.js';

export interface Target {
  reader: ByteReader;
  displayName: string;
  isStdin: boolean;
  fromRecursion: boolean;
  close(): void;
}

export interface WalkCallbacks {
  /** search one input; returns true to stop everything (-q matched) */
  onTarget(t: Target): Promise<boolean>;
  onError(name: string, message: string): Promise<void>;
}

const MAX_DEPTH = 4096;
const READDIR_ORDER = { maxEntries: Number.MAX_SAFE_INTEGER - 1 };

function joinPath(dir: string, name: string): string {
  if (dir === '') return name;
  const trimmed = dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
  return trimmed === '/' ? '/' + name : trimmed + '/' + name;
}

/**
 * gnulib exclude_fnmatch with grep's flags (fnmatch without FNM_PATHNAME or FNM_PERIOD: `*`
 * crosses `/`): anchored, the whole name; unanchored (command-line operands, as typed), the
 * name or any part of it after a `/`, so `--exclude=a.txt` skips `./a.txt` and
 * `--exclude=./a.txt` skips only `./a.txt`.
 */
function globMatches(glob: string, name: string, anchored: boolean): boolean {
  if (matchPattern(name, glob)) return true;
  if (anchored) return false;
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
    if (i + 1 < name.length && name[i + 1] !== '/' && matchPattern(name.slice(i + 1), glob)) return true;
  }
  return false;
}

/**
 * gnulib excluded_file_name: the last rule (in command-line order) whose glob matches decides;
 * when none matches, a name is skipped exactly when the first rule is an --include
 * (`--exclude=*.log --include=*.txt` keeps `words`, `--include=*.txt` alone skips it).
 */
function excludedBy(rules: readonly FileRule[], name: string, anchored: boolean): boolean {
  if (rules.length === 0) return false;
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if (globMatches(r.glob, name, anchored)) return !r.include;
  }
  return rules[0]!.include;
}

const isDevice = (t: FileType): boolean => t === 'char' || t === 'block' || t === 'fifo' || t === 'socket';

class Walker {
  private readonly visited = new Set<string>();
  constructor(
    private readonly ctx: CallContext,
    private readonly opts: GrepOptions,
    private readonly cb: WalkCallbacks,
  ) {}

  /** a file met during the walk: its base name, matched whole (gnulib's EXCLUDE_ANCHORED) */
  fileExcluded(name: string): boolean {
    return excludedBy(this.opts.fileRules, name, true);
  }

  /** a directory met during the walk, by its base name */
  dirExcluded(name: string): boolean {
    return this.opts.excludeDir.some((g) => globMatches(g, name, true));
  }

  async open(path: string, display: string, fromRecursion: boolean): Promise<boolean> {
    const r = this.ctx.fs.open(path);
    if (!r.ok) {
      await this.cb.onError(display, r.error.detail ?? r.error.message);
      return false;
    }
    const file = r.value;
    return this.cb.onTarget({ reader: file, displayName: display, isStdin: false, fromRecursion, close: () => file.close() });
  }

  async walk(path: string, display: string, depth: number): Promise<boolean> {
    this.ctx.checkAbort();
    if (depth > MAX_DEPTH) {
      await this.cb.onError(display, 'Too many levels of symbolic links');
      return false;
    }
    const st = this.ctx.fs.stat(path);
    if (st.ok) {
      const key = `${st.value.dev}:${st.value.ino}`;
      if (this.visited.has(key)) {
        await this.cb.onError(display, 'warning: recursive directory loop');
        return false;
      }
      this.visited.add(key);
    }
    // any maxEntries selects the sandbox's streaming listing, which keeps the OS (readdir) order
    // GNU grep's fts walks in (the plain listing comes back sorted); this one never truncates
    const entries = this.ctx.fs.readdir(path, READDIR_ORDER);
    if (!entries.ok) {
      await this.cb.onError(display, entries.error.detail ?? entries.error.message);
      return false;
    }
    try {
      for (const entry of entries.value) {
        const childPath = joinPath(path, entry.name);
        const childDisplay = joinPath(display, entry.name);
        let type = entry.type;
        if (type === 'symlink') {
          if (!this.opts.dereference) continue;
          const t = this.ctx.fs.stat(childPath);
          if (!t.ok) {
            await this.cb.onError(childDisplay, t.error.detail ?? t.error.message);
            continue;
          }
          type = t.value.type;
        }
        if (type === 'dir') {
          if (this.dirExcluded(entry.name)) continue;
          if (await this.walk(childPath, childDisplay, depth + 1)) return true;
          continue;
        }
        // devices, FIFOs and sockets met during the walk are skipped (GNU's default -D read
        // applies to command-line operands only)
        if (isDevice(type)) continue;
        if (this.fileExcluded(entry.name)) continue;
        if (await this.open(childPath, childDisplay, true)) return true;
      }
    } finally {
      if (st.ok) this.visited.delete(`${st.value.dev}:${st.value.ino}`);
    }
    return false;
  }
}

/** Search one command-line operand; returns true to stop (-q matched). */
export async function collectTargets(
  ctx: CallContext,
  opts: GrepOptions,
  operand: string,
  implicitDot: boolean,
  cb: WalkCallbacks,
): Promise<boolean> {
  if (operand === '-') {
    return cb.onTarget({ reader: ctx.stdin, displayName: '-', isStdin: true, fromRecursion: false, close: () => {} });
  }
  const walker = new Walker(ctx, opts, cb);
  const st = ctx.fs.stat(operand);
  if (!st.ok) {
    await cb.onError(operand, st.error.detail ?? st.error.message);
    return false;
  }
  const type = st.value.type;
  if (type === 'dir') {
    if (opts.directories === 'skip') return false;
    if (opts.directories === 'recurse') {
      // GNU: the operand as typed, unanchored; the implicit "." of `grep -r PATTERN` never
      if (!implicitDot && opts.excludeDir.some((g) => globMatches(g, operand, false))) return false;
      return walker.walk(operand, implicitDot ? '' : operand, 0);
    }
    await cb.onError(operand, 'Is a directory');
    // GNU reads it as a file whose read failed: still counted (-c: `d:0`) and listed (-L)
    return cb.onTarget({ reader: EMPTY_READER, displayName: operand, isStdin: false, fromRecursion: false, close: () => {} });
  }
  if (isDevice(type) && opts.devices === 'skip') return false;
  if (excludedBy(opts.fileRules, operand, false)) return false;
  return walker.open(operand, operand, false);
}
