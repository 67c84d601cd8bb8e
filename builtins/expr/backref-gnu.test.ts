// Back-references in `expr STRING : REGEX` against GNU expr 9.1: the grep corpus
// (builtins/grep/backref-corpus.ts) as BREs, anchored at the string's start as expr does, on a
// sample of its lines. These run on lib/regex's step-counted backtracking matcher.

import { describe, it } from 'vitest';
import { expr } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { BACKREF_LINES, BACKREF_PATTERNS, toBasic } from '../grep/backref-corpus.js';

/** glibc's quirky matches (see builtins/grep/backref-gnu.test.ts) */
const GLIBC_QUIRKS = new Set(['(a*)+\\1']);

const LINES = BACKREF_LINES.split('\n').filter((_, i) => i % 3 === 1);

describe('back-references: expr vs GNU expr 9.1', () => {
  for (const p of BACKREF_PATTERNS) {
    if (GLIBC_QUIRKS.has(p)) continue;
    it(p, async () => {
      for (const line of LINES) await expectSameAsGnu(expr, [line, ':', toBasic(p)]);
    });
  }
});
