// A minimal SandboxFS for builtin unit tests, used only until allowedpaths/index.ts exists. It maps
// paths under one root directory with plain node:fs calls (no symlink policing, read-only). Test
// code only: never used by the interpreter.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type {
  DirEntry, FileInfo, FileReader, FileType, FsError, FsErrorCode, Result, SandboxFS,
} from '../../allowedpaths/types.js';

const STRERROR: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  EROFS: 'Read-only file system',
  EINVAL: 'Invalid argument',
  EIO: 'Input/output error',
  ENAMETOOLONG: 'File name too long',
};

function fsError(e: unknown): FsError {
  const code = ((e as NodeJS.ErrnoException).code ?? 'EIO') as FsErrorCode;
  return { code, message: STRERROR[code] ?? 'Input/output error' };
}

function fail<T>(code: FsErrorCode): Result<T> {
  return { ok: false, error: { code, message: STRERROR[code] ?? code } };
}

function typeOf(s: fs.Stats): FileType {
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'dir';
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFIFO()) return 'fifo';
  if (s.isCharacterDevice()) return 'char';
  if (s.isBlockDevice()) return 'block';
  return 'socket';
}

function info(s: fs.Stats): FileInfo {
  return {
    type: typeOf(s), size: s.size, mode: s.mode, nlink: s.nlink, uid: s.uid, gid: s.gid, ino: s.ino,
    dev: s.dev, rdev: s.rdev, blocks: s.blocks, blksize: s.blksize, atimeMs: s.atimeMs,
    mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, birthtimeMs: s.birthtimeMs,
  };
}

function wrap<T>(f: () => T): Result<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, error: fsError(e) };
  }
}

export function fallbackSandboxFS(root: string, cwd: string, chunkSize = 65536): SandboxFS {
  const abs = (p: string): string => path.resolve(cwd, p);
  const inside = (p: string): boolean => {
    const a = abs(p);
    return a === root || a.startsWith(root + '/') || a === '/dev/null';
  };
  const guard = <T>(p: string, f: () => Result<T>): Result<T> => (inside(p) ? f() : fail<T>('EACCES'));
  return {
    cwd,
    abs,
    stat: (p) => guard(p, () => wrap(() => info(fs.statSync(abs(p))))),
    lstat: (p) => guard(p, () => wrap(() => info(fs.lstatSync(abs(p))))),
    readdir: (p) =>
      guard(p, () =>
        wrap((): DirEntry[] =>
          fs.readdirSync(abs(p), { withFileTypes: true }).map((d) => ({
            name: d.name,
            type: d.isDirectory() ? 'dir' : d.isSymbolicLink() ? 'symlink' : d.isFile() ? 'file' : 'fifo',
          })),
        ),
      ),
    readlink: (p) => guard(p, () => wrap(() => fs.readlinkSync(abs(p)))),
    realpath: (p) => guard(p, () => wrap(() => fs.realpathSync(abs(p)))),
    access: (p) => inside(p) && fs.existsSync(abs(p)),
    open: (p) =>
      guard(p, () =>
        wrap((): FileReader => {
          const fd = fs.openSync(abs(p), 'r');
          const st = info(fs.fstatSync(fd));
          let closed = false;
          const buf = new Uint8Array(chunkSize);
          return {
            info: st,
            read(): Uint8Array | null {
              if (closed) return null;
              let n: number;
              try {
                n = fs.readSync(fd, buf, 0, buf.length, null);
              } catch (e) {
                const err = fsError(e);
                throw Object.assign(new Error(err.message), { fsError: err });
              }
              return n === 0 ? null : buf.slice(0, n);
            },
            close(): void {
              if (!closed) fs.closeSync(fd);
              closed = true;
            },
          };
        }),
      ),
    readFile: (p, maxBytes) =>
      guard(p, () => {
        const r = wrap(() => fs.readFileSync(abs(p)));
        if (!r.ok) return r;
        if (r.value.length > maxBytes) return fail<Uint8Array>('EINVAL');
        return { ok: true, value: new Uint8Array(r.value) };
      }),
    openWrite: () => fail('EROFS'),
    mkdir: () => fail('EROFS'),
    unlink: () => fail('EROFS'),
    rmdir: () => fail('EROFS'),
    rename: () => fail('EROFS'),
    truncate: () => fail('EROFS'),
    utimes: () => fail('EROFS'),
    writable: () => false,
  };
}
