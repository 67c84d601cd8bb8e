// The tiny writers most builtins need: write text to a stream (awaiting only when the stream asks
// to), and "write and return a status" (--help/--version on stdout with 0, done by defineCommand;
// a one-line refusal on stderr with 1).

import type { CallContext } from '../types.js';

/** write text to a stream, awaiting only when the stream asks to */
export async function say(stream: { writeString(s: string): void | Promise<void> }, text: string): Promise<void> {
  if (text === '') return;
  const p = stream.writeString(text);
  if (p) await p;
}

/** write text and return `status`: synchronously when the stream does not ask to wait */
export function writeThen(stream: { writeString(s: string): void | Promise<void> }, text: string, status: number): number | Promise<number> {
  const p = stream.writeString(text);
  return p ? p.then(() => status) : status;
}

/** print `text` to stderr and return status 1 (for a refusal with no usage hint) */
export async function printErrorAndFail(ctx: Pick<CallContext, 'stderr'>, text: string): Promise<number> {
  await say(ctx.stderr, text);
  return 1;
}
