// awk works on bytes (C locale): its strings are latin1 byte strings, one char per byte. The
// shell's strings (arguments, variables, file names, command text) are UTF-8 with surrogateescape.
// These convert at the boundary; ASCII text, the common case, passes unchanged.

import { Buffer } from 'node:buffer';
import { decode, encode } from '../../lib/io/encoding.js';
import { toLatin1 } from '../../lib/regex/index.js';

const NON_ASCII = /[^\x00-\x7f]/;

/** a shell string → awk's byte string */
export function fromShell(s: string): string {
  return NON_ASCII.test(s) ? toLatin1(encode(s)) : s;
}

/** awk's byte string → a shell string (file names, commands, environment values) */
export function toShell(s: string): string {
  return NON_ASCII.test(s) ? decode(new Uint8Array(Buffer.from(s, 'latin1'))) : s;
}

/** write a byte string to a stream (diagnostics that quote the program or its data) */
export async function sayBytes(stream: { write(b: Uint8Array): void | Promise<void> }, text: string): Promise<void> {
  if (text === '') return;
  const p = stream.write(new Uint8Array(Buffer.from(text, 'latin1')));
  if (p) await p;
}
