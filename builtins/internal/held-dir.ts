// Walking a tree through open directories (find, du, ls): an entry is lstat'ed and a subdirectory
// opened relative to the directory holding it (one fstatat or openat each), instead of walking
// its whole path from the root again (du over 50,000 files was 8x GNU that way).

import type { DirHandle, SandboxFS } from '../../allowedpaths/types.js';

/** directories held open at once by one walk (one per level): deeper, paths are walked again */
export const MAX_HELD_DEPTH = 256;

/**
 * The directory `path` at `depth` opened to walk it: through `parent` (its open parent, where
 * `name` is its entry) when there is one, else by path. Null when the sandbox offers no handles,
 * past MAX_HELD_DEPTH, or when the open fails: the caller then lists by path, which also words
 * any error as before.
 */
export function holdDir(fs: SandboxFS, path: string, depth: number, parent?: DirHandle, name?: string): DirHandle | null {
  if (fs.openDir === undefined || depth >= MAX_HELD_DEPTH) return null;
  const r = parent !== undefined && name !== undefined ? parent.openDir(name) : fs.openDir(path);
  return r.ok ? r.value : null;
}
