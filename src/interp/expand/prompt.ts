// Prompt expansion, as bash does for PS1 and `${var@P}`: backslash escapes first (\u \h \w \$ …),
// then, with `shopt promptvars` (on by default), parameter expansion, command substitution and
// arithmetic on the result, with quotes kept literally (bash's double-quote rules without quote
// removal: the rules of a here-document body, which is how the result is parsed here).
//
// rshell has no password database, no terminal and no history: \u is $USER (`root` for uid 0
// without USER), \h/\H are $HOSTNAME (`localhost` without it), \l is `tty`, \! and \# count 1,
// \j (jobs) is 0. Times use the exported TZ like printf's %(fmt)T.

import type { Word } from '../../syntax/ast.js';
import { parse } from '../../syntax/index.js';
import { expandHeredoc } from './expand.js';
import { strftime } from '../../../lib/time/strftime.js';
import type { Shell } from '../state/shell.js';
import { readScalar } from './var-access.js';
import { ATTR } from '../state/vars.js';
import { BASH_PATCHED, BASH_RELEASE } from '../state/bash-version.js';


type Escape = (sh: Shell) => string;

const now = (sh: Shell, fmt: string): string => strftime(fmt, Math.floor(Date.now() / 1000), exportedTz(sh));

function exportedTz(sh: Shell): string | undefined {
  const v = sh.vars.lookup('TZ');
  return v && typeof v.value === 'string' && v.attrs & ATTR.export ? v.value : undefined;
}

function hostname(sh: Shell): string {
  return readScalar(sh, 'HOSTNAME') || 'localhost';
}

function userName(sh: Shell): string {
  const user = readScalar(sh, 'USER');
  if (user) return user;
  return readScalar(sh, 'EUID') === '0' ? 'root' : '';
}

/** $PWD with $HOME shown as ~ (\w) */
function tildePwd(sh: Shell): string {
  const pwd = readScalar(sh, 'PWD') ?? sh.cwd;
  const home = readScalar(sh, 'HOME');
  if (home && home !== '/' && (pwd === home || pwd.startsWith(home + '/'))) return '~' + pwd.slice(home.length);
  return pwd;
}

function pwdBase(sh: Shell): string {
  const pwd = readScalar(sh, 'PWD') ?? sh.cwd;
  if (pwd === readScalar(sh, 'HOME')) return '~';
  if (pwd === '/') return '/';
  return pwd.slice(pwd.replace(/\/+$/, '').lastIndexOf('/') + 1);
}

const ESCAPES: Record<string, Escape> = {
  a: () => '\x07',
  d: (sh) => now(sh, '%a %b %d'),
  e: () => '\x1b',
  h: (sh) => hostname(sh).split('.')[0]!,
  H: hostname,
  j: () => '0',
  l: () => 'tty',
  n: () => '\n',
  r: () => '\r',
  s: (sh) => sh.arg0.slice(sh.arg0.lastIndexOf('/') + 1),
  t: (sh) => now(sh, '%H:%M:%S'),
  T: (sh) => now(sh, '%I:%M:%S'),
  '@': (sh) => now(sh, '%I:%M %p'),
  A: (sh) => now(sh, '%H:%M'),
  u: userName,
  v: () => BASH_RELEASE,
  V: () => BASH_PATCHED,
  w: tildePwd,
  W: pwdBase,
  '!': () => '1',
  '#': () => '1',
  $: (sh) => (readScalar(sh, 'EUID') === '0' ? '#' : '$'),
  '\\': () => '\\',
  // readline's invisible-text markers: nothing outside an interactive prompt
  '[': () => '',
  ']': () => '',
};

/** the backslash escapes of a prompt string */
export function decodePrompt(sh: Shell, s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const e = s[i + 1]!;
    const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4));
    if (oct) {
      out += String.fromCharCode(parseInt(oct[0], 8) & 0xff);
      i += oct[0].length;
    } else if (e === 'D' && s[i + 2] === '{' && s.indexOf('}', i + 3) >= 0) {
      const close = s.indexOf('}', i + 3);
      out += now(sh, s.slice(i + 3, close) || '%X');
      i = close;
    } else if (ESCAPES[e]) {
      out += ESCAPES[e](sh);
      i++;
    } else {
      out += c + e;
      i++;
    }
  }
  return out;
}

/** the decoded prompt parsed as a here-document body (null: it does not parse, keep it as is) */
function promptWord(text: string): Word | null {
  const delim = 'RSHELL_PROMPT_END';
  try {
    const file = parse(`: <<${delim}\n${text}\n${delim}\n`);
    return file.Stmts[0]?.Redirs[0]?.Hdoc ?? null;
  } catch {
    return null;
  }
}

/** `${var@P}`: escapes, then the expansions that promptvars enables */
export function expandPrompt(sh: Shell, s: string): string {
  const decoded = decodePrompt(sh, s);
  if (!sh.shopt('promptvars') || !/[$`\\]/.test(decoded)) return decoded;
  const w = promptWord(decoded);
  if (!w) return decoded;
  const out = expandHeredoc(sh, w);
  return out.endsWith('\n') ? out.slice(0, -1) : out;
}
