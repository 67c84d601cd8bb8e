// The three tiny writers most builtins need: write text to a stream (awaiting only when the
// stream asks to), and the two "write and return a status" shapes of --help/--version (stdout,
// 0) and of a one-line refusal (stderr, 1).

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

/** print `text` to stdout and return status 0 (for --help / --version) */
export async function printAndExit(ctx: Pick<CallContext, 'stdout'>, text: string): Promise<number> {
  await say(ctx.stdout, text);
  return 0;
}

/** print `text` to stderr and return status 1 (for a refusal with no usage hint) */
export async function printErrorAndFail(ctx: Pick<CallContext, 'stderr'>, text: string): Promise<number> {
  await say(ctx.stderr, text);
  return 1;
}
