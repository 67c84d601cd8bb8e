// The state one find run shares between the parser, the predicates and the walk: the sandbox,
// stdout buffer, options, the clock, the exit status, and the -exec runner.

import type { CallContext } from '../types.js';
import type { FileInfo } from '../../allowedpaths/types.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import type { FindOptions } from './types.js';
import type { PrintfEnv } from './printf.js';

/** strings gathered before one encode: big enough to amortise it, small enough to stay cheap */
const PENDING_CHARS = 16 * 1024;

const utf8 = new TextEncoder();
/** String#isWellFormed (Node ≥ 20): no lone surrogate, so no escaped raw byte either */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * find prints one short string per entry: gathering them and encoding them together costs one
 * encode per ~16 KB instead of one per path. Anything that reaches the bytes (write, drain,
 * flush, so also every diagnostic and -exec, which flush first) moves the pending text in first,
 * so the order of output never changes.
 */
class BatchedOutput extends OutputBuffer {
  /** joined (not +=) so the encoder gets one flat string, not a rope it must walk */
  private pending: string[] = [];
  private pendingChars = 0;

  override writeString(s: string): void | Promise<void> {
    this.pending.push(s);
    this.pendingChars += s.length;
    if (this.pendingChars >= PENDING_CHARS) return this.movePending();
  }

  private movePending(): void | Promise<void> {
    if (this.pending.length === 0) return;
    const s = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    // text without surrogate-escaped raw bytes (the usual tree) is plain UTF-8: encoded natively,
    // where encode() would first scan it char by char in JS (cold code for a short run: find
    // prints a handful of these batches)
    if (isWellFormed?.call(s)) return super.write(utf8.encode(s));
    return super.writeString(s);
  }

  override write(src: Uint8Array, from?: number, to?: number): void | Promise<void> {
    const p = this.movePending();
    if (p) return p.then(() => super.write(src, from, to));
    return super.write(src, from, to);
  }

  override drain(): void | Promise<void> {
    const p = this.movePending();
    if (p) return p.then(() => super.drain());
    return super.drain();
  }

  override flush(): void | Promise<void> {
    const p = this.movePending();
    if (p) return p.then(() => super.flush());
    return super.flush();
  }
}

export class FindEnv {
  readonly out: OutputBuffer;
  readonly opts: FindOptions = { symlinks: 'P', maxDepth: Infinity, minDepth: 0, depthFirst: false, sameFs: false };
  regexType = 'emacs';
  private now: number | undefined;
  /** -daystart moves the origin of -mtime & co to the end of today */
  dayStart = false;
  status = 0;
  /** warnings found while parsing, printed before the walk */
  readonly warnings: string[] = [];
  /** -exec … {} + batches to run at the end */
  readonly finishers: (() => Promise<void>)[] = [];

  /**
   * Now, in ms with a fraction (file times carry one: a file made this instant must not look
   * newer than now), read once: the time tests read it when they are parsed, at the start. Not
   * before it is needed: the `performance` global's first use loads perf_hooks, ~1 ms.
   */
  get nowMs(): number {
    return (this.now ??= performance.timeOrigin + performance.now());
  }

  constructor(readonly ctx: CallContext) {
    this.out = new BatchedOutput(ctx.stdout);
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
