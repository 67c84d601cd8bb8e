// State shared by every view of one sandbox: the open roots, the walker, the mode, and a small
// cache of resolved working directories (so `cat f` in a loop does not re-walk from the root).

import * as fs from 'node:fs';
import { fail, ok } from './errors.js';
import { native, type Native } from './native.js';
import { nativePath } from './paths.js';
import { compsOf, openRoots, owningRoot, type Root } from './roots.js';
import type { Result } from './types.js';
import { closeQuietly, Cursor, Walker } from './walk.js';

const CWD_CACHE_SIZE = 16;

interface CachedDir {
  root: Root;
  names: string[];
  fd: number;
  physical: string;
  dev: number;
  ino: number;
  /** walks currently using fd (a nested walk, as in rename, may evict the entry meanwhile) */
  users: number;
  /** evicted: close fd when the last user is done */
  doomed: boolean;
}

export type SandboxMode = 'read-only' | 'remediation';

export class SandboxCore {
  readonly roots: Root[];
  readonly walker: Walker;
  private readonly cwdCache = new Map<string, CachedDir>();
  /**
   * Working directories that are a root: the walk to them is lexical (it never touches the
   * filesystem above a root) and ends on the root's own descriptor, so its outcome depends on
   * the configuration alone and is remembered (`cat *` in a root opens 10,000 files from it).
   */
  private readonly rootCwds = new Map<string, Root>();
  private closed = false;

  constructor(
    specs: readonly string[],
    readonly mode: SandboxMode,
    warn: (msg: string) => void,
    readonly nat: Native = native(),
  ) {
    this.roots = openRoots(specs, nat, warn);
    this.walker = new Walker(this.roots, nat);
  }

  /**
   * A borrowed cursor at `cwd`. A cached entry is reused only while the physical path still leads
   * to the same directory (one stat); otherwise the cwd is walked again from its root.
   */
  cwdCursor(cwd: string): Result<Cursor> {
    if (this.closed) return fail('EACCES');
    const root = this.rootCwds.get(cwd);
    if (root !== undefined) return ok(new Cursor(root, [], root.fd, false));
    const hit = this.cwdCache.get(cwd);
    if (hit) {
      try {
        const st = fs.statSync(nativePath(hit.physical));
        if (st.dev === hit.dev && st.ino === hit.ino) return ok(this.lend(hit));
      } catch {
        // gone or moved: fall through to a fresh walk
      }
      this.evict(cwd);
    }
    const r = this.walker.openDirectory(cwd.startsWith('/') ? cwd : `/${cwd}`);
    if (!r.ok) return r;
    const cur = r.value;
    if (!cur.owned) {
      // a root (borrowed descriptor, nothing below it walked): no fd of ours to cache
      if (cur.names.length === 0 && cur.fd === cur.root.fd && this.rootCwds.size < CWD_CACHE_SIZE) this.rootCwds.set(cwd, cur.root);
      return ok(cur);
    }
    let st: fs.Stats;
    try {
      st = fs.fstatSync(cur.fd);
    } catch {
      cur.release();
      return fail('ENOENT');
    }
    if (this.cwdCache.size >= CWD_CACHE_SIZE) this.evict(this.cwdCache.keys().next().value!);
    const entry: CachedDir = {
      root: cur.root, names: cur.names.slice(), fd: cur.fd, physical: cur.path, dev: st.dev, ino: st.ino, users: 0, doomed: false,
    };
    this.cwdCache.set(cwd, entry);
    return ok(this.lend(entry));
  }

  /** a cursor on a cached fd; the fd stays open until every such cursor has let go of it */
  private lend(e: CachedDir): Cursor {
    e.users++;
    return new Cursor(e.root, e.names.slice(), e.fd, false, () => {
      e.users--;
      if (e.doomed && e.users === 0) closeQuietly(e.fd);
    });
  }

  private evict(key: string): void {
    const e = this.cwdCache.get(key);
    if (!e) return;
    this.cwdCache.delete(key);
    e.doomed = true;
    if (e.users === 0) closeQuietly(e.fd);
  }

  /** may a physical location be written: remediation mode and its most specific root is :rw */
  writablePhysical(physical: string): boolean {
    if (this.mode !== 'remediation' || this.closed) return false;
    const root = owningRoot(this.roots, physical);
    return root !== null && root.spec.mode === 'rw';
  }

  /**
   * Is this physical path a root or an ancestor of one. Such a directory is configuration, not
   * content: renaming or removing it would move a root (or carry a :ro root under a :rw one).
   */
  holdsRoot(physical: string): boolean {
    const comps = compsOf(physical);
    return this.roots.some((r) => r.realComps.length >= comps.length && comps.every((c, i) => r.realComps[i] === c));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.walker.disabled = true;
    for (const key of [...this.cwdCache.keys()]) this.evict(key);
    for (const r of this.roots) closeQuietly(r.fd);
  }
}
