// -name/-path patterns too large for V8 (issue 19: a 1 MB pattern ended the run with an internal
// error): matched as fnmatch does, against GNU find 4.9 (100 KB patterns: GNU's argv takes no more).
import { describe, it } from 'vitest';
import { find } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const FILES = { abc: '', 'sub/abd': '', xyz: '', 'a]b': '', 'ABC': '' };
const stars = '*'.repeat(50_000);

describe('find -name with patterns past V8 limits, as GNU find', () => {
  it.each([
    ['plain text', 'x'.repeat(100_000)],
    ['stars', '*'.repeat(100_000)],
    ['stars around a letter', `${stars}a${stars}`],
    ['? and a range', `a?[b-c]${stars}`],
    ['a class and a negated set', `[[:alpha:]]b[!c]${stars}`],
    ['an escaped star and a literal ]', `a]${stars}\\*`],
    ['too many characters for any name', `${'?'.repeat(300)}${stars}`],
  ])('%s', async (_name, pattern) => {
    for (const test of ['-name', '-iname', '-path']) {
      await expectSameAsGnu(find, ['.', test, pattern], { files: FILES }, true);
    }
  });
});
