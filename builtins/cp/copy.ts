// The copy walk of cp: regular files are streamed from a sandbox reader to a sandbox writer
// (the writer refuses symlinked and hard-linked destinations, checked on the fd before truncation),
// directories are created and filled depth-first. Symbolic links are never created: one met while
// copying without dereferencing is reported and skipped. Special files are refused (a device or
// a FIFO can be endless), except /dev/null named on the command line (`cp /dev/null f`).

import type { FileInfo, FsError, OpenWriteOptions } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import type { CallContext } from '../types.js';
import { quoteaf } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { dirName, isInside, joinPath } from './target.js';

export interface CopyOptions {
  recursive: boolean;
  /** follow symlinks: 'always' (-L), 'command-line' (-H, and plain cp without -r), 'never' (-P) */
  dereference: 'always' | 'command-line' | 'never';
  noClobber: boolean;
  update: boolean;
  verbose: boolean;
  preserveTimes: boolean;
  /** -p, -a, --preserve=mode: an existing destination takes the source's mode too */
  preserveMode: boolean;
  /** --no-preserve=mode: a new file gets the default 0666 & ~umask, as GNU gives it */
  noPreserveMode: boolean;
  removeDestination: boolean;
}

/**
 * openWrite's options plus the creation mode GNU cp passes to open(2) (the source's permission
 * bits; the kernel removes the umask). The sandbox does not take `mode` yet (see createdTooOpen):
 * until it does the extra field is ignored and the check below keeps a private file private.
 */
type CreateOptions = OpenWriteOptions & { mode?: number };

const modeText = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

const same = (a: FileInfo, b: FileInfo): boolean => a.dev === b.dev && a.ino === b.ino;

export class Copier {
  failed = false;

  constructor(
    private readonly ctx: CallContext,
    private readonly o: CopyOptions,
  ) {}

  private async error(line: string): Promise<void> {
    this.failed = true;
    await say(this.ctx.stderr, `cp: ${line}\n`);
  }

  private stat(path: string, topLevel: boolean) {
    const follow = this.o.dereference === 'always' || (topLevel && this.o.dereference === 'command-line');
    return follow ? this.ctx.fs.stat(path) : this.ctx.fs.lstat(path);
  }

  async copy(src: string, dst: string, topLevel: boolean): Promise<void> {
    this.ctx.checkAbort();
    const s = this.stat(src, topLevel);
    if (!s.ok) return this.error(`cannot stat ${quoteaf(src)}: ${errorText(s.error)}`);
    const info = s.value;
    if (info.type === 'symlink') {
      return this.error(`not copying symbolic link ${quoteaf(src)}: rshell does not create links (use -L to copy its target)`);
    }
    if (info.type === 'dir') return this.copyDir(src, dst, info);
    // contents of special files are endless or another process's (FIFO): only /dev/null is copied
    if (info.type !== 'file' && !(topLevel && this.ctx.fs.abs(src) === '/dev/null')) {
      return this.error(`cannot copy special file ${quoteaf(src)}: rshell copies regular files and directories only`);
    }
    return this.copyFile(src, dst, info);
  }

  private async copyDir(src: string, dst: string, info: FileInfo): Promise<void> {
    if (!this.o.recursive) return this.error(`-r not specified; omitting directory ${quoteaf(src)}`);
    if (isInside(this.ctx, src, dirName(dst))) {
      return this.error(`cannot copy a directory, ${quoteaf(src)}, into itself, ${quoteaf(dst)}`);
    }
    const d = this.ctx.fs.stat(dst);
    if (!d.ok && d.error.code !== 'ENOENT') return this.error(`cannot stat ${quoteaf(dst)}: ${errorText(d.error)}`);
    if (d.ok && d.value.type !== 'dir') {
      return this.error(`cannot overwrite non-directory ${quoteaf(dst)} with directory ${quoteaf(src)}`);
    }
    if (!d.ok) {
      // GNU makes the directory with the source's permission bits (the kernel removes the umask);
      // u+rwx stays so the copy can fill it (GNU restores the rest with chmod, which the sandbox
      // does not offer: a source without owner bits gives a directory the owner can still use).
      const made = this.ctx.fs.mkdir(dst, { mode: this.o.noPreserveMode ? 0o777 : (info.mode & 0o777) | 0o700 });
      if (!made.ok) return this.error(`cannot create directory ${quoteaf(dst)}: ${errorText(made.error)}`);
      if (this.o.verbose) await say(this.ctx.stdout, `${quoteaf(src)} -> ${quoteaf(dst)}\n`);
    }
    const listing = this.ctx.fs.readdir(src);
    if (!listing.ok) return this.error(`cannot access ${quoteaf(src)}: ${errorText(listing.error)}`);
    // GNU reads a directory in inode order (savedir's SAVEDIR_SORT_FASTREAD)
    const entries = listing.value.map((e) => {
      const st = this.ctx.fs.lstat(joinPath(src, e.name));
      return { name: e.name, ino: st.ok ? st.value.ino : 0 };
    });
    entries.sort((a, b) => a.ino - b.ino);
    for (const e of entries) await this.copy(joinPath(src, e.name), joinPath(dst, e.name), false);
    if (this.o.preserveTimes) this.ctx.fs.utimes(dst, info.atimeMs, info.mtimeMs);
  }

  private async copyFile(src: string, dst: string, info: FileInfo): Promise<void> {
    // open("") is ENOENT; the sandbox would resolve '' to the working directory
    if (dst === '') return this.error(`cannot create regular file '': No such file or directory`);
    const d = this.ctx.fs.stat(dst);
    // GNU stats the destination first: only "does not exist" goes on to create it
    if (!d.ok && d.error.code !== 'ENOENT') return this.error(`cannot stat ${quoteaf(dst)}: ${errorText(d.error)}`);
    if (d.ok) {
      if (same(info, d.value)) return this.error(`${quoteaf(src)} and ${quoteaf(dst)} are the same file`);
      if (d.value.type === 'dir') return this.error(`cannot overwrite directory ${quoteaf(dst)} with non-directory`);
      if (this.o.noClobber) return;
      // -p would chmod an existing file to the source's mode, which the sandbox cannot do: never
      // copy private bytes into a file that others may read
      if (this.o.preserveMode && (d.value.mode & 0o777 & ~info.mode) !== 0) {
        return this.error(`cannot preserve permissions of ${quoteaf(src)} for ${quoteaf(dst)}: rshell cannot change file modes (${modeText(d.value.mode)} is wider than ${modeText(info.mode)}); not copied`);
      }
      if (this.o.update && d.value.mtimeMs >= info.mtimeMs) return;
      if (this.o.removeDestination) {
        const gone = this.ctx.fs.unlink(dst);
        if (!gone.ok) return this.error(`cannot remove ${quoteaf(dst)}: ${errorText(gone.error)}`);
        if (this.o.verbose) await say(this.ctx.stdout, `removed ${quoteaf(dst)}\n`);
      }
    }
    const input = this.ctx.fs.open(src, { signal: this.ctx.signal });
    if (!input.ok) return this.error(`cannot open ${quoteaf(src)} for reading: ${errorText(input.error)}`);
    const reader = input.value;
    try {
      const existed = d.ok && !this.o.removeDestination;
      const opts: CreateOptions = { truncate: true };
      if (!existed && !this.o.noPreserveMode) opts.mode = info.mode & 0o777;
      const output = this.ctx.fs.openWrite(dst, opts);
      if (!output.ok) {
        const what = existed ? `cannot open ${quoteaf(dst)} for writing` : `cannot create regular file ${quoteaf(dst)}`;
        return this.error(`${what}: ${errorText(output.error)}`);
      }
      const writer = output.value;
      if (!existed && !this.o.noPreserveMode) {
        const tooOpen = this.createdTooOpen(dst, info);
        if (tooOpen !== undefined) {
          writer.close();
          this.ctx.fs.unlink(dst);
          return this.error(tooOpen);
        }
      }
      try {
        const failure = await this.pump(reader, writer);
        if (failure !== undefined) return this.error(`${failure.side} ${quoteaf(failure.side === 'error reading' ? src : dst)}: ${errorText(failure.err)}`);
      } finally {
        writer.close();
      }
    } finally {
      reader.close();
    }
    if (this.o.preserveTimes) this.ctx.fs.utimes(dst, info.atimeMs, info.mtimeMs);
    if (this.o.verbose) await say(this.ctx.stdout, `${quoteaf(src)} -> ${quoteaf(dst)}\n`);
  }

  /**
   * GNU cp creates a file with the source's permission bits minus the umask. The sandbox creates
   * with 0666 minus the umask, so a mode-600 source would give a world-readable copy: checked on
   * the new, still empty file, which is removed again before any byte is written.
   */
  private createdTooOpen(dst: string, info: FileInfo): string | undefined {
    const st = this.ctx.fs.stat(dst);
    if (!st.ok) return `cannot stat ${quoteaf(dst)}: ${errorText(st.error)}`;
    if ((st.value.mode & 0o777 & ~info.mode) === 0) return undefined;
    return `cannot create regular file ${quoteaf(dst)} with mode ${modeText(info.mode)}: rshell cannot set file modes and will not make a copy others may read (use --no-preserve=mode to allow ${modeText(st.value.mode)})`;
  }

  private async pump(
    reader: { read(): Uint8Array | null | Promise<Uint8Array | null>; error?: FsError },
    writer: { write(c: Uint8Array): void | Promise<void>; error?: FsError },
  ): Promise<{ side: 'error reading' | 'error writing'; err: FsError } | undefined> {
    for (let n = 0; ; n++) {
      if ((n & 63) === 0) this.ctx.checkAbort();
      let chunk = reader.read();
      if (chunk instanceof Promise) chunk = await chunk;
      if (chunk === null) break;
      const p = writer.write(chunk);
      if (p) await p;
      if (writer.error !== undefined) return { side: 'error writing', err: writer.error };
    }
    if (reader.error !== undefined) return { side: 'error reading', err: reader.error };
    return undefined;
  }
}
