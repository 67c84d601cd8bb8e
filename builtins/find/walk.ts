// The tree walk: starting points in command-line order, entries in the order the sandbox's
// readdir returns them (GNU find prints readdir order too, unsorted). -P never follows links,
// -H follows those named on the command line, -L follows all (inside the roots only: the
// sandbox refuses links leading out, which find reports as "Permission denied"). Under -L a
// directory that is its own ancestor is GNU's "File system loop detected" and is not entered.

import { quote } from '../internal/quote.js';
import type { FindEnv } from './env.js';
import type { FileInfo, FileType } from '../../allowedpaths/types.js';
import type { Entry, Node, WalkControl } from './types.js';

/**
 * An entry met under -P: its type comes from readdir (d_type), and the lstat is made only when a
 * predicate asks for it — `find . -name x` stats nothing, as GNU's find avoids it too.
 */
class LazyEntry implements Entry {
  private cached: FileInfo | undefined | null = null;
  constructor(
    private readonly env: FindEnv,
    readonly path: string,
    readonly start: string,
    readonly depth: number,
    readonly type: FileType,
  ) {}

  get info(): FileInfo | undefined {
    if (this.cached === null) {
      const st = this.env.ctx.fs.lstat(this.path);
      this.cached = st.ok ? st.value : undefined;
    }
    return this.cached;
  }
}

const typeOf = (e: Entry): FileType | undefined => e.type ?? e.info?.type;

/** entries one run may visit: a budget, so a huge tree cannot run find forever */
export const MAX_FIND_ENTRIES = 5_000_000;
const MAX_DIR_ENTRIES = 1_000_000;

function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : dir + '/' + name;
}

interface Ancestor {
  key: string;
  path: string;
}

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

  /** visit one entry; returns false to stop the whole run */
  private async visit(e: Entry): Promise<boolean> {
    const env = this.env;
    if (++this.visited > MAX_FIND_ENTRIES) {
      await env.error(`stopped after ${MAX_FIND_ENTRIES} entries (rshell's find entry budget)`);
      this.control.quit = true;
      return false;
    }
    if ((this.visited & 1023) === 0) env.ctx.checkAbort();
    const opts = env.opts;
    const isDir = typeOf(e) === 'dir';
    const inRange = e.depth >= opts.minDepth;
    this.control.prune = false;
    if (!opts.depthFirst && inRange) {
      const r = this.expr.eval(e, this.control);
      if (r instanceof Promise) await r;
      if (this.control.quit) return false;
    }
    const descend =
      isDir && !this.control.prune && e.depth < opts.maxDepth && !(opts.sameFs && e.info?.dev !== this.startDev);
    if (descend && !(await this.descend(e))) return false;
    if (opts.depthFirst && inRange) {
      const r = this.expr.eval(e, this.control);
      if (r instanceof Promise) await r;
      if (this.control.quit) return false;
    }
    return true;
  }

  private async descend(e: Entry): Promise<boolean> {
    const env = this.env;
    const lazy = env.opts.symlinks !== 'L';
    // loops need links followed: only -L (and -H at the top) can meet one
    const info = lazy ? undefined : e.info;
    const key = info === undefined ? '' : `${info.dev}:${info.ino}`;
    const loop = info === undefined ? undefined : this.ancestors.find((a) => a.key === key);
    if (loop !== undefined) {
      await env.error(`File system loop detected; ${quote(e.path)} is part of the same file system loop as ${quote(loop.path)}.`);
      return true;
    }
    const list = env.ctx.fs.readdir(e.path, { maxEntries: MAX_DIR_ENTRIES });
    if (!list.ok) {
      await env.error(`${quote(e.path)}: ${list.error.detail ?? list.error.message}`);
      return true;
    }
    if (list.value.length > MAX_DIR_ENTRIES) {
      await env.error(`${quote(e.path)}: more than ${MAX_DIR_ENTRIES} entries (rshell's find budget)`);
      return true;
    }
    this.ancestors.push({ key, path: e.path });
    try {
      for (const d of list.value) {
        const path = joinPath(e.path, d.name);
        if (lazy) {
          if (!(await this.visit(new LazyEntry(env, path, e.start, e.depth + 1, d.type)))) return false;
          continue;
        }
        const st = env.statFor(path, e.depth + 1);
        if (!st.ok) {
          await env.error(`${quote(path)}: ${st.message}`);
          continue;
        }
        // under -L a link to an ancestor is a loop: report it and do not visit it
        if (st.info.type === 'dir' && env.opts.symlinks !== 'P') {
          const k = `${st.info.dev}:${st.info.ino}`;
          const anc = this.ancestors.find((a) => a.key === k);
          if (anc !== undefined) {
            await env.error(`File system loop detected; ${quote(path)} is part of the same file system loop as ${quote(anc.path)}.`);
            continue;
          }
        }
        if (!(await this.visit({ path, start: e.start, depth: e.depth + 1, info: st.info }))) return false;
      }
    } finally {
      this.ancestors.pop();
    }
    return true;
  }
}
