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
import { dirName, isInside, joinPath } from '../internal/copy-targets.js';
import { setMode } from '../internal/set-mode.js';

export interface CopyOptions {
  recursive: boolean;
  /** follow symlinks: 'always' (-L), 'command-line' (-H, and plain cp without -r), 'never' (-P) */
  dereference: 'always' | 'command-line' | 'never';
  noClobber: boolean;
  update: boolean;
  verbose: boolean;
  preserveTimes: boolean;
  /** -p, -a, --preserve=mode: the copy gets exactly the source's mode, an existing one too */
  preserveMode: boolean;
  /** --no-preserve=mode: a new file gets the default 0666 & ~umask (0777 for a directory) */
  noPreserveMode: boolean;
  removeDestination: boolean;
}


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
    // the directory itself reached through a link: GNU stops there, before copying into it
    if (d.ok && same(info, d.value)) return this.error(`${quoteaf(src)} and ${quoteaf(dst)} are the same file`);
    if (d.ok && d.value.type !== 'dir') {
      return this.error(`cannot overwrite non-directory ${quoteaf(dst)} with directory ${quoteaf(src)}`);
    }
    // the mode the directory gets once filled (undefined: leave it as made or found)
    let finalMode: number | undefined;
    if (!d.ok) {
      // GNU hands mkdir(2) the source's mode bits plus u+rwx, so that the copy can fill it (the
      // kernel removes the umask, keeps the sticky bit and ignores set-ID bits), and takes away
      // the owner bits the source lacks once it is filled
      const made = this.ctx.fs.mkdir(dst, { mode: this.o.noPreserveMode ? 0o777 : (info.mode & 0o7777) | 0o700 });
      if (!made.ok) return this.error(`cannot create directory ${quoteaf(dst)}: ${errorText(made.error)}`);
      if (this.o.verbose) await say(this.ctx.stdout, `${quoteaf(src)} -> ${quoteaf(dst)}\n`);
      if (!this.o.preserveMode && !this.o.noPreserveMode && (info.mode & 0o700) !== 0o700) {
        const now = this.ctx.fs.stat(dst);
        if (now.ok) finalMode = now.value.mode & 0o7777 & ~(0o700 & ~info.mode);
      }
    }
    if (this.o.preserveMode) finalMode = info.mode;
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
    if (finalMode !== undefined) await this.applyMode(dst, finalMode);
  }

  /** chmod the copy; a failure is GNU's "preserving permissions" (or "setting", without -p) error */
  private async applyMode(dst: string, mode: number): Promise<void> {
    const err = setMode(this.ctx.fs, dst, mode);
    if (err !== undefined) await this.error(`${this.o.preserveMode ? 'preserving' : 'setting'} permissions for ${quoteaf(dst)}: ${errorText(err)}`);
  }

  private async copyFile(src: string, dst: string, info: FileInfo): Promise<void> {
    // open("") is ENOENT; the sandbox would resolve '' to the working directory
    if (dst === '') return this.error(`cannot create regular file '': No such file or directory`);
    const d = this.ctx.fs.stat(dst);
    // GNU stats the destination first: only "does not exist" goes on to create it
    if (!d.ok && d.error.code !== 'ENOENT') return this.error(`cannot stat ${quoteaf(dst)}: ${errorText(d.error)}`);
    // a missing `dir/` cannot be a regular file: GNU 9.1 says so (ENOTDIR, not open's EISDIR)
    if (!d.ok && dst.endsWith('/')) return this.error(`cannot create regular file ${quoteaf(dst)}: Not a directory`);
    if (d.ok) {
      // -n skips an existing destination before anything is compared (`cp -n f f` is silent)
      if (this.o.noClobber) return;
      if (same(info, d.value)) return this.error(`${quoteaf(src)} and ${quoteaf(dst)} are the same file`);
      // -u skips an older file before the types are compared (GNU)
      if (this.o.update && d.value.mtimeMs >= info.mtimeMs) return;
      if (d.value.type === 'dir') return this.error(`cannot overwrite directory ${quoteaf(dst)} with non-directory`);
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
      // GNU creates the file with the source's permission bits less the umask (never wider than
      // the source); an existing file keeps its mode unless -p asks for the source's
      const opts: OpenWriteOptions = { truncate: true };
      if (!existed && !this.o.noPreserveMode) opts.mode = info.mode & 0o777;
      const output = this.ctx.fs.openWrite(dst, opts);
      if (!output.ok) {
        const what = existed ? `cannot open ${quoteaf(dst)} for writing` : `cannot create regular file ${quoteaf(dst)}`;
        return this.error(`${what}: ${errorText(output.error)}`);
      }
      const writer = output.value;
      // -p: the mode is set before any byte is written (GNU sets it after), so an existing file
      // others may read never holds the private source's bytes; the open descriptor still writes
      if (this.o.preserveMode) await this.applyMode(dst, info.mode);
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
