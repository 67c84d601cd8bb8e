// gnulib's canonicalize_filename_mode over the sandbox (realpath, readlink -f/-e/-m): the path is
// walked a component at a time with ctx.fs.lstat and ctx.fs.readlink, so every step is checked
// against the roots as any other access is (a path outside them fails with `Permission denied`).
// The proper ancestors of a root (`/`, `/home` above `/home/u`) may be passed through but not
// looked at: they count as plain directories.

import type { SandboxFS } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';

/** which components must exist: all (-e), all but the last (-f, realpath's default), none (-m) */
export type CanMode = 'existing' | 'all-but-last' | 'missing';

export type Canonical = { ok: true; path: string } | { ok: false; message: string };

/** Linux's MAXSYMLINKS: more links followed than this is ELOOP */
const MAX_LINKS = 40;

function parentOf(dir: string): string {
  const i = dir.lastIndexOf('/');
  return i <= 0 ? '/' : dir.slice(0, i);
}

const join = (dir: string, name: string): string => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/**
 * The canonical absolute name of `name` (relative to fs.cwd). `logical`: `..` is applied to the
 * name as written before any link is read (realpath -L); `noSymlinks`: links are not read at
 * all (realpath -s).
 */
export function canonicalize(fs: SandboxFS, name: string, mode: CanMode, opts: { logical?: boolean; noSymlinks?: boolean } = {}): Canonical {
  if (name === '') return { ok: false, message: 'No such file or directory' };
  let rest = name;
  if (opts.logical === true) rest = fs.abs(name);
  let dest = rest.startsWith('/') ? '/' : fs.cwd;
  let links = 0;
  // components left to walk, in order
  const parts = rest.split('/').filter((p) => p !== '');
  let i = 0;
  while (i < parts.length) {
    const part = parts[i]!;
    i++;
    if (part === '.') continue;
    if (part === '..') {
      dest = parentOf(dest);
      continue;
    }
    const next = join(dest, part);
    const last = i === parts.length;
    // a trailing slash asks for a directory
    const wantsDir = !last || name.endsWith('/');
    if (fs.traversable?.(next) === true) {
      dest = next;
      continue;
    }
    const st = fs.lstat(next);
    if (!st.ok) {
      // -m takes any failure as a missing name; -s (no links read) lets any name be missing
      const enoent = st.error.code === 'ENOENT';
      const missingOk = mode === 'missing' || (enoent && mode === 'all-but-last' && (last || opts.noSymlinks === true));
      if (!missingOk) return { ok: false, message: errorText(st.error) };
      dest = next;
      continue;
    }
    // -m takes a link past the limit as a name like any other
    if (st.value.type === 'symlink' && opts.noSymlinks !== true && (links < MAX_LINKS || mode !== 'missing')) {
      if (++links > MAX_LINKS) return { ok: false, message: 'Too many levels of symbolic links' };
      const target = fs.readlink(next);
      if (!target.ok) return { ok: false, message: errorText(target.error) };
      const t = target.value;
      if (t.startsWith('/')) dest = '/';
      parts.splice(0, i, ...t.split('/').filter((p) => p !== ''));
      i = 0;
      continue;
    }
    // (with -s a link is taken as written: whatever it names may be a directory)
    if (st.value.type !== 'dir' && st.value.type !== 'symlink' && wantsDir && mode !== 'missing') return { ok: false, message: 'Not a directory' };
    dest = next;
  }
  return { ok: true, path: dest };
}

/** is `prefix` a leading run of whole components of `path` (coreutils path_prefix) */
export function pathPrefix(prefix: string, path: string): boolean {
  if (prefix === '/') return path.startsWith('/');
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** `path` relative to the directory `dir`, both canonical (coreutils relpath) */
export function relativePath(path: string, dir: string): string {
  const a = path.split('/').filter((p) => p !== '');
  const b = dir.split('/').filter((p) => p !== '');
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  const up = b.slice(k).map(() => '..');
  const out = [...up, ...a.slice(k)];
  return out.length === 0 ? '.' : out.join('/');
}
