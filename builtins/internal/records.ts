// Write basename/dirname results, each ended by a newline or (with -z) a NUL, in one write.

import type { CallContext } from '../types.js';

export function writeRecords(ctx: CallContext, records: readonly Uint8Array[], zero: boolean): number | Promise<number> {
  let total = 0;
  for (const r of records) total += r.length + 1;
  const out = new Uint8Array(total);
  const end = zero ? 0 : 0x0a;
  let at = 0;
  for (const r of records) {
    out.set(r, at);
    at += r.length;
    out[at++] = end;
  }
  const p = ctx.stdout.write(out);
  return p ? p.then(() => 0) : 0;
}
