// sed -i against real GNU sed: same output, same status and the same files afterwards.
import { describe, expect, it } from 'vitest';
import { bothWays } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'a.txt': 'alpha\nbeta\ngamma\n', 'b.txt': 'one\ntwo\n', 'nonl.txt': 'x\ny', 'sub/c.txt': 'c1\nc2\n' };

const SCRIPTS = [
  "sed -i 's/a/A/g' a.txt; cat a.txt",
  "sed -i -n '$p' a.txt b.txt; cat a.txt b.txt",
  "sed -i '1d' a.txt nosuch b.txt; echo rc=$?",
  "sed -i.bak 's/o/0/' b.txt; cat b.txt b.txt.bak",
  "sed --in-place=.orig '=' b.txt",
  "cd sub && sed -i'bak_*' 's/1/one/' c.txt",
  "sed -i -e '1i\\' -e 'top' -e '$a bottom' nonl.txt",
  "sed -i p nonl.txt",
  "sed -i 'q' a.txt b.txt",
  "sed -i '2q5' a.txt; echo rc=$?",
  "sed -i 'Q' a.txt",
  "sed -i -s 'F' a.txt b.txt",
  "sed -n -i 'p;p' a.txt; sed -i 'N;N;s/\\n/+/g' a.txt",
  "sed -i p; echo rc=$?",
  "sed -i p sub; echo rc=$?",
  "echo x | sed -i p -; echo rc=$?",
  "sed -i 's/x/y' a.txt; echo rc=$?; cat a.txt",
  "sed -i '$!d' a.txt b.txt",
  "sed -E -i 's/(.)(.)/\\2\\1/' a.txt",
  "sed -i 'w out' a.txt 2>/dev/null; echo rc=$?",
];

describe('sed -i matches GNU sed', () => {
  for (const script of SCRIPTS) {
    it(script, async () => {
      const { ours, bash } = await bothWays(script, { files: FILES });
      if (script.includes('w out')) {
        // GNU writes the file; rshell refuses the w command
        expect(ours).toMatchObject({ stdout: 'rc=1\n', code: 0 });
        return;
      }
      expect(ours).toEqual(bash);
    });
  }
});

