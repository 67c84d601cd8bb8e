// -regex / -iregex through the one regex module (src/regex). GNU find's default syntax is emacs;
// we translate emacs to POSIX ERE: `\(` `\)` `\|` group and alternate, bare ( ) | { } are literals,
// + ? * are operators, no intervals. -regextype picks posix-extended/egrep/awk (ERE) or
// posix-basic/grep/sed/ed (BRE) directly. The match must cover the whole path, as in GNU.

import { compilePatterns, type GlibcSyntax, type Matcher, type PatternSyntax, toLatin1 } from '../../src/regex/index.js';
import { encode } from '../../src/io/encoding.js';

export const REGEX_TYPES = [
  'findutils-default', 'ed', 'emacs', 'gnu-awk', 'grep', 'posix-awk', 'awk', 'posix-basic', 'posix-egrep',
  'egrep', 'posix-extended', 'posix-minimal-basic', 'sed',
] as const;

const SYNTAX_OF: Record<string, PatternSyntax | 'emacs'> = {
  'findutils-default': 'emacs', emacs: 'emacs',
  ed: 'basic', grep: 'basic', 'posix-basic': 'basic', 'posix-minimal-basic': 'basic', sed: 'basic',
  'gnu-awk': 'extended', 'posix-awk': 'extended', awk: 'extended', 'posix-egrep': 'extended', egrep: 'extended',
  'posix-extended': 'extended',
};

/**
 * The types whose gnulib syntax is glibc's POSIX grammar (RE_SYNTAX_POSIX_EXTENDED /
 * RE_SYNTAX_POSIX_BASIC; ed and sed are POSIX_BASIC): checked as regcomp checks them, so `*a`,
 * `{1}a`, `a{1` (ERE) and `a**`, `\)` (BRE) are errors as in GNU find. The other types read as
 * grep's dialect (egrep, posix-egrep and grep are GNU grep's syntaxes; the awk ones and
 * posix-minimal-basic are close to them).
 */
const GLIBC_OF: Record<string, Omit<GlibcSyntax, 'extended'>> = {
  'posix-extended': { posixBasic: false, unmatchedParenOrd: true },
  'posix-basic': { posixBasic: false, unmatchedParenOrd: false },
  ed: { posixBasic: false, unmatchedParenOrd: false },
  sed: { posixBasic: false, unmatchedParenOrd: false },
};

export function unknownRegexType(name: string): string {
  return `Unknown regular expression type '${name}'; valid types are ${REGEX_TYPES.map((t) => `'${t}'`).join(', ')}.`;
}

export function isRegexType(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SYNTAX_OF, name);
}

/** copy a bracket expression starting at `i` (the '['); returns the end index (after ']') */
function bracketEnd(p: string, i: number): number {
  let j = i + 1;
  if (p[j] === '^') j++;
  if (p[j] === ']') j++;
  while (j < p.length && p[j] !== ']') {
    if (p[j] === '[' && (p[j + 1] === ':' || p[j + 1] === '.' || p[j + 1] === '=')) {
      const close = p.indexOf(p[j + 1]! + ']', j + 2);
      j = close < 0 ? p.length : close + 2;
    } else j++;
  }
  return Math.min(j + 1, p.length);
}

const EMACS_ESCAPES: Record<string, string> = { '(': '(', ')': ')', '|': '|', '`': '^', "'": '$' };
const ERE_LITERALS = new Set(['(', ')', '|', '{', '}']);

/** emacs syntax as ERE; null for an unmatched `\)` (RE_SYNTAX_EMACS has no RE_UNMATCHED_RIGHT_PAREN_ORD) */
export function emacsToExtended(p: string): string | null {
  let out = '';
  let i = 0;
  let depth = 0;
  while (i < p.length) {
    const ch = p[i]!;
    if (ch === '[') {
      const end = bracketEnd(p, i);
      out += p.slice(i, end);
      i = end;
    } else if (ch === '\\' && i + 1 < p.length) {
      const next = p[i + 1]!;
      const mapped = EMACS_ESCAPES[next];
      if (next === '(') depth++;
      if (next === ')' && --depth < 0) return null;
      if (mapped !== undefined) out += mapped;
      else if (/[0-9wWbB<>]/.test(next)) out += '\\' + next;
      else out += /[A-Za-z0-9]/.test(next) ? next : '\\' + next;
      i += 2;
    } else {
      out += ERE_LITERALS.has(ch) ? '\\' + ch : ch;
      i++;
    }
  }
  return out;
}

export type RegexResult = { ok: true; test: (path: string) => boolean } | { ok: false; message: string };

export function compileFindRegex(pattern: string, regexType: string, icase: boolean): RegexResult {
  const syntax = SYNTAX_OF[regexType] ?? 'emacs';
  const bytes = toLatin1(encode(pattern));
  const source = syntax === 'emacs' ? emacsToExtended(bytes) : bytes;
  // GNU find names the pattern as given (no quoting)
  const failed = (message: string): RegexResult => ({ ok: false, message: `failed to compile regular expression '${pattern}': ${message}` });
  if (source === null) return failed('Unmatched ) or \\)');
  const glibc = GLIBC_OF[regexType];
  const r = compilePatterns([source], { syntax: syntax === 'emacs' ? 'extended' : syntax, icase, wholeLine: true, ...(glibc !== undefined ? { glibc } : {}) });
  if (!r.ok) return failed(r.message);
  const matcher: Matcher = r.matcher;
  return { ok: true, test: (path) => matcher.test(toLatin1(encode(path))) };
}
