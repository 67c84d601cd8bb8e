// Shared shapes for find: one visited entry, the compiled expression node, the run's options.

import type { FileInfo, FileType } from '../../allowedpaths/types.js';

/** One file met by the walk, as the predicates and -printf see it. */
export interface Entry {
  /** the path as find prints it (%p): the starting point joined with the names below it */
  readonly path: string;
  /** the starting point this entry was reached from (%H) */
  readonly start: string;
  /** depth below the starting point (%d) */
  readonly depth: number;
  /** stat per the symlink mode (-P: lstat; -L: stat, or lstat for a dangling link); undefined when it failed */
  readonly info: FileInfo | undefined;
  /** the type readdir reported, when the entry was not stat'ed yet (saves an lstat for -type) */
  readonly type?: FileType;
  /** the entry's name in its directory, when it was met by listing one (what -name matches) */
  readonly name?: string;
}

/** Evaluating a node: a truth value, a promise only when a command ran (-exec) */
export type Truth = boolean | Promise<boolean>;

export interface WalkControl {
  /** -prune: do not descend into the current directory */
  prune: boolean;
  /** -quit: stop after the current entry */
  quit: boolean;
  /** the exit status goes to 1 (a failed -exec +, an unreadable directory) */
  failed: boolean;
}

export type Evaluate = (e: Entry, w: WalkControl) => Truth;

export interface Node {
  readonly kind: 'and' | 'or' | 'not' | 'comma' | 'test';
  /** the predicate's name for messages (`-name`), or the operator */
  readonly label: string;
  readonly eval: Evaluate;
  /** an action that produces output or runs commands: suppresses the default -print */
  readonly isAction: boolean;
}

export type SymlinkMode = 'P' | 'L' | 'H';

export interface FindOptions {
  symlinks: SymlinkMode;
  maxDepth: number;
  minDepth: number;
  depthFirst: boolean;
  /** -xdev / -mount: stay on the starting point's file system */
  sameFs: boolean;
}
