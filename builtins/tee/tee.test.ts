import { describe, expect, it } from 'vitest';
import { bothWays, runOurs } from '../../tests/security/write-builtins-harness.js';

const FILES = { 'old.txt': 'previous\n', 'd/': '' };

describe('tee: same output and same files as GNU tee', () => {
  it.each([
    'echo hi | tee a.txt',
    "echo hi | tee '' a.txt",
    'echo hi | tee a.txt b.txt old.txt; cat old.txt',
    'echo more | tee -a old.txt; cat old.txt',
    'echo hi | tee --append old.txt >/dev/null',
    'echo hi | tee - ; cat ./-',
    'echo hi | tee d x/y ok.txt; echo "rc=$?"',
    'printf "a\\nb" | tee out.txt | wc -c',
    'echo hi | tee -i -p a',
    'echo hi | tee --output-error=warn a',
    'echo hi | tee --output-error a',
    'echo hi | tee --output-error=exit-n a',
    'echo hi | tee --output-error=bad',
    'echo hi | tee --output-error=ex',
    'echo hi | tee -x',
    'echo hi | tee --ap x',
    'tee < /dev/null',
    'seq 1 100000 | tee -p out.txt | head -1; wc -l < out.txt',
    'seq 1 100000 | tee --output-error=warn-nopipe out.txt | head -1; wc -l < out.txt',
    'seq 1 100000 | tee --output-error=exit-nopipe out.txt | head -1; wc -l < out.txt',
    'seq 1 5 | tee out.txt | head -1; cat out.txt',
    'seq 1 100000 | tee --output-error=warn out.txt | head -1; echo "${PIPESTATUS[@]}"; wc -l < out.txt',
    'seq 1 100000 | tee --output-error=exit out.txt | head -1; echo "${PIPESTATUS[@]}"; rm out.txt',
  ])('%s', async (script) => {
    const { ours, bash } = await bothWays(script, { files: FILES });
    expect(ours).toEqual(bash);
  });
  it('--help and --version', async () => {
    const h = await runOurs('tee --help');
    expect(h.stdout.startsWith('Usage: tee [OPTION]... [FILE]...\n')).toBe(true);
    expect((await runOurs('tee --version')).stdout).toBe('tee (rshell) 0.1.0\n');
  });
});

describe('tee: sandbox', () => {
  it('read-only mode: the file is refused, stdout still gets the data', async () => {
    const r = await runOurs('echo hi | tee a.txt', { mode: 'read-only' });
    expect(r).toEqual({ stdout: 'hi\n', stderr: 'tee: a.txt: Permission denied\n', code: 1, tree: [] });
  });
  it('a :ro root refuses, /dev/null is fine everywhere', async () => {
    const r = await runOurs('echo hi | tee a.txt /dev/null', { rootMode: 'ro' });
    expect(r).toEqual({ stdout: 'hi\n', stderr: 'tee: a.txt: Permission denied\n', code: 1, tree: [] });
  });
  it('symlinked and hard-linked targets are refused', async () => {
    const fs = await import('node:fs');
    const r = await runOurs('echo hi | tee link hard; cat t.txt', {
      files: { 't.txt': 'keep\n' },
      setup: (d) => {
        fs.symlinkSync('t.txt', `${d}/link`);
        fs.linkSync(`${d}/t.txt`, `${d}/hard`);
      },
    });
    expect(r.stderr).toBe(
      'tee: link: symlinks are not supported as write targets\ntee: hard: hard links are not supported as write targets\n',
    );
    expect(r.stdout).toBe('hi\nkeep\n');
    expect(r.code).toBe(0);
  });
});
