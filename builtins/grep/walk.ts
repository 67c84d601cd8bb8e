// Which inputs grep searches: `-` (stdin), files, and with -r/-R the files under directories, in
// directory order as GNU's fts walk gives them. -r skips symlinks met during the walk; -R follows
// them (through the sandbox, so only inside the allowed roots) and remembers visited directories
// to avoid loops. --include/--exclude/--exclude-dir match base names, on the command line too.

import type { ByteReader } from '../../src/io/streams.js';
import { EMPTY_READER } from '../../src/io/pipe.js';
import type { CallContext } from '../types.js';
import type { FileType } from '../../allowedpaths/types.js';
import { matchPattern } from '../../src/interp/pattern.js';
import type { GrepOptions } from './options.js';

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

function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const i = trimmed.lastIndexOf('/');
  return i < 0 ? trimmed : trimmed.slice(i + 1);
}

function joinPath(dir: string, name: string): string {
  if (dir === '') return name;
  const trimmed = dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
  return trimmed === '/' ? '/' + name : trimmed + '/' + name;
}

const isDevice = (t: FileType): boolean => t === 'char' || t === 'block' || t === 'fifo' || t === 'socket';

class Walker {
  private readonly visited = new Set<string>();
  constructor(
    private readonly ctx: CallContext,
    private readonly opts: GrepOptions,
    private readonly cb: WalkCallbacks,
  ) {}

  fileExcluded(name: string): boolean {
    const base = baseName(name);
    const o = this.opts;
    if (o.include.length > 0 && !o.include.some((g) => matchPattern(base, g))) {
      // GNU: --exclude given after --include still applies; an include list filters everything else out
      return true;
    }
    return o.exclude.some((g) => matchPattern(base, g));
  }

  dirExcluded(name: string): boolean {
    const base = baseName(name);
    return this.opts.excludeDir.some((g) => matchPattern(base, g));
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
    const entries = this.ctx.fs.readdir(path);
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
      if (!implicitDot && walker.dirExcluded(operand)) return false;
      return walker.walk(operand, implicitDot ? '' : operand, 0);
    }
    await cb.onError(operand, 'Is a directory');
    // GNU reads it as a file whose read failed: still counted (-c: `d:0`) and listed (-L)
    return cb.onTarget({ reader: EMPTY_READER, displayName: operand, isStdin: false, fromRecursion: false, close: () => {} });
  }
  if (walker.fileExcluded(operand)) return false;
  if (isDevice(type) && opts.devices === 'skip') return false;
  return walker.open(operand, operand, false);
}
