// Listing an open directory. Names are read as UTF-8 strings (node's fast path, about twice as
// fast as raw bytes plus our decode); a name that is not valid UTF-8 comes back with U+FFFD in it,
// and then the directory is read again as raw bytes, which decode() maps losslessly
// (surrogateescape), as the shell expects for such names.
//
// With a limit the entries are streamed in readdir order and reading stops at the limit, so a
// directory of millions of entries is never loaded to enforce a budget (find relies on the order:
// GNU find prints readdir order). Without one, a single readdir call (libuv sorts those names).

import * as fs from 'node:fs';
import { decode } from '../lib/io/encoding.js';
import { fromNode, ok } from './errors.js';
import type { DirRef, Native } from './native.js';
import type { DirEntry, FileType, Result } from './types.js';

/** the entries of the open directory `dir` except '.' and '..'; at most `limit` */
export function listDirectory(nat: Native, dir: DirRef, limit: number): Result<DirEntry[]> {
  const where = nat.child(dir, '');
  try {
    if (limit === Infinity) return ok(readAll(where));
    return ok(readStreaming(where, limit, false) ?? (readStreaming(where, limit, true) as DirEntry[]));
  } catch (e) {
    return { ok: false, error: fromNode(e) };
  }
}

function readAll(where: string | Buffer): DirEntry[] {
  const ents = fs.readdirSync(where as string, { withFileTypes: true });
  const out: DirEntry[] = new Array(ents.length);
  for (let i = 0; i < ents.length; i++) {
    const d = ents[i]!;
    if (d.name.includes('\uFFFD')) return readAllBytes(where);
    out[i] = { name: d.name, type: direntType(d) };
  }
  return out;
}

function readAllBytes(where: string | Buffer): DirEntry[] {
  return fs.readdirSync(where as string, { withFileTypes: true, encoding: 'buffer' as BufferEncoding }).map(toEntry);
}

/** called once, with fs.Dir's prototype, when the first directory is opened (see onFirstDirectory) */
let firstDirHook: ((dirPrototype: object) => void) | null = null;

/**
 * Lets the rshell CLI, which owns its process, adjust fs.Dir when a script first lists a directory
 * (dir-promisify.ts); the library itself never sets it.
 */
export function onFirstDirectory(hook: (dirPrototype: object) => void): void {
  firstDirHook = hook;
}

/** entries in readdir order up to `limit`; null when a name needs raw bytes and !asBytes */
function readStreaming(where: string | Buffer, limit: number, asBytes: boolean): DirEntry[] | null {
  const out: DirEntry[] = [];
  // 256 entries per getdents batch instead of 32: fewer native calls for the usual directory
  const handle = fs.opendirSync(where as string, asBytes ? { encoding: 'buffer' as BufferEncoding, bufferSize: 256 } : { bufferSize: 256 });
  if (firstDirHook !== null) {
    const hook = firstDirHook;
    firstDirHook = null;
    hook(Object.getPrototypeOf(handle) as object);
  }
  try {
    for (let d = handle.readSync(); d !== null && out.length < limit; d = handle.readSync()) {
      if (asBytes) out.push(toEntry(d));
      else if (d.name.includes('\uFFFD')) return null;
      else out.push({ name: d.name, type: direntType(d) });
    }
  } finally {
    handle.closeSync();
  }
  return out;
}

export function toEntry(d: fs.Dirent | fs.Dirent<Buffer>): DirEntry {
  const raw = d.name as string | Buffer;
  return { name: typeof raw === 'string' ? raw : decode(raw), type: direntType(d as fs.Dirent) };
}

function direntType(d: fs.Dirent): FileType {
  if (d.isFile()) return 'file';
  if (d.isDirectory()) return 'dir';
  if (d.isSymbolicLink()) return 'symlink';
  if (d.isFIFO()) return 'fifo';
  if (d.isCharacterDevice()) return 'char';
  if (d.isBlockDevice()) return 'block';
  return 'socket';
}
