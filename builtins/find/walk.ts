// The tree walk: starting points in command-line order, entries in the order the sandbox's
// readdir returns them (GNU find prints readdir order too, unsorted). -P never follows links,
// -H follows those named on the command line, -L follows all (inside the roots only: the
// sandbox refuses links leading out, which find reports as "Permission denied"). Under -L a
// directory that is its own ancestor is GNU's "File system loop detected" and is not entered.

import { quote } from '../internal/quote.js';
import type { FindEnv } from './env.js';
import type { DirEntry, DirHandle, FileInfo, FileType, Result } from '../../allowedpaths/types.js';
import type { Entry, Node, WalkControl } from './types.js';
import { holdDir } from '../internal/held-dir.js';

/** A directory the walk holds open while it visits its entries (see DirHandle). */
interface HeldDir {
  readonly handle: DirHandle;
  open: boolean;
}

/**
 * An entry met under -P: its type comes from readdir (d_type), and the lstat is made only when a
 * predicate asks for it — `find . -name x` stats nothing, as GNU's find avoids it too. While the
 * directory holding it is open, the lstat is made relative to it (no walk from the cwd).
 */
class LazyEntry implements Entry {
  private cached: FileInfo | undefined | null = null;
  constructor(
    private readonly env: FindEnv,
    readonly path: string,
    readonly start: string,
    readonly depth: number,
    readonly type: FileType,
    private readonly parent: HeldDir | undefined,
    readonly name: string,
  ) {}

  get info(): FileInfo | undefined {
    if (this.cached === null) {
      const st = this.parent?.open === true ? this.parent.handle.lstat(this.name) : this.env.ctx.fs.lstat(this.path);
      this.cached = st.ok ? st.value : undefined;
    }
    return this.cached;
  }
}

const typeOf = (e: Entry): FileType | undefined => e.type ?? e.info?.type;

/** entries one run may visit: a budget, so a huge tree cannot run find forever */
export const MAX_FIND_ENTRIES = 5_000_000;
const MAX_DIR_ENTRIES = 1_000_000;

/** what an entry's name is appended to: the directory's path with one trailing slash */
function prefixOf(dir: string): string {
  return dir.endsWith('/') ? dir : dir + '/';
}

interface Ancestor {
  key: string;
  path: string;
}

/**
 * The walk is synchronous as long as nothing has to wait (output taken at once, no -exec): an
 * async function per entry would cost a promise and a microtask for each of them. A step that
 * does wait returns a promise, and the rest of that directory continues from it.
 */
export class Walker {
  private visited = 0;
  private readonly control: WalkControl = { prune: false, quit: false, failed: false };
  private readonly ancestors: Ancestor[] = [];
  private startDev = 0;

  constructor(
    private readonly env: FindEnv,
    private readonly expr: Node,
  ) {}

  get quit(): boolean {
    return this.control.quit;
  }

  async walkStart(start: string): Promise<void> {
    const st = this.env.statFor(start, 0);
    if (!st.ok) {
      await this.env.error(`${quote(start)}: ${st.message}`);
      return;
    }
    this.startDev = st.info.dev;
    await this.visit({ path: start, start, depth: 0, info: st.info });
  }

  /** visit one entry (`parent`/`name`: the open directory holding it); false stops the whole run */
  private visit(e: Entry, parent?: HeldDir, name?: string): boolean | Promise<boolean> {
    const env = this.env;
    if (++this.visited > MAX_FIND_ENTRIES) {
      this.control.quit = true;
      return env.error(`stopped after ${MAX_FIND_ENTRIES} entries (rshell's find entry budget)`).then(() => false);
    }
    if ((this.visited & 1023) === 0) env.ctx.checkAbort();
    this.control.prune = false;
    if (!env.opts.depthFirst && e.depth >= env.opts.minDepth) {
      const r = this.expr.eval(e, this.control);
      if (r instanceof Promise) return r.then(() => !this.control.quit && this.afterTest(e, parent, name));
      if (this.control.quit) return false;
    }
    return this.afterTest(e, parent, name);
  }

  /** the entry was tested (unless -depth): descend, then test it under -depth */
  private afterTest(e: Entry, parent: HeldDir | undefined, name: string | undefined): boolean | Promise<boolean> {
    const opts = this.env.opts;
    const descend =
      typeOf(e) === 'dir' && !this.control.prune && e.depth < opts.maxDepth && !(opts.sameFs && e.info?.dev !== this.startDev);
    if (!descend) return this.testAfterContents(e);
    const below = this.descend(e, parent, name);
    if (below instanceof Promise) return below.then((goOn) => goOn && this.testAfterContents(e));
    return below && this.testAfterContents(e);
  }

  /** -depth: an entry is tested after what lies below it */
  private testAfterContents(e: Entry): boolean | Promise<boolean> {
    const opts = this.env.opts;
    if (!opts.depthFirst || e.depth < opts.minDepth) return true;
    const r = this.expr.eval(e, this.control);
    if (r instanceof Promise) return r.then(() => !this.control.quit);
    return !this.control.quit;
  }

  /** open a directory to walk it (see holdDir); null: list it by path */
  private hold(e: Entry, parent: HeldDir | undefined, name: string | undefined): HeldDir | null {
    const handle = holdDir(this.env.ctx.fs, e.path, e.depth, parent?.open === true ? parent.handle : undefined, name);
    return handle === null ? null : { handle, open: true };
  }

  private descend(e: Entry, parent: HeldDir | undefined, name: string | undefined): boolean | Promise<boolean> {
    const env = this.env;
    const lazy = env.opts.symlinks !== 'L';
    // loops need links followed: only -L (and -H at the top) can meet one
    const info = lazy ? undefined : e.info;
    const key = info === undefined ? '' : `${info.dev}:${info.ino}`;
    const loop = info === undefined ? undefined : this.ancestors.find((a) => a.key === key);
    if (loop !== undefined) {
      return env.error(`File system loop detected; ${quote(e.path)} is part of the same file system loop as ${quote(loop.path)}.`).then(() => true);
    }
    // under -P every entry is reached through its parent's open directory (no lookups by path)
    const held = lazy ? this.hold(e, parent, name) : null;
    const list: Result<DirEntry[]> = held !== null
      ? held.handle.list({ maxEntries: MAX_DIR_ENTRIES })
      : env.ctx.fs.readdir(e.path, { maxEntries: MAX_DIR_ENTRIES });
    if (!list.ok || list.value.length > MAX_DIR_ENTRIES) {
      release(held);
      const problem = list.ok
        ? `${quote(e.path)}: more than ${MAX_DIR_ENTRIES} entries (rshell's find budget)`
        : `${quote(e.path)}: ${list.error.detail ?? list.error.message}`;
      return env.error(problem).then(() => true);
    }
    this.ancestors.push({ key, path: e.path });
    const leave = (): void => {
      this.ancestors.pop();
      release(held);
    };
    let r: boolean | Promise<boolean>;
    try {
      r = this.visitEntries(e, list.value, 0, held ?? undefined, lazy);
    } catch (err) {
      leave();
      throw err;
    }
    if (r instanceof Promise) return r.finally(leave);
    leave();
    return r;
  }

  /** visit entries[from…] of the directory e; false stops the whole run */
  private visitEntries(e: Entry, entries: DirEntry[], from: number, held: HeldDir | undefined, lazy: boolean): boolean | Promise<boolean> {
    const env = this.env;
    const rest = (i: number) => (goOn: boolean): boolean | Promise<boolean> => goOn && this.visitEntries(e, entries, i + 1, held, lazy);
    const prefix = prefixOf(e.path);
    for (let i = from; i < entries.length; i++) {
      const d = entries[i]!;
      const path = prefix + d.name;
      let r: boolean | Promise<boolean>;
      if (lazy) {
        r = this.visit(new LazyEntry(env, path, e.start, e.depth + 1, d.type, held, d.name), held, d.name);
      } else {
        const st = env.statFor(path, e.depth + 1);
        if (!st.ok) return env.error(`${quote(path)}: ${st.message}`).then(() => rest(i)(true));
        // under -L a link to an ancestor is a loop: report it and do not visit it
        if (st.info.type === 'dir' && env.opts.symlinks !== 'P') {
          const k = `${st.info.dev}:${st.info.ino}`;
          const anc = this.ancestors.find((a) => a.key === k);
          if (anc !== undefined) {
            return env.error(`File system loop detected; ${quote(path)} is part of the same file system loop as ${quote(anc.path)}.`).then(() => rest(i)(true));
          }
        }
        r = this.visit({ path, start: e.start, depth: e.depth + 1, info: st.info });
      }
      if (r instanceof Promise) return r.then(rest(i));
      if (!r) return false;
    }
    return true;
  }
}

function release(held: HeldDir | null): void {
  if (held === null) return;
  held.open = false;
  held.handle.close();
}
