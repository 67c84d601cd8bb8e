// The state one find run shares between the parser, the predicates and the walk: the sandbox,
// stdout buffer, options, the clock, the exit status, and the -exec runner.

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import type { FindOptions } from './types.js';
import type { PrintfEnv } from './printf.js';

export class FindEnv {
  readonly out: OutputBuffer;
  readonly opts: FindOptions = { symlinks: 'P', maxDepth: Infinity, minDepth: 0, depthFirst: false, sameFs: false };
  regexType = 'emacs';
  // sub-millisecond: file times carry a fraction, and a file made this instant must not look newer than now
  readonly nowMs: number = performance.timeOrigin + performance.now();
  /** -daystart moves the origin of -mtime & co to the end of today */
  dayStart = false;
  status = 0;
  /** warnings found while parsing, printed before the walk */
  readonly warnings: string[] = [];
  /** -exec … {} + batches to run at the end */
  readonly finishers: (() => Promise<void>)[] = [];

  constructor(readonly ctx: CallContext) {
    this.out = new OutputBuffer(ctx.stdout);
  }

  async error(text: string): Promise<void> {
    this.status = 1;
    await writeDiagnostic(this.ctx, this.out, `find: ${text}\n`);
  }

  warn(text: string): void {
    this.warnings.push(`find: ${text}\n`);
  }

  /** stat per the symlink mode for an entry at `depth` (-H follows command-line links only) */
  statFor(path: string, depth: number): { ok: true; info: FileInfo } | { ok: false; message: string } {
    const follow = this.opts.symlinks === 'L' || (this.opts.symlinks === 'H' && depth === 0);
    const fs = this.ctx.fs;
    if (follow) {
      const r = fs.stat(path);
      if (r.ok) return { ok: true, info: r.value };
      // a dangling link is reported as the link itself (fts's FTS_SLNONE)
      if (r.error.code === 'ENOENT') {
        const l = fs.lstat(path);
        if (l.ok) return { ok: true, info: l.value };
      }
      return { ok: false, message: r.error.detail ?? r.error.message };
    }
    const r = fs.lstat(path);
    return r.ok ? { ok: true, info: r.value } : { ok: false, message: r.error.detail ?? r.error.message };
  }

  printfEnv(): PrintfEnv {
    return { fs: this.ctx.fs, statFollow: (p) => this.statFollow(p), warn: (t) => this.warn(t) };
  }

  statFollow(path: string): FileInfo | undefined {
    const r = this.ctx.fs.stat(path);
    return r.ok ? r.value : undefined;
  }
}
