// sed --follow-symlinks without -i: GNU resolves each operand's symlink chain when it opens the
// file (utils.c follow_symlink), and a name it cannot lstat on the way ends the run there
// (`couldn't readlink NAME: …`, status 4) instead of the usual `can't read` and status 2. The
// name reported is the one that failed: the operand, or a link's target (a relative target is
// taken from the link's directory, as GNU builds it).

import type { CallContext } from '../types.js';
import { errorText } from '../../allowedpaths/index.js';

/** GNU's MAXSYMLINKS-free loop is bounded by ELOOP in lstat's own walk; ours by this */
const MAX_LINKS = 40;

function failureOf(ctx: CallContext, name: string): string | undefined {
  let fn = name;
  for (let i = 0; i < MAX_LINKS; i++) {
    const st = ctx.fs.lstat(fn);
    if (!st.ok) return `sed: couldn't readlink ${fn}: ${errorText(st.error)}\n`;
    if (st.value.type !== 'symlink') return undefined;
    const target = ctx.fs.readlink(fn);
    if (!target.ok) return `sed: couldn't readlink ${fn}: ${errorText(target.error)}\n`;
    const slash = fn.lastIndexOf('/');
    fn = target.value.startsWith('/') || slash < 0 ? target.value : fn.slice(0, slash + 1) + target.value;
  }
  return undefined;
}

/** the operands (by index) whose chain cannot be followed, with GNU's fatal message */
export function followFailures(ctx: CallContext, operands: readonly string[]): Map<number, string> {
  const fatalAt = new Map<number, string>();
  operands.forEach((name, i) => {
    if (name === '-') return;
    const failure = failureOf(ctx, name);
    if (failure !== undefined) fatalAt.set(i, failure);
  });
  return fatalAt;
}
