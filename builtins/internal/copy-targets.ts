// How cp and mv turn their operands into (source, destination) pairs, with GNU's rules and
// wording: `-t DIR`, `-T`, a last operand that is a directory,
// `missing destination file operand after 'a'`, `target 'x': Not a directory`.

import type { CallContext } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';
import { quoteaf } from './quote.js';

export type Targets =
  /** intoDir: the sources go into a directory (-t, or a last operand that is one) */
  | { ok: true; pairs: [string, string][]; intoDir: boolean }
  /** usage: print `cmd: msg` + Try line; plain: print the line as is */
  | { ok: false; usage?: string; plain?: string };

/** the last component of a path, trailing slashes ignored (GNU's last_component) */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return path.startsWith('/') ? '/' : '';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** --strip-trailing-slashes (GNU's strip_trailing_slashes: '/' stays '/') */
export function stripTrailingSlashes(path: string): string {
  return path.replace(/(.)\/+$/, '$1');
}

/** dir/name, without doubling slashes */
export function joinPath(dir: string, name: string): string {
  const trimmed = dir.replace(/\/+$/, '');
  return `${trimmed === '' && dir.startsWith('/') ? '' : trimmed}/${name}`;
}

function isDir(ctx: CallContext, path: string): boolean {
  const st = ctx.fs.stat(path);
  return st.ok && st.value.type === 'dir';
}

/**
 * GNU's option loop dies at a second -t/--target-directory (the flag both commands call
 * `targetDirectory`), before anything after it: the line to print, or undefined.
 */
export function multipleTargetDirectories(cmd: string, order: readonly { name: string }[]): string | undefined {
  let seen = false;
  for (const o of order) {
    if (o.name !== 'targetDirectory') continue;
    if (seen) return `${cmd}: multiple target directories specified\n`;
    seen = true;
  }
  return undefined;
}

export function resolveTargets(
  ctx: CallContext,
  cmd: string,
  operands: readonly string[],
  targetDir: string | undefined,
  noTargetDir: boolean,
): Targets {
  // GNU's do_copy (and mv's main) order: the operand count, then -T's checks, then -t's directory
  if (operands.length <= (targetDir === undefined ? 1 : 0)) {
    if (operands.length === 0) return { ok: false, usage: 'missing file operand' };
    return { ok: false, usage: `missing destination file operand after ${quoteaf(operands[0]!)}` };
  }
  if (noTargetDir) {
    if (targetDir !== undefined) {
      return { ok: false, plain: `${cmd}: cannot combine --target-directory (-t) and --no-target-directory (-T)\n` };
    }
    if (operands.length > 2) return { ok: false, usage: `extra operand ${quoteaf(operands[2]!)}` };
    // two operands exactly: more than one without -t (above), not three
    return { ok: true, pairs: [[operands[0]!, operands[1]!]], intoDir: false };
  }
  if (targetDir !== undefined) {
    const st = ctx.fs.stat(targetDir);
    if (!st.ok) return { ok: false, plain: `${cmd}: target directory ${quoteaf(targetDir)}: ${errorText(st.error)}\n` };
    if (st.value.type !== 'dir') return { ok: false, plain: `${cmd}: target directory ${quoteaf(targetDir)}: Not a directory\n` };
    return { ok: true, pairs: operands.map((src) => [src, joinPath(targetDir, baseName(src))]), intoDir: true };
  }
  const last = operands[operands.length - 1]!;
  const sources = operands.slice(0, -1);
  if (isDir(ctx, last)) return { ok: true, pairs: sources.map((src) => [src, joinPath(last, baseName(src))]), intoDir: true };
  if (operands.length === 2) return { ok: true, pairs: [[operands[0]!, last]], intoDir: false };
  const st = ctx.fs.stat(last);
  if (!st.ok) return { ok: false, plain: `${cmd}: target ${quoteaf(last)}: ${errorText(st.error)}\n` };
  return { ok: false, plain: `${cmd}: target ${quoteaf(last)}: Not a directory\n` };
}

/** is `inner` the directory `outer` itself or somewhere below it (physical paths) */
export function isInside(ctx: CallContext, outer: string, innerParent: string): boolean {
  const a = ctx.fs.realpath(outer);
  const b = ctx.fs.realpath(innerParent);
  if (!a.ok || !b.ok) return false;
  return b.value === a.value || b.value.startsWith(a.value.endsWith('/') ? a.value : `${a.value}/`);
}

/** the directory part of a path ('.' when none) */
export function dirName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const i = trimmed.lastIndexOf('/');
  if (i < 0) return '.';
  if (i === 0) return '/';
  return trimmed.slice(0, i);
}
