// sed's regexes through the one regex module (lib/regex): BRE or ERE, the I and M flags, and the
// pattern space as one string in which `.` and bracket expressions also match a newline (GNU sed
// does not treat the newlines that N/G put there as record ends).

import { checkGlibcSyntax, compilePatterns, type GlibcSyntax } from '../../lib/regex/index.js';
import { parsePosix } from '../../lib/regex/parse.js';
import { convertRegexEscapes } from './escapes.js';
import type { SedRegex } from './types.js';

export interface RegexFlags {
  icase: boolean;
  multiline: boolean;
}

export type SedRegexResult = { ok: true; re: SedRegex } | { ok: false; message: string };

export function compileSedRegex(body: string, opts: RegexFlags & GlibcSyntax, checkpoint?: () => void): SedRegexResult {
  // glibc's POSIX grammar first (parsePosix reads grep's more lenient dialect), and --posix's
  // literals; the rewritten pattern also gives the group count the replacement is checked against
  const checked = checkGlibcSyntax(convertRegexEscapes(body), opts);
  if (!checked.ok) return checked;
  const pattern = checked.pattern;
  const syntax = opts.extended ? 'extended' : 'basic';
  const parsed = parsePosix(pattern, syntax);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const r = compilePatterns([pattern], { syntax, icase: opts.icase, eol: -1, multiline: opts.multiline, captures: true, ...(checkpoint ? { checkpoint } : {}) });
  if (!r.ok) return { ok: false, message: r.message };
  return { ok: true, re: { matcher: r.matcher, groups: parsed.value.groups } };
}
