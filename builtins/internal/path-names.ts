// The pure byte-string rules behind GNU basename and dirname (gnulib last_component, base_len,
// base_name, strip_trailing_slashes, dir_len) on POSIX, where `//` is not a distinct root. Names
// are bytes because that is what GNU compares: a suffix may end in the middle of a UTF-8
// character, and `/` (0x2f) is never part of a multi-byte one. No file system access at all.

const SLASH = 0x2f;

/** index where the last component starts (gnulib last_component); `name.length` for all-slash names */
export function lastComponentStart(name: Uint8Array): number {
  let base = 0;
  while (base < name.length && name[base] === SLASH) base++;
  let lastWasSlash = false;
  for (let p = base; p < name.length; p++) {
    if (name[p] === SLASH) lastWasSlash = true;
    else if (lastWasSlash) {
      base = p;
      lastWasSlash = false;
    }
  }
  // trailing slashes after the last component leave base on it
  return base;
}

/** end of `name[from..]` (which starts on a non-slash byte) without its trailing slashes */
function withoutTrailingSlashes(name: Uint8Array, from: number): number {
  let end = name.length;
  while (end - from > 1 && name[end - 1] === SLASH) end--;
  return end;
}

/**
 * basename's NAME: the last component without trailing slashes; `/` for a name made only of
 * slashes (`//` included: Linux has no distinct `//` root); empty for an empty name.
 */
export function baseName(name: Uint8Array): Uint8Array {
  if (name.length === 0) return name;
  const start = lastComponentStart(name);
  if (start === name.length) return name.subarray(0, 1);
  return name.subarray(start, withoutTrailingSlashes(name, start));
}

/**
 * Remove `suffix` from the end of a basename result, unless it is the whole name or the name is
 * the root `/` (GNU checks IS_RELATIVE_FILE_NAME before remove_suffix).
 */
export function removeSuffix(base: Uint8Array, suffix: Uint8Array): Uint8Array {
  if (base.length <= suffix.length || base[0] === SLASH) return base;
  const offset = base.length - suffix.length;
  for (let i = 0; i < suffix.length; i++) if (base[offset + i] !== suffix[i]) return base;
  return base.subarray(0, offset);
}

/**
 * dirname's NAME: everything before the last component, without the slashes that separate them
 * (gnulib dir_len); a leading slash is kept (`/a` → `/`, `//a` → `/`), and a name with no
 * directory part gives `.`.
 */
export function dirName(name: Uint8Array): Uint8Array {
  const keep = name[0] === SLASH ? 1 : 0;
  let len = lastComponentStart(name);
  while (len > keep && name[len - 1] === SLASH) len--;
  return len === 0 ? DOT : name.subarray(0, len);
}

const DOT = new Uint8Array([0x2e]);
