// Path resolution. A path is never handed to the kernel as a string: the walk starts from an open
// root (or the open working directory), opens one component at a time with no-follow, applies
// '..' to the directory actually reached (by re-walking the physical components we recorded), and
// resolves symlinks itself — a link is followed only when its target, walked the same way, stays
// inside some root. Every refusal is EACCES and is decided before anything outside is touched.

import * as fs from 'node:fs';
import { decode } from '../lib/io/encoding.js';
import { errnoOf, fail, fromNode, ok } from './errors.js';
import { joinPhysical, normalizeKeepDots, PATH_MAX, byteLength, splitPath } from './paths.js';
import type { DirRef, Native } from './native.js';
import { rootForComps, type Root } from './roots.js';
import type { FsError, Result } from './types.js';

/** kernel's MAXSYMLINKS */
export const MAX_SYMLINK_HOPS = 40;
/** directory opens one resolution may spend ('..' re-walks, link chains); beyond it: ELOOP */
const MAX_STEPS = 16384;

/** A directory reached by a walk: a root plus the physical components below it, and its fd. */
export class Cursor implements DirRef {
  constructor(
    public root: Root,
    public names: string[],
    public fd: number,
    /** we opened fd and must close it (root and cached cwd fds are borrowed) */
    public owned: boolean,
    /** for a borrowed cached fd: called once when this cursor stops using it */
    private lease?: () => void,
  ) {}

  private endLease(): void {
    const l = this.lease;
    this.lease = undefined;
    l?.();
  }

  get path(): string {
    let p = this.root.real;
    for (const n of this.names) p = joinPhysical(p, n);
    return p;
  }

  /** move to another fd, closing the one we owned */
  moveTo(fd: number, owned: boolean): void {
    if (this.owned) closeQuietly(this.fd);
    this.endLease();
    this.fd = fd;
    this.owned = owned;
  }

  release(): void {
    if (this.owned) closeQuietly(this.fd);
    this.endLease();
    this.owned = false;
    this.fd = -1;
  }
}

export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // closing is best effort; the fd is gone either way
  }
}

/**
 * What the caller does with the last component, given the directory holding it. `name` is '' when
 * the path denotes that directory itself (trailing slash, '.', '..', a root).
 *  - done: the final value;
 *  - symlink: the last component is a symlink and the operation follows links (the walk reads it,
 *    checks its target and calls again);
 *  - error: stop with this error.
 */
export type FinalStep<T> = { kind: 'done'; value: T } | { kind: 'symlink' } | { kind: 'error'; error: FsError };

export type FinalOp<T> = (dir: Cursor, name: string) => FinalStep<T>;

/** where an absolute path that names a device exception resolves */
export type DeviceHook<T> = (devicePath: string) => Result<T> | null;

interface WalkState {
  cursor: Cursor;
  /**
   * Set while the walk stands above the roots (an absolute path's start, or '..' out of a root):
   * the physical components reached so far. Nothing there is ever opened or looked at; the walk
   * may only move lexically toward a root (an ancestor of a root, or a root itself) and re-enters
   * through that root's own descriptor. Anything else is refused.
   */
  outside: string[] | null;
  queue: string[];
  dirOnly: boolean;
  hops: number;
  steps: number;
}

/** one component, nothing to clean: not empty, not '.' or '..', no '/' */
function isPlainName(path: string): boolean {
  return path !== '.' && path !== '..' && !path.includes('/');
}

/** a placeholder cursor while the walk is outside the roots */
function noCursor(root: Root): Cursor {
  return new Cursor(root, [], -1, false);
}

export class Walker {
  /** set by Sandbox.close(): the root fds are gone (and their numbers may be reused) */
  disabled = false;

  constructor(
    readonly roots: readonly Root[],
    readonly nat: Native,
  ) {}

  /** is `comps` a root (then that root) or a strict ancestor of one ('ancestor') */
  private classifyOutside(comps: readonly string[]): Root | 'ancestor' | null {
    let ancestor = false;
    for (const r of this.roots) {
      for (const rc of r.aliasComps ? [r.realComps, r.aliasComps] : [r.realComps]) {
        if (rc.length < comps.length) continue;
        let same = true;
        for (let i = 0; i < comps.length; i++) if (rc[i] !== comps[i]) { same = false; break; }
        if (!same) continue;
        if (rc.length === comps.length) return r;
        ancestor = true;
      }
    }
    return ancestor ? 'ancestor' : null;
  }

  /** stand at '/' (outside, unless '/' is a root) */
  private goOutside(st: WalkState, comps: string[]): Result<void> {
    const where = this.classifyOutside(comps);
    if (where === null) return fail('EACCES');
    st.cursor.release();
    if (where === 'ancestor') {
      // 'ancestor' comes from a root that lies below `comps`: roots[0] exists
      st.cursor = noCursor(this.roots[0]!);
      st.outside = comps;
    } else {
      st.cursor = new Cursor(where, [], where.fd, false);
      st.outside = null;
    }
    return ok(undefined);
  }

  /** one component while outside the roots: lexical, toward a root only */
  private stepOutside(st: WalkState, outside: string[]): Result<void> {
    const name = st.queue.shift();
    if (name === undefined) return fail('EACCES'); // nothing left to walk toward a root
    const comps = outside.slice();
    if (name === '..') comps.pop();
    else comps.push(name);
    return this.goOutside(st, comps);
  }

  /** open the physical directory `root`/`names` from scratch */
  private reopen(root: Root, names: string[], st: WalkState): Result<Cursor> {
    const cur = new Cursor(root, [], root.fd, false);
    for (const n of names) {
      if (++st.steps > MAX_STEPS) {
        cur.release();
        return fail('ELOOP');
      }
      let fd: number;
      try {
        fd = this.nat.openDir(cur, n);
      } catch {
        cur.release();
        return fail('ENOENT'); // the directory we came from vanished or was swapped for a link
      }
      cur.moveTo(fd, true);
      cur.names.push(n);
    }
    return ok(cur);
  }

  /** '..': the parent of the directory actually reached */
  private parentOf(st: WalkState): Result<void> {
    const cur = st.cursor;
    if (cur.names.length > 0) {
      const next = this.reopen(cur.root, cur.names.slice(0, -1), st);
      if (!next.ok) return next;
      cur.release();
      st.cursor = next.value;
      return ok(undefined);
    }
    if (cur.root.real === '/') return ok(undefined);
    const parentComps = cur.root.realComps.slice(0, -1);
    const hit = rootForComps(this.roots, parentComps, false);
    if (!hit) return this.goOutside(st, parentComps);
    const next = this.reopen(hit.root, parentComps.slice(hit.used), st);
    if (!next.ok) return next;
    cur.release();
    st.cursor = next.value;
    return ok(undefined);
  }

  /** read the link `name` in the cursor's directory ('not-a-link' when it is not one any more) */
  private readLink(st: WalkState, name: string): Result<string | null> {
    if (++st.hops > MAX_SYMLINK_HOPS) return fail('ELOOP');
    try {
      const target = decode(fs.readlinkSync(this.nat.child(st.cursor, name), { encoding: 'buffer' }));
      return target === '' ? fail('ENOENT') : ok(target);
    } catch (e) {
      return errnoOf(e) === 'EINVAL' ? ok(null) : { ok: false, error: fromNode(e) };
    }
  }

  /** continue the walk at a link's target, followed by the components still queued */
  private enterTarget(st: WalkState, target: string, rest: string[]): Result<void> {
    const split = splitPath(target);
    if (rest.length === 0) st.dirOnly = st.dirOnly || split.dirOnly;
    st.queue = split.comps.concat(rest);
    if (!split.absolute) return ok(undefined);
    return this.goOutside(st, []);
  }

  /** one intermediate component */
  private step(st: WalkState): Result<void> {
    const name = st.queue.shift();
    if (name === undefined) return ok(undefined); // run() steps only while a component is queued
    if (name === '..') return this.parentOf(st);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (++st.steps > MAX_STEPS) return fail('ELOOP');
      let fd: number;
      try {
        fd = this.nat.openDir(st.cursor, name);
      } catch (e) {
        const code = errnoOf(e);
        if (code !== 'ELOOP' && code !== 'ENOTDIR') return { ok: false, error: fromNode(e) };
        const link = this.readLink(st, name);
        if (!link.ok) return link;
        if (link.value !== null) return this.enterTarget(st, link.value, st.queue);
        if (code === 'ENOTDIR') return fail('ENOTDIR');
        continue; // ELOOP but not a link any more: it was swapped under us, look again
      }
      st.cursor.moveTo(fd, true);
      st.cursor.names.push(name);
      return ok(undefined);
    }
    return fail('ELOOP');
  }

  /**
   * Resolve `path` (relative paths start at `start()`), calling `finalOp` on the last component.
   * `parentMode`: a trailing slash does not make the last component intermediate (mkdir new/,
   * rmdir d/); write ops look at the slash themselves.
   */
  resolve<T>(
    path: string,
    start: () => Result<Cursor>,
    finalOp: FinalOp<T>,
    device: DeviceHook<T> | null,
    opts: { parentMode?: boolean } = {},
  ): Result<T> {
    if (this.disabled) return fail('EACCES');
    if (path === '' || path.includes('\0')) return fail('ENOENT');
    if (path.length > PATH_MAX / 4 && byteLength(path) >= PATH_MAX) return fail('ENAMETOOLONG');
    if (isPlainName(path)) return this.resolveName(path, start, finalOp, device);
    const split = splitPath(path);
    if (split.absolute && !split.dirOnly && device) {
      const dev = device(normalizeKeepDots(path));
      if (dev) return dev;
    }
    if (this.roots.length === 0) return fail('EACCES');
    const st: WalkState = { cursor: noCursor(this.roots[0]!), outside: null, queue: split.comps, dirOnly: split.dirOnly, hops: 0, steps: 0 };
    if (split.absolute) {
      const s = this.goOutside(st, []);
      if (!s.ok) return s;
    } else {
      const s = start();
      if (!s.ok) return s;
      st.cursor = s.value;
    }
    if (opts.parentMode && st.queue.length > 0 && st.queue[st.queue.length - 1] !== '..') st.dirOnly = false;
    return this.runToEnd(st, finalOp, device);
  }

  /** run() behind the boundary: no node exception leaves the sandbox, the cursor is released */
  private runToEnd<T>(st: WalkState, finalOp: FinalOp<T>, device: DeviceHook<T> | null): Result<T> {
    try {
      return this.run(st, finalOp, device);
    } catch (e) {
      // a final op that threw unexpectedly
      return { ok: false, error: fromNode(e) };
    } finally {
      st.cursor.release();
    }
  }

  /**
   * A plain name relative to the start (`cat *` hands over thousands): the final operation straight
   * on the start directory, which is what the walk below does for a one-component path, without
   * building its state. Only a symlink, which the walk must read and follow, goes the long way
   * (and the walk then looks at the name again, as it does whenever a link may have changed).
   */
  private resolveName<T>(name: string, start: () => Result<Cursor>, finalOp: FinalOp<T>, device: DeviceHook<T> | null): Result<T> {
    if (this.roots.length === 0) return fail('EACCES');
    const s = start();
    if (!s.ok) return s;
    const cursor = s.value;
    let followLink = false;
    try {
      const out = finalOp(cursor, name);
      if (out.kind === 'done') return ok(out.value);
      if (out.kind === 'error') return { ok: false, error: out.error };
      followLink = true;
    } catch (e) {
      return { ok: false, error: fromNode(e) };
    } finally {
      if (!followLink) cursor.release();
    }
    return this.runToEnd({ cursor, outside: null, queue: [name], dirOnly: false, hops: 0, steps: 0 }, finalOp, device);
  }

  private run<T>(st: WalkState, finalOp: FinalOp<T>, device: DeviceHook<T> | null): Result<T> {
    for (;;) {
      if (st.outside) {
        const r = this.stepOutside(st, st.outside);
        if (!r.ok) return r;
        continue;
      }
      const atFinal = st.queue.length === 0 || (st.queue.length === 1 && !st.dirOnly);
      if (!atFinal) {
        const r = this.step(st);
        if (!r.ok) return r;
        continue;
      }
      const name = st.queue.length === 0 ? '' : st.queue[0]!;
      if (name === '..' || name === '.') {
        st.dirOnly = true; // never hand '..' to an op as an entry name
        continue;
      }
      const out = finalOp(st.cursor, name);
      if (out.kind === 'done') return ok(out.value);
      if (out.kind === 'error') return { ok: false, error: out.error };
      // the last component is a symlink and the operation follows links
      const link = this.readLink(st, name);
      if (!link.ok) return link;
      if (link.value === null) continue; // swapped for a non-link since the op looked: look again
      if (device && link.value.startsWith('/') && !link.value.endsWith('/')) {
        const dev = device(normalizeKeepDots(link.value));
        if (dev) return dev;
      }
      st.dirOnly = false;
      const r = this.enterTarget(st, link.value, []);
      if (!r.ok) return r;
    }
  }

  /** resolve an absolute directory path to a cursor the caller owns (for the cwd cache) */
  openDirectory(absPath: string): Result<Cursor> {
    let result: Cursor | null = null;
    const r = this.resolve<true>(
      absPath.endsWith('/') ? absPath : `${absPath}/`,
      () => fail('ENOENT'),
      (dir, name) => {
        if (name !== '') return { kind: 'error', error: { code: 'ENOTDIR', message: 'Not a directory' } };
        // hand the walk's fd over to the caller instead of letting resolve() close it
        result = new Cursor(dir.root, dir.names.slice(), dir.fd, dir.owned);
        dir.owned = false;
        return { kind: 'done', value: true };
      },
      null,
      {},
    );
    if (!r.ok) return r;
    return ok(result!); // resolve() is ok only when the final op said 'done', which set it
  }
}
