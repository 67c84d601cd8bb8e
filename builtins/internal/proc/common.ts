// Small pieces shared by the system builtins.

import type { CallContext } from '../../types.js';
import { isLinux } from './kernel.js';
import { ProcReader } from './reader.js';

/** the reader over ctx.procPath */
export function procOf(ctx: CallContext): ProcReader {
  return new ProcReader(ctx.procPath);
}

/** write text to stdout, awaiting only when the pipe asks */
export function writeOut(ctx: CallContext, text: string): void | Promise<void> {
  if (text === '') return;
  return ctx.stdout.writeString(text);
}

/** write `text` to stderr and return `status` (promise only when the writer asks to wait) */
export function fail(ctx: CallContext, text: string, status: number): number | Promise<number> {
  const p = ctx.stderr.writeString(text);
  return p ? p.then(() => status) : status;
}

/** write stdout then return status */
export function done(ctx: CallContext, text: string, status = 0): number | Promise<number> {
  const p = writeOut(ctx, text);
  return p ? p.then(() => status) : status;
}

/** `cmd: not supported on this platform` (exit 1) when not on Linux, else undefined */
export function refuseOffLinux(ctx: CallContext): number | Promise<number> | undefined {
  if (isLinux()) return undefined;
  return fail(ctx, `${ctx.name}: not supported on this platform\n`, 1);
}

/** wait `ms` unless the run is cancelled or its deadline passes first (then checkAbort throws) */
export async function sleepWithin(ctx: CallContext, ms: number): Promise<void> {
  ctx.checkAbort();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', done);
      resolve();
    }
    ctx.signal.addEventListener('abort', done, { once: true });
  });
  ctx.checkAbort();
}
