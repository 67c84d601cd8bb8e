// The removal walk of rm: one operand, files unlinked, directories emptied depth-first (with -r)
// and removed. Every step goes through the sandbox by path, so a directory swapped for a link
// while we walk is resolved (and refused if it leads outside) by the sandbox, never followed
// blindly. Links met while recursing are unlinked, never followed: entries are classified with
// lstat / the readdir type.
//
// GNU rm's order and wording: post-order, `removed 'd/x'`, `removed directory 'd'`; a directory
// whose contents could not all be removed is left alone without a second message.

import type { FileType, FsError, Result } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import type { CallContext } from '../types.js';
import { quoteaf } from '../internal/quote.js';
import { say } from '../internal/print.js';

export interface RemoveOptions {
  recursive: boolean;
  emptyDirs: boolean;
  force: boolean;
  verbose: boolean;
  oneFileSystem: boolean;
}

/** what a removal walk reports back */
export type Outcome = 'ok' | 'failed' | 'budget';

export interface Budget {
  /** entries this run may still remove */
  remaining(): number;
  spend(): void;
}

export const BUDGET_MESSAGE = (max: number): string =>
  `rm: entry budget exceeded: rshell removes at most ${max} entries per run\n`;

export class Remover {
  constructor(
    private readonly ctx: CallContext,
    private readonly o: RemoveOptions,
    private readonly budget: Budget,
  ) {}

  /** remove one command-line operand (its lstat result given) */
  async operand(path: string, type: FileType, dev: number): Promise<Outcome> {
    if (type !== 'dir') return this.removeEntry(path, 'file');
    if (this.o.recursive) return this.removeTree(path, dev);
    if (this.o.emptyDirs) {
      // GNU checks emptiness first: a link-with-slash to a full directory (`rm -d link/`) is
      // "not empty" rather than rmdir's ENOTDIR
      const listing = this.ctx.fs.readdir(path, { maxEntries: 1 });
      if (listing.ok && listing.value.length > 0) return this.fail(path, { code: 'ENOTEMPTY', message: 'Directory not empty' });
      return this.removeEntry(path, 'dir');
    }
    return this.fail(path, { code: 'EISDIR', message: 'Is a directory' });
  }

  private async removeEntry(path: string, kind: 'file' | 'dir'): Promise<Outcome> {
    if (this.budget.remaining() <= 0) return 'budget';
    const r: Result<void> = kind === 'dir' ? this.ctx.fs.rmdir(path) : this.ctx.fs.unlink(path);
    if (!r.ok) {
      // gnulib's ignorable_missing: ENOTDIR too (`rm -rf link/` empties the directory, then
      // rmdir of the link fails so)
      if (this.o.force && (r.error.code === 'ENOENT' || r.error.code === 'ENOTDIR')) return 'ok';
      return this.fail(path, r.error);
    }
    this.budget.spend();
    if (this.o.verbose) await say(this.ctx.stdout, kind === 'dir' ? `removed directory ${quoteaf(path)}\n` : `removed ${quoteaf(path)}\n`);
    return 'ok';
  }

  private async removeTree(path: string, dev: number): Promise<Outcome> {
    this.ctx.checkAbort();
    const listing = this.ctx.fs.readdir(path, { maxEntries: Math.max(0, this.budget.remaining()) });
    if (!listing.ok) {
      // an unreadable directory may still be empty: try to remove it as GNU does
      const r = this.ctx.fs.rmdir(path);
      if (r.ok) {
        this.budget.spend();
        if (this.o.verbose) await say(this.ctx.stdout, `removed directory ${quoteaf(path)}\n`);
        return 'ok';
      }
      return this.fail(path, listing.error);
    }
    if (listing.value.length > this.budget.remaining()) return 'budget';
    const base = path.replace(/\/+$/, '') || '/';
    let failed = false;
    for (const entry of listing.value) {
      const child = base === '/' ? `/${entry.name}` : `${base}/${entry.name}`;
      let type = entry.type;
      let childDev = dev;
      if (type === 'dir' || this.o.oneFileSystem) {
        // confirm with lstat: readdir types can be stale, and -x needs the device
        const st = this.ctx.fs.lstat(child);
        if (!st.ok) {
          if (st.error.code === 'ENOENT') continue;
          failed = true;
          await this.fail(child, st.error);
          continue;
        }
        type = st.value.type;
        childDev = st.value.dev;
      }
      let outcome: Outcome;
      if (type === 'dir') {
        if (this.o.oneFileSystem && childDev !== dev) {
          await say(this.ctx.stderr, `rm: skipping ${quoteaf(child)}, since it's on a different device\n`);
          failed = true;
          continue;
        }
        outcome = await this.removeTree(child, dev);
      } else {
        outcome = await this.removeEntry(child, 'file');
      }
      if (outcome === 'budget') return 'budget';
      if (outcome === 'failed') failed = true;
    }
    if (failed) return 'failed';
    return this.removeEntry(path, 'dir');
  }

  private async fail(path: string, err: FsError): Promise<Outcome> {
    await say(this.ctx.stderr, `rm: cannot remove ${quoteaf(path)}: ${errorText(err)}\n`);
    return 'failed';
  }
}
