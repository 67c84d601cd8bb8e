// Giving a copy its source's permission bits (cp -p / --preserve=mode / -a, mv across file systems)
// through the sandbox's chmod. The sandbox refuses set-user-ID and set-group-ID bits on a file
// (a script running as root could otherwise make a set-ID program): the copy then keeps every
// other bit and the refusal is reported, as GNU reports a chmod it could not make.

import type { FsError, SandboxFS } from '../../allowedpaths/types.js';

const SET_ID = 0o6000;
const NO_CHMOD: FsError = { code: 'EPERM', message: 'Operation not permitted' };

/** chmod `path` to `mode` (0o7777 bits); the error, if any, after the best the sandbox allows */
export function setMode(fs: SandboxFS, path: string, mode: number): FsError | undefined {
  const bits = mode & 0o7777;
  const r = fs.chmod?.(path, bits);
  if (r === undefined) return NO_CHMOD;
  if (r.ok) return undefined;
  if (r.error.code === 'EPERM' && (bits & SET_ID) !== 0) fs.chmod?.(path, bits & ~SET_ID);
  return r.error;
}
