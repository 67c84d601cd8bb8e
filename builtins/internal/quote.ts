// GNU quotearg, C locale: how coreutils quotes file names and arguments in messages.
//
//   quotef(name)   shell-escape style, quotes only when needed, ':' forces quotes
//                  (`cat: 'a b': No such file or directory`)
//   quoteaf(name)  shell-escape-always style (`head: cannot open 'x' for reading: …`)
//   quote(arg)     locale style, 'x' with C escapes (`head: invalid number of lines: 'a\nb'`)
//
// Every style works on the argument's bytes (surrogateescape-encoded strings are turned back into
// their raw bytes): in the C locale only 0x20–0x7e are printable, everything else is escaped as
// octal. The output is pure ASCII.
//
// The algorithm follows gnulib's quotearg_buffer_restyled as shipped with coreutils 9.1, including
// its quirks (a name with a single quote and an escape can start with `'''`), because messages are
// compared byte for byte with GNU.

import { encode } from '../../lib/io/encoding.js';

type Style = 'shell' | 'c' | 'locale';

interface StyleOptions {
  style: Style;
  /** quotes only when needed (shell-escape) */
  elide: boolean;
  /** extra characters that force quoting (quotef's ':') */
  quoteTooColon: boolean;
  /** for the single-quote re-pass quirk */
  initialPendingEnd: boolean;
}

interface PassResult {
  /** null: needs outer quotes, caller retries */
  out: string | null;
  encounteredSingleQuote: boolean;
  allCompat: boolean;
  pendingEnd: boolean;
}

const SAFE = new Uint8Array(256);
for (const ch of '%+,-./0123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ]_abcdefghijklmnopqrstuvwxyz') {
  SAFE[ch.charCodeAt(0)] = 1;
}
const SHELL_SPECIAL = new Uint8Array(256);
for (const ch of '!"$&()*;<=>[^`|') SHELL_SPECIAL[ch.charCodeAt(0)] = 1;

const C_ESCAPES: Record<number, { esc: string; shellToo: boolean }> = {
  0x07: { esc: 'a', shellToo: false },
  0x08: { esc: 'b', shellToo: false },
  0x0c: { esc: 'f', shellToo: false },
  0x0a: { esc: 'n', shellToo: true },
  0x0d: { esc: 'r', shellToo: true },
  0x09: { esc: 't', shellToo: true },
  0x0b: { esc: 'v', shellToo: false },
};

/** out is null only with o.elide (every fail() below needs it): a pass without it reads out! */
function onePass(arg: Uint8Array, o: StyleOptions): PassResult {
  const shell = o.style === 'shell';
  const elide = o.elide;
  // every style used here has backslash escapes; the closing quote char must be escaped
  const quoteChar = o.style === 'c' ? 0x22 : 0x27;
  let out = '';
  let pendingEnd = o.initialPendingEnd;
  let encounteredSingleQuote = false;
  let allCompat = true;
  const fail = (): PassResult => ({ out: null, encounteredSingleQuote, allCompat, pendingEnd });

  if (!elide) out += o.style === 'c' ? '"' : "'";

  for (let i = 0; i < arg.length; i++) {
    const c = arg[i]!;
    let ch = String.fromCharCode(c);
    let escaping = false;
    let compat = false;
    let isRightQuote = false;
    let storeEscape = false;
    // START_ESC: returns false when the outer quotes must be forced
    const startEsc = (): boolean => {
      if (elide) return false;
      escaping = true;
      if (shell && !pendingEnd) {
        out += "'$'";
        pendingEnd = true;
      }
      out += '\\';
      return true;
    };

    if (!shell && c === quoteChar) {
      if (elide) return fail();
      isRightQuote = true;
    }

    const cEsc = C_ESCAPES[c];
    if (cEsc !== undefined) {
      if (cEsc.shellToo && shell && elide) return fail();
      ch = cEsc.esc;
      storeEscape = true;
    } else if (c === 0x5c) {
      // backslash: never escaped in the shell styles
      if (shell) {
        if (elide) return fail();
      } else {
        storeEscape = true;
      }
    } else if (c === 0x3f) {
      if (shell && elide) return fail();
    } else if (c === 0x27) {
      encounteredSingleQuote = true;
      compat = true;
      if (shell) {
        if (elide) return fail();
        out += "'\\'";
        pendingEnd = false;
      }
    } else if (SAFE[c] === 1) {
      compat = true;
    } else if (isSpecialHere(arg, i, c)) {
      if (c === 0x20 || c === 0x7b || c === 0x7d || c === 0x23 || c === 0x7e) compat = true;
      if (shell && elide) return fail();
    } else if (SHELL_SPECIAL[c] === 1 || c === 0x7b || c === 0x7d || c === 0x23 || c === 0x7e) {
      // '{' '}' '#' '~' outside their special positions: stored as is, not compat
    } else {
      const printable = c >= 0x20 && c < 0x7f;
      compat = printable;
      if (!printable) {
        if (!startEsc()) return fail();
        out += String.fromCharCode(0x30 + (c >> 6), 0x30 + ((c >> 3) & 7));
        ch = String.fromCharCode(0x30 + (c & 7));
        // store_c below (END_ESC is a no-op while escaping)
      }
    }

    if (storeEscape || isRightQuote) {
      if (!startEsc()) return fail();
    } else if (o.quoteTooColon && elide && c === 0x3a) {
      // quote_these_too hit: goes through store_escape, which forces the outer quotes
      return fail();
    }
    // store_c: END_ESC
    if (pendingEnd && !escaping) {
      out += "''";
      pendingEnd = false;
    }
    out += ch;
    if (!compat) allCompat = false;
  }

  if (out.length === 0 && shell && elide) return fail();
  if (!elide) out += o.style === 'c' ? '"' : "'";
  return { out, encounteredSingleQuote, allCompat, pendingEnd };
}

/** ' ' always; '#' '~' at the start; '{' '}' when the whole argument is that one character */
function isSpecialHere(arg: Uint8Array, i: number, c: number): boolean {
  if (c === 0x20) return true;
  if (c === 0x7b || c === 0x7d) return arg.length === 1;
  if (c === 0x23 || c === 0x7e) return i === 0;
  return SHELL_SPECIAL[c] === 1;
}

function shellQuote(bytes: Uint8Array, elide: boolean, colon: boolean): string {
  if (elide) {
    const r = onePass(bytes, { style: 'shell', elide: true, quoteTooColon: colon, initialPendingEnd: false });
    if (r.out !== null) return r.out;
  }
  const first = onePass(bytes, { style: 'shell', elide: false, quoteTooColon: false, initialPendingEnd: false });
  if (first.encounteredSingleQuote) {
    if (first.allCompat) {
      return onePass(bytes, { style: 'c', elide: false, quoteTooColon: false, initialPendingEnd: false }).out!;
    }
    // gnulib re-runs the pass to write the output without resetting its pending "$'" state
    return onePass(bytes, { style: 'shell', elide: false, quoteTooColon: false, initialPendingEnd: first.pendingEnd })
      .out!;
  }
  return first.out!;
}

function toBytes(s: string | Uint8Array): Uint8Array {
  return typeof s === 'string' ? encode(s) : s;
}

/** coreutils quotef(): shell-escape quoting, only when needed (also for ':'). */
export function quotef(name: string | Uint8Array): string {
  return shellQuote(toBytes(name), true, true);
}

/** gnulib shell_escape_quoting_style: quotes only when needed, ':' left alone (xargs -t). */
export function quoteShellEscape(arg: string | Uint8Array): string {
  return shellQuote(toBytes(arg), true, false);
}

/** coreutils quoteaf(): shell-escape quoting, always quoted. */
export function quoteaf(name: string | Uint8Array): string {
  return shellQuote(toBytes(name), false, false);
}

/** gnulib quote(): 'arg' with C-style escapes (C locale). */
export function quote(arg: string | Uint8Array): string {
  return onePass(toBytes(arg), { style: 'locale', elide: false, quoteTooColon: false, initialPendingEnd: false }).out!;
}
