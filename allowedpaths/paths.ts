// Path strings: lexical splitting and cleaning (never used to decide access, only to find where a
// walk starts and to print names), and conversion of script strings to the bytes the kernel sees.

import { encode } from '../lib/io/encoding.js';

/** Linux PATH_MAX: longer paths fail with ENAMETOOLONG before any lookup (as the kernel does) */
export const PATH_MAX = 4096;

/** A path split for walking: components with '' and '.' removed, '..' kept (it is physical). */
export interface SplitPath {
  absolute: boolean;
  comps: string[];
  /** the path ends in '/', '/.' or '/..': its last object must be a directory, reached itself */
  dirOnly: boolean;
}

export function splitPath(path: string): SplitPath {
  // a plain name (`cat *` hands over thousands of them): one component, nothing to clean
  if (!path.includes('/') && path !== '.' && path !== '..' && path !== '') return { absolute: false, comps: [path], dirOnly: false };
  const absolute = path.startsWith('/');
  const raw = path.split('/');
  const comps: string[] = [];
  for (const c of raw) if (c !== '' && c !== '.') comps.push(c);
  const last = raw[raw.length - 1];
  const dirOnly = raw.length > 1 && (last === '' || last === '.' || last === '..');
  return { absolute, comps, dirOnly: dirOnly || (comps.length > 0 && comps[comps.length - 1] === '..') || path === '.' };
}

/** lexical clean of an absolute path: collapses '//', '.', and 'x/..' (bash's logical view) */
export function cleanAbsolute(path: string): string {
  const out: string[] = [];
  for (const c of path.split('/')) {
    if (c === '' || c === '.') continue;
    if (c === '..') out.pop();
    else out.push(c);
  }
  return '/' + out.join('/');
}

/** `path` made absolute against `cwd` and cleaned lexically */
export function absolutePath(cwd: string, path: string): string {
  return cleanAbsolute(path.startsWith('/') ? path : `${cwd}/${path}`);
}

/** collapse '//' and '/./' but keep '..' (the form used to match roots and device exceptions) */
export function normalizeKeepDots(path: string): string {
  const out: string[] = [];
  for (const c of path.split('/')) if (c !== '' && c !== '.') out.push(c);
  return '/' + out.join('/');
}

/** join an absolute physical directory and a name */
export function joinPhysical(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** a lone low surrogate U+DC80..U+DCFF is a surrogate-escaped raw byte (see encoding.ts) */
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;

/**
 * An escaped byte is a lone surrogate, so a well-formed string has none: String#isWellFormed
 * (native, Node ≥ 20) answers that before the regex has to look (every open goes through here).
 */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
const mayHoldEscapedByte = (s: string): boolean => (isWellFormed === undefined || !isWellFormed.call(s)) && ESCAPED_BYTE.test(s);

/** the form node:fs needs so that raw (non-UTF-8) bytes in names reach the kernel unchanged */
export function nativePath(path: string): string | Buffer {
  return mayHoldEscapedByte(path) ? Buffer.from(encode(path)) : path;
}

/** byte length as the kernel counts it */
export function byteLength(s: string): number {
  return mayHoldEscapedByte(s) ? encode(s).length : Buffer.byteLength(s, 'utf8');
}
