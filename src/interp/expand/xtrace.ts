// `set -x`: the trace lines bash writes before each command it runs. The prefix is PS4 expanded
// as a prompt, its first character repeated once per level of command substitution (`++ echo in`
// inside `$( )`); values are shown bare when safe, else in single quotes with any control
// character kept as it is (bash's xtrace does not use $'…').

import type { ByteWriter } from '../../../lib/io/streams.js';
import type { Shell } from '../state/shell.js';
import { expandPrompt } from './prompt.js';
import { isSafeWord, singleQuote } from '../state/quote.js';

/** a word as xtrace shows it */
export function traceQuote(s: string): string {
  return isSafeWord(s) ? s : singleQuote(s);
}

/** PS4, expanded, its first character repeated for each command substitution level */
function tracePrefix(sh: Shell): string {
  const v = sh.vars.lookup('PS4')?.value;
  const raw = typeof v === 'string' ? v : v === undefined ? '+ ' : '';
  const ps4 = raw === '+ ' || !/[$`\\]/.test(raw) ? raw : expandPromptQuietly(sh, raw);
  return sh.traceDepth > 0 && ps4 !== '' ? ps4[0]!.repeat(sh.traceDepth) + ps4 : ps4;
}

/** expanding PS4 must not trace itself, nor end the command when it fails */
function expandPromptQuietly(sh: Shell, raw: string): string {
  const was = sh.setOpts.xtrace;
  sh.setOpts.set('xtrace', false);
  try {
    return expandPrompt(sh, raw);
  } catch {
    return raw;
  } finally {
    sh.setOpts.set('xtrace', was);
  }
}

/** one trace line: to `to` (the stderr from before the command's redirections) or the shell's */
export function trace(sh: Shell, text: string, to?: ByteWriter): void {
  const line = tracePrefix(sh) + text;
  if (!to || to === sh.fds[2]?.writer) {
    sh.error(line);
    return;
  }
  try {
    const w = to.writeString(line + '\n');
    if (w) w.catch(() => undefined);
  } catch {
    // that stderr was closed: bash drops the trace too
  }
}

/**
 * `(( … ))` as set -x shows it: the text between the parentheses as written, its expansions done
 * (`((  3 + 1  ))` for `(( $x + 1 ))`); `expanded` gives the expression's expanded text
 */
export function traceArith(sh: Shell, inner: string, expanded: () => string): void {
  let text = inner;
  if (/[$`]/.test(inner)) {
    const m = /^(\s*)[\s\S]*?(\s*)$/.exec(inner)!;
    text = m[1]! + expanded().trim() + m[2]!;
  }
  trace(sh, `(( ${text} ))`);
}
