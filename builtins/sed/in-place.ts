// sed -i: edit files in place, in remediation mode only, through the sandbox.
//
// Every operand is checked first by opening it for writing without changing it (ctx.fs.openWrite
// with no truncation): the sandbox refuses read-only roots, symlinks as the final component and
// hard-linked files there, before any file is touched. A file's new content is collected in
// memory while it is processed (bounded by ctx.limits.maxSortBytes) and written over the file when
// the input moves past it: the same inode, mode and owner (no temp-file rename). With a SUFFIX the
// original is first copied to the backup name (`*` in SUFFIX stands for the file's base name),
// also through the sandbox.
// Differences from GNU: no temp file, so a failure while writing can leave a partial file (the
// write happens after processing, so script errors never do); symlinks are refused unless
// --follow-symlinks names the link's target (GNU would replace the link by a regular file).

import type { CallContext } from '../types.js';
import type { ByteWriter } from '../../lib/io/streams.js';
import { SedOutput } from './output.js';
import { SedFatal } from './execute.js';
import { errorText } from './input.js';

/** A ByteWriter that keeps everything, up to a budget. */
class Collector implements ByteWriter {
  readonly chunks: Uint8Array[] = [];
  size = 0;
  closed = false;
  constructor(
    private readonly limit: number,
    private readonly name: string,
  ) {}
  write(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.size > this.limit) throw new SedFatal(`sed: ${this.name}: edited content too large (over ${this.limit} bytes)\n`, 4);
    this.chunks.push(chunk.slice());
  }
  writeString(s: string): void {
    this.write(Buffer.from(s, 'utf8'));
  }
  flush(): void {}
}

export class InPlaceEditor {
  private targets: (string | null)[] = [];
  /** file: an operand validateAll accepted (its target is a name, not null) */
  private current: { file: number; collector: Collector; out: SedOutput } | null = null;
  /** an operand was missing: exit status 2 */
  failed = false;

  constructor(
    private readonly ctx: CallContext,
    private readonly operands: readonly string[],
    private readonly suffix: string,
    private readonly followSymlinks: boolean,
    private readonly delim: string,
    private readonly report: (text: string) => Promise<void>,
  ) {}

  /**
   * Check every operand; returns the indices to skip (missing files, reported like GNU's
   * `can't read`) and those that end the run when the input reaches them (not regular files:
   * GNU edits the operands before one, then exits 4 there). Throws SedFatal for files the
   * sandbox will not let us write (before any file is touched).
   */
  async validateAll(): Promise<{ skip: Set<number>; fatalAt: Map<number, string> }> {
    const skip = new Set<number>();
    const fatalAt = new Map<number, string>();
    for (let i = 0; i < this.operands.length; i++) {
      const name = this.operands[i]!;
      const st = this.ctx.fs.stat(name);
      if (st !== null && !st.ok && st.error.code === 'ENOENT') {
        this.failed = true;
        skip.add(i);
        this.targets.push(null);
        await this.report(`sed: can't read ${name}: ${errorText(st.error)}\n`);
        continue;
      }
      if (st.ok && st.value.type !== 'file') {
        fatalAt.set(i, `sed: couldn't edit ${name}: not a regular file\n`);
        this.targets.push(null);
        continue;
      }
      let target = name;
      if (this.followSymlinks) {
        const real = this.ctx.fs.realpath(name);
        if (real.ok) target = real.value;
      }
      const probe = this.ctx.fs.openWrite(target, { create: false });
      if (!probe.ok) throw new SedFatal(`sed: couldn't edit ${name}: ${errorText(probe.error)}\n`, 4);
      probe.value.close();
      this.targets.push(target);
    }
    return { skip, fatalAt };
  }

  /** the output for `file` (an operand's index); commits the previous file's new content */
  async switchTo(file: number, _previous: number): Promise<SedOutput> {
    await this.commit();
    const collector = new Collector(this.ctx.limits.maxSortBytes, this.operands[file]!);
    const out = new SedOutput(collector, this.delim);
    this.current = { file, collector, out };
    return out;
  }

  async finish(): Promise<void> {
    await this.commit();
  }

  /** a fatal error: leave the file being processed untouched */
  abandon(): void {
    this.current = null;
  }

  private async commit(): Promise<void> {
    const cur = this.current;
    if (cur === null) return;
    this.current = null;
    const f = cur.out.flush();
    if (f) await f;
    const target = this.targets[cur.file]!;
    if (this.suffix !== '') this.backup(target);
    const w = this.ctx.fs.openWrite(target, { create: false, truncate: true });
    if (!w.ok) throw new SedFatal(`sed: couldn't edit ${this.operands[cur.file]!}: ${errorText(w.error)}\n`, 4);
    try {
      for (const chunk of cur.collector.chunks) {
        const p = w.value.write(chunk);
        if (p) await p;
      }
      const p = w.value.flush();
      if (p) await p;
    } finally {
      w.value.close();
    }
    if (w.value.error !== undefined) {
      throw new SedFatal(`sed: couldn't write ${this.operands[cur.file]!}: ${errorText(w.value.error)}\n`, 4);
    }
  }

  /** copy the original to its backup name, streaming through the sandbox */
  private backup(target: string): void {
    const slash = target.lastIndexOf('/');
    const dir = slash >= 0 ? target.slice(0, slash + 1) : '';
    const base = target.slice(slash + 1);
    const backupName = this.suffix.includes('*')
      ? (this.suffix.includes('/') ? '' : dir) + this.suffix.split('*').join(base)
      : target + this.suffix;
    const src = this.ctx.fs.readFile(target, this.ctx.limits.maxSortBytes);
    if (!src.ok) throw new SedFatal(`sed: couldn't read ${target}: ${errorText(src.error)}\n`, 4);
    const w = this.ctx.fs.openWrite(backupName, { truncate: true });
    if (!w.ok) throw new SedFatal(`sed: cannot rename ${target}: ${errorText(w.error)}\n`, 4);
    try {
      w.value.write(src.value);
      w.value.flush();
    } finally {
      w.value.close();
    }
  }
}
