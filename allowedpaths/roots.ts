// Root specs (`PATH`, `PATH:ro`, `PATH:rw`): parsed, made absolute, realpath'd and opened once.
// A root that cannot be used is skipped with a warning, never fatal (Go rshell's behaviour).

import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { fromNode } from './errors.js';
import type { Native } from './native.js';
import type { RootSpec } from './types.js';

const C = fs.constants;

export interface Root {
  readonly spec: RootSpec;
  /** realpath of the root */
  readonly real: string;
  readonly realComps: readonly string[];
  /** the absolute path as configured, when it differs from `real` (a symlinked root) */
  readonly aliasComps: readonly string[] | null;
  readonly fd: number;
  readonly dev: number;
  readonly ino: number;
}

export function compsOf(abs: string): string[] {
  return abs.split('/').filter((c) => c !== '');
}

/** split `PATH[:ro|:rw]` */
export function parseSpec(spec: string): { path: string; mode: 'ro' | 'rw' } {
  const m = /^(.*):(ro|rw)$/.exec(spec);
  if (m && m[1] !== '') return { path: m[1]!, mode: m[2] as 'ro' | 'rw' };
  return { path: spec, mode: 'ro' };
}

function lowerReason(e: unknown): string {
  const text = fromNode(e).message;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** open every usable root; warn about the others */
export function openRoots(specs: readonly string[], nat: Native, warn: (msg: string) => void): Root[] {
  const roots: Root[] = [];
  for (const spec of specs) {
    const { path, mode } = parseSpec(spec);
    if (path === '') {
      warn(`AllowedPaths: skipping "${spec}": empty path`);
      continue;
    }
    if (path.includes('\0')) {
      warn(`AllowedPaths: skipping "${path}": invalid path`);
      continue;
    }
    const absolute = nodePath.resolve(path);
    let real: string;
    let fd: number;
    try {
      // realpath(3) in one call: the JavaScript realpathSync lstats every component (cold, ~0.2 ms a root)
      real = fs.realpathSync.native(absolute);
      fd = fs.openSync(real, nat.dirFlags | C.O_DIRECTORY);
    } catch (e) {
      warn(`AllowedPaths: skipping "${path}": ${lowerReason(e)}`);
      continue;
    }
    const st = fs.fstatSync(fd);
    const duplicate = roots.find((r) => r.real === real);
    if (duplicate) {
      // the same directory twice: keep one entry, writable if any spec says so
      fs.closeSync(fd);
      if (mode === 'rw' && duplicate.spec.mode === 'ro') {
        roots[roots.indexOf(duplicate)] = { ...duplicate, spec: { path: real, mode: 'rw' } };
      }
      continue;
    }
    const alias = absolute !== real ? compsOf(absolute) : null;
    roots.push({ spec: { path: real, mode }, real, realComps: compsOf(real), aliasComps: alias, fd, dev: st.dev, ino: st.ino });
  }
  return roots;
}

function isPrefix(prefix: readonly string[], comps: readonly string[]): boolean {
  if (prefix.length > comps.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== comps[i]) return false;
  return true;
}

/**
 * The most specific root whose real path (or configured alias) is a literal prefix of `comps`,
 * with the number of components it consumed. Used only to pick a starting directory: everything
 * after the prefix is walked physically.
 */
export function rootForComps(roots: readonly Root[], comps: readonly string[], allowAlias: boolean): { root: Root; used: number } | null {
  let best: { root: Root; used: number } | null = null;
  for (const r of roots) {
    if (isPrefix(r.realComps, comps) && (!best || r.realComps.length > best.used)) best = { root: r, used: r.realComps.length };
    if (allowAlias && r.aliasComps && isPrefix(r.aliasComps, comps) && (!best || r.aliasComps.length > best.used)) {
      best = { root: r, used: r.aliasComps.length };
    }
  }
  return best;
}

/**
 * Is `comps` a proper ancestor of a root? Such a directory is traversable but not readable, like a
 * Unix directory with execute and no read permission: `cd` may enter it on the way to a root, and
 * nothing in it can be listed, read or stat'ed. Decided from the configured paths alone, without
 * touching the filesystem. `physicalOnly` skips configured aliases (their ancestors may hold
 * symlinks, so they have no known physical path).
 */
export function isAncestorOfRoot(roots: readonly Root[], comps: readonly string[], physicalOnly: boolean): boolean {
  for (const r of roots) {
    if (comps.length < r.realComps.length && isPrefix(comps, r.realComps)) return true;
    if (!physicalOnly && r.aliasComps && comps.length < r.aliasComps.length && isPrefix(comps, r.aliasComps)) return true;
  }
  return false;
}

/** the most specific root containing a physical path (which decides ro/rw) */
export function owningRoot(roots: readonly Root[], physical: string): Root | null {
  const hit = rootForComps(roots, compsOf(physical), false);
  return hit ? hit.root : null;
}
