// Regexes cannot hold a run past its deadline (issue 19). Patterns with back-references run on
// lib/regex's step-counted backtracking matcher, which checks the deadline every few thousand
// steps: a match that takes exponential time (GNU grep, sed and expr take more than 30 s on these
// too) ends at the run's timeout with status 124, and the Runner runs the next script.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-regex-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TIMEOUT = 2000;
/** the deadline holds to within this (the matcher checks it every ~0.1-1 ms of matching) */
const SLACK = 100;
const runner = new Runner({ timeoutMs: TIMEOUT, allowedPaths: [dir], allowedCommands: 'all' });

// five groups and five references: O(n^5) states on 200 a's, for GNU's matchers as for ours
const A = `a=$(printf 'a%.0s' {1..200})bc`;
const ERE = '(.*)(.*)(.*)(.*)(.*)b\\1\\2\\3\\4\\5';
const BRE = '\\(.*\\)\\(.*\\)\\(.*\\)\\(.*\\)\\(.*\\)b\\1\\2\\3\\4\\5';

describe('back-references end at the deadline', () => {
  it.each([
    ['grep -E', `${A}; echo "$a" | grep -E '${ERE}'`],
    ['grep -G', `${A}; echo "$a" | grep '${BRE}'`],
    ['sed -E', `${A}; echo "$a" | sed -E 's/${ERE}/x/'`],
    ['[[ =~ ]]', `${A}; re='${ERE}'; [[ $a =~ $re ]]`],
    ['expr', `${A}; expr "$a" : '${BRE}'`],
  ])('%s: status 124 within the timeout, then the next run works', async (_name, script) => {
    const t0 = performance.now();
    const r = await runner.run(script);
    const elapsed = performance.now() - t0;
    expect(r.exitCode).toBe(124);
    expect(elapsed).toBeLessThanOrEqual(TIMEOUT + SLACK);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT - SLACK);
    const next = await runner.run('echo ok');
    expect(next).toMatchObject({ exitCode: 0, stdout: 'ok\n' });
  });

  it("the red-team pattern (one reference) is polynomial on ours: GNU's answers, fast", async () => {
    const t0 = performance.now();
    const r = await runner.run(
      `a=$(printf 'a%.0s' {1..200}); re='(a*)(a*)(a*)(a*)(a*)(a*)b\\1'
       echo "$a" | grep -cE "$re"; echo "$a" | sed -E "s/$re/x/" | wc -c; [[ $a =~ $re ]]; echo $?
       echo "\${a}baa" | grep -oE "$re" | wc -c`,
    );
    expect(r).toMatchObject({ exitCode: 0, stdout: '0\n201\n1\n204\n' });
    expect(performance.now() - t0).toBeLessThan(TIMEOUT);
  });
});

describe('many matches in one long record end at the deadline', () => {
  // each find is short, but grep -o and s///g loop over 100,000 of them (each re-tested at up to
  // 1024 ends for the longest match): 4-8 s in one step of the command before lib/regex counted it
  const short = new Runner({ timeoutMs: 500, allowedPaths: [dir], allowedCommands: 'all' });
  fs.writeFileSync(path.join(dir, 'ab'), 'ab'.repeat(50_000) + '\n');
  it.each([
    ['grep -o', `grep -oE '(ab|a)(b|c)*d|.' ${dir}/ab | wc -l`],
    ['grep -o, alternatives', `grep -oE 'a|ab' ${dir}/ab | wc -l`],
    ['sed s///g', `sed -E 's/(ab|a)(b|c)*d|./<&>/g' ${dir}/ab | wc -c`],
  ])('%s: status 124 within the timeout', async (_name, script) => {
    const t0 = performance.now();
    const r = await short.run(script);
    expect(r.exitCode).toBe(124);
    expect(performance.now() - t0).toBeLessThanOrEqual(500 + SLACK);
  });
});

describe('1 MB patterns: what the real tools do, never an internal error', () => {
  const big = new Runner({ timeoutMs: 20_000, allowedPaths: [dir], allowedCommands: 'all' });
  fs.writeFileSync(path.join(dir, 'x'), 'x'.repeat(1_000_000));
  it.each([
    // a source past V8's size limit runs on lib/regex's own matcher, as GNU's takes it
    ['sed', `echo ab | sed "s/$x//"; echo "rc=$?"`, 'ab\nrc=0\n'],
    ['grep -w', `echo ab | grep -w "$x"; echo "rc=$?"`, 'rc=1\n'],
    ['[[ =~ ]]', `[[ a =~ $x ]]; echo "rc=$?"`, 'rc=1\n'],
    // fnmatch, as GNU find's -name (builtins/find/huge-glob.ts)
    ['find -name', `find ${dir} -name "$x"; find ${dir} -name "*$x*"; echo "rc=$?"`, 'rc=0\n'],
    ['find -name, stars', `find ${dir} -maxdepth 0 -name "\${x//x/*}"; echo "rc=$?"`, `${dir}\nrc=0\n`],
  ])('%s', async (_name, script, stdout) => {
    const r = await big.run(`x=$(cat ${dir}/x); ${script}; echo next`);
    expect(r).toMatchObject({ exitCode: 0, stdout: stdout + 'next\n', stderr: '' });
  });
});
