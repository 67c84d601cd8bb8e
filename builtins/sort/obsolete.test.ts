// sort's obsolete `+POS1 [-POS2]` keys and the option values GNU validates (-S, --batch-size,
// --parallel), the -c open wording and -d/-i precedence, against GNU coreutils 9.1.
import { describe, it } from 'vitest';
import { sort } from './index.js';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';

const FILES = {
  a: 'apple 3 x\nbanana 10 y\ncherry 2 z\napple 3 x\n\ndate 1.5K w\nBanana 10 y\n',
  f1: 'b\na\n',
  dict: 'a-b\nab\na b\n_x\n\x01c\n',
  'd/x': '',
};

const cases: string[][] = [
  ['+1', '-2', 'a'], ['+1', 'a'], ['a', '+1'], ['+1.2', '-1.5', 'a'], ['+1n', 'a'], ['-r', '+1', '-2', 'a'], ['+1', '--', 'a'],
  ['--', '+1', 'a'], ['+a', 'a'], ['+1x', 'a'], ['+', 'a'], ['+1.', 'a'], ['+0', '-0', 'a'], ['+1', '-2b', 'a'], ['+1', '-2.0', 'a'],
  ['+1', '-n', 'a'], ['+1', '-2x', 'a'], ['+1', '-2.x', 'a'], ['+1', '-2.5b', 'a'], ['+1b', '-2n', 'a'], ['+1.0', 'a'],
  ['+0.0', 'a'], ['-k2', '+0', '-1', 'a'], ['+1', '-1', 'a'], ['-t', ' ', '+1', '-2', '-n', 'a'], ['+2.1', '-3.1', 'a'],
  ['+1.1', '-2.2', 'a'], ['+1', '-2', '+0', '-1', 'a'], ['-u', '+2', 'a'],
  // GNU checks every file is readable before reading; -c opens its file itself
  ['d', 'missing'], ['a', 'missing'], ['-c', 'missing'], ['-C', 'missing'], ['--check=quiet', 'missing'], ['-m', 'missing', 'a'],
  // -i does not override -d, whatever the order
  ['-d', '-i', 'dict'], ['-i', '-d', 'dict'], ['-k1di', 'dict'], ['-d', '-n', '-i', '-f', 'a'], ['-d', '-i', '-n', 'a'], ['-k1di,1n', 'a'],
  // values GNU checks at option time
  ['--batch-size=1', 'a'], ['--batch-size=0', 'a'], ['--batch-size=x', 'a'], ['--batch-size=3k', 'f1'], ['--batch-size=', 'f1'],
  ['--batch-size= 3', 'f1'], ['--batch-size=2', 'f1'], ['-S', 'abc', 'f1'], ['-S', '10', 'f1'], ['-S', '10x', 'f1'], ['-S', '50%', 'f1'],
  ['-S', '0', 'f1'], ['-S', '1k', 'f1'], ['-S', '10b', 'f1'], ['-S', '99999999999999999999', 'f1'], ['-S', '-1', 'f1'], ['-S', 'k', 'f1'],
  ['-S', '10kx', 'f1'], ['-S', '16E', 'f1'], ['-S', '15E', 'f1'], ['-S', '1Z', 'f1'], ['-S', '5%x', 'f1'], ['-S', 'b', 'f1'],
  ['-S', '%', 'f1'], ['-S', '10B', 'f1'], ['-S', '', 'f1'], ['-S', '18014398509481983', 'f1'], ['-S', '18014398509481984', 'f1'],
  ['-S', '99999999999999999999b', 'f1'], ['-S', '5kb', 'f1'], ['--buffer-size=abc', 'f1'], ['-S', '1', '-S', 'abc', 'f1'],
  ['--parallel=0', 'f1'], ['--parallel=x', 'f1'], ['--parallel=-1', 'f1'], ['--parallel=4', 'f1'], ['--parallel=4x', 'f1'],
  ['--parallel=+3', 'f1'], ['--parallel=0', '-S', 'abc', 'f1'],
  // an ambiguous long option is quoted with its value
  ['--s=x'], ['--s'],
];

describe('sort: obsolete keys and option values vs GNU coreutils 9.1', () => {
  for (const args of cases) {
    it(args.join(' '), async () => {
      await expectSameAsGnu(sort, args, { files: FILES, stdin: 'z\ny\n' });
    });
  }
  for (const [env, args] of [
    [{ POSIXLY_CORRECT: '1' }, ['+1', 'a']],
    [{ POSIXLY_CORRECT: '1' }, ['a', '+1']],
    [{ _POSIX2_VERSION: '200112' }, ['+1', 'a']],
    [{ _POSIX2_VERSION: '200112' }, ['+1', '-2', 'a']],
    [{ _POSIX2_VERSION: '200112' }, ['+1', '-2', '+0', 'a']],
    [{ _POSIX2_VERSION: '200112', POSIXLY_CORRECT: '1' }, ['+1', '-2', 'a']],
    [{ _POSIX2_VERSION: '200808' }, ['+1', 'a']],
    [{ _POSIX2_VERSION: '200809' }, ['+1', 'a']],
    [{ _POSIX2_VERSION: 'abc' }, ['+1', 'a']],
    [{ _POSIX2_VERSION: '199209' }, ['+1', 'a']],
  ] as [Record<string, string>, string[]][]) {
    it(`${JSON.stringify(env)} ${args.join(' ')}`, async () => {
      await expectSameAsGnu(sort, args, { files: FILES, env });
    });
  }
});
