// -regex / -iregex through the one regex module (lib/regex). GNU find's default syntax is emacs,
// which is rewritten as POSIX ERE, as are the awk types (regex-dialects.ts); -regextype
// posix-extended/egrep (ERE) and posix-basic/grep/sed/ed (BRE) go to lib/regex directly. The
// match must cover the whole path, as in GNU.

import { compilePatterns, type GlibcSyntax, type Matcher, type PatternSyntax, toLatin1 } from '../../lib/regex/index.js';
import { encode } from '../../lib/io/encoding.js';
import { awkToExtended, emacsToExtended } from './regex-dialects.js';

export { emacsToExtended };

export const REGEX_TYPES = [
  'findutils-default', 'ed', 'emacs', 'gnu-awk', 'grep', 'posix-awk', 'awk', 'posix-basic', 'posix-egrep',
  'egrep', 'posix-extended', 'posix-minimal-basic', 'sed',
] as const;

const SYNTAX_OF: Record<string, PatternSyntax | 'emacs' | 'awk' | 'posix-awk' | 'gnu-awk'> = {
  'findutils-default': 'emacs', emacs: 'emacs',
  ed: 'basic', grep: 'basic', 'posix-basic': 'basic', 'posix-minimal-basic': 'basic', sed: 'basic',
  'gnu-awk': 'gnu-awk', 'posix-awk': 'posix-awk', awk: 'awk', 'posix-egrep': 'extended', egrep: 'extended',
  'posix-extended': 'extended',
};

/** a dialect rewritten (regex-dialects.ts) into the ERE lib/regex reads; null: unmatched `\)` */
const REWRITE: Record<string, (p: string) => string | null> = {
  emacs: emacsToExtended,
  awk: (p) => awkToExtended(p, false, false),
  'posix-awk': (p) => awkToExtended(p, true, false),
  'gnu-awk': (p) => awkToExtended(p, true, true),
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
  return Object.hasOwn(SYNTAX_OF, name);
}

export type RegexResult = { ok: true; test: (path: string) => boolean } | { ok: false; message: string };

export function compileFindRegex(pattern: string, regexType: string, icase: boolean, checkpoint?: () => void): RegexResult {
  const syntax = SYNTAX_OF[regexType] ?? 'emacs';
  const bytes = toLatin1(encode(pattern));
  const rewrite = REWRITE[syntax];
  const source = rewrite !== undefined ? rewrite(bytes) : bytes;
  // GNU find names the pattern as given (no quoting)
  const failed = (message: string): RegexResult => ({ ok: false, message: `failed to compile regular expression '${pattern}': ${message}` });
  if (source === null) return failed('Unmatched ) or \\)');
  const glibc = GLIBC_OF[regexType];
  const r = compilePatterns([source], { syntax: rewrite !== undefined ? 'extended' : (syntax as PatternSyntax), icase, wholeLine: true, ...(glibc !== undefined ? { glibc } : {}), ...(checkpoint ? { checkpoint } : {}) });
  if (!r.ok) return failed(r.message);
  const matcher: Matcher = r.matcher;
  return { ok: true, test: (path) => matcher.test(toLatin1(encode(path))) };
}
