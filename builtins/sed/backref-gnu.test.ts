// Back-references against GNU sed 4.9: the grep corpus (builtins/grep/backref-corpus.ts) in
// substitutions, first match and every match, ERE and BRE. These run on lib/regex's step-counted
// backtracking matcher.

import { describe, it } from 'vitest';
import { sed } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { BACKREF_LINES, BACKREF_PATTERNS, toBasic } from '../grep/backref-corpus.js';

/** glibc's quirky matches (see builtins/grep/backref-gnu.test.ts) */
const GLIBC_QUIRKS = new Set(['(a*)+\\1']);

describe('back-references: sed vs GNU sed 4.9', () => {
  for (const p of BACKREF_PATTERNS) {
    if (GLIBC_QUIRKS.has(p)) continue;
    it(p, async () => {
      await expectSameAsGnu(sed, ['-E', `s/${p}/<&>/`], { stdin: BACKREF_LINES });
      await expectSameAsGnu(sed, ['-E', `s/${p}/<&>/g`], { stdin: BACKREF_LINES });
      await expectSameAsGnu(sed, ['-n', `s/${toBasic(p)}/[&]/p`], { stdin: BACKREF_LINES });
      await expectSameAsGnu(sed, [`s/${toBasic(p)}/[&|\\1]/`], { stdin: BACKREF_LINES });
    });
  }
});
