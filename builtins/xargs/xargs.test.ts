// xargs against GNU findutils 4.9 through whole scripts (it runs other commands).
import { describe, expect, it } from 'vitest';
import { expectScriptLikeBash, rshellScript } from '../../tests/harness/script-oracle.js';

const FILES = { 'list.txt': 'one\ntwo three\n', 'nul.bin': 'a\0b c\0', 'dir/f': 'x\n' };

describe('xargs matches GNU', () => {
  it.each([
    `printf 'a b\\n"c d" e\\\\ f\\n' | xargs -n1 echo`,
    `printf 'a b\\nc\\n' | xargs`,
    `printf "a 'b\\n" | xargs echo; echo rc=$?`,
    `printf 'a "b\\n' | xargs echo; echo rc=$?`,
    `printf "'it''s' \\"q\\"'x'\\n" | xargs -n1 echo`,
    `printf 'a\\nb\\nc\\n' | xargs -I{} echo x{}y`,
    `printf 'a\\nb\\n' | xargs -I @ echo @ and @`,
    `printf ' a b \\n' | xargs -I{} echo [{}]`,
    `printf 'x\\ny\\n' | xargs -i echo {}-{}`,
    `printf 'x\\ny\\n' | xargs --replace=Z echo Z.Z`,
    `printf 'a b\\nc\\n' | xargs -L1 echo`,
    `printf 'a \\nb\\nc\\n' | xargs -L1 echo`,
    `printf 'a\\n\\nb\\n' | xargs -L1 echo`,
    `printf 'a\\nb\\nc\\n' | xargs -l echo`,
    `printf 'a\\nb\\nc\\n' | xargs -L 2 echo`,
    `printf 'a\\0b c\\0' | xargs -0 echo`,
    `printf 'a\\0b c\\0' | xargs -0 -n1 echo`,
    `xargs -0 -a nul.bin echo`,
    `xargs -a list.txt echo`,
    `xargs --arg-file=list.txt -n1 echo`,
    `xargs -a nosuch echo; echo rc=$?`,
    `printf 'a:b::c' | xargs -d: echo`,
    `printf 'a\\tb\\n' | xargs -d '\\t' echo`,
    `printf 'a\\nb\\n' | xargs -d '\\n' -n1 echo`,
    `echo a | xargs -d ab echo; echo rc=$?`,
    // findutils get_input_delimiter: the letter after the backslash decides; \x and \DIGIT go
    // through strtoul (blanks, a sign, 0x) and must end there and fit a byte
    `printf 'a\\nb:c\\n' | xargs -d '\\nx' echo`,
    `printf 'aAbAc' | xargs -d '\\x 0x41' echo`,
    `printf 'aAbAc' | xargs -d '\\101' echo`,
    `printf 'a\\0b' | xargs -d '\\x' echo | od -c`,
    `echo a | xargs -d '\\_' echo; echo rc=$?`,
    `echo a | xargs -d '\\x41z' echo; echo rc=$?`,
    `echo a | xargs -d '\\x0xg' echo; echo rc=$?`,
    `echo a | xargs -d '\\9' echo; echo rc=$?`,
    `echo a | xargs -d '\\777' echo; echo rc=$?`,
    `echo a | xargs -d '\\x-1' echo; echo rc=$?`,
    `echo a | xargs -d '\\-0' echo; echo rc=$?`,
    `printf 'a b EOF c\\n' | xargs -E EOF echo`,
    `printf 'a b EOF c\\n' | xargs -eEOF echo`,
    `printf 'a b EOF c\\n' | xargs -e echo`,
    `printf 'a EOF b\\0' | xargs -0 -E EOF echo`,
    `printf '' | xargs -r echo hi; echo rc=$?`,
    `printf '' | xargs echo hi`,
    `printf '\\n\\n' | xargs --no-run-if-empty echo hi`,
    `printf 'a b c\\n' | xargs -t -n2 echo 2>&1`,
    `printf 'a b c\\n' | xargs --verbose echo 2>&1`,
    `printf 'aaaa bbbb\\n' | xargs -s 10 echo; echo rc=$?`,
    `printf 'aaaaaaaaaaaa\\n' | xargs -s 10 echo; echo rc=$?`,
    `printf 'aaaa bbbb\\n' | xargs -s 14 -x echo; echo rc=$?`,
    `printf 'a b c d e\\n' | xargs -n 2 echo`,
    `printf 'a b c d\\n' | xargs --max-args=3 echo`,
    `echo a b c d | xargs -n2 -L1 echo`,
    `echo a b c d | xargs -L1 -n1 echo`,
    `echo a b | xargs -n1 -I{} echo {}`,
    `echo a b | xargs -L1 -I{} echo {}`,
    // GNU runs -P jobs in parallel, so its output order is a race: compare the lines sorted
    `echo a b | xargs -P 3 -n 1 echo | sort`,
    `echo a | xargs false; echo rc=$?`,
    `printf '1\\n2\\n' | xargs -n1 sh_missing_cmd 2>/dev/null; echo rc=$?`,
    `echo x | xargs cat dir/f -`,
    `echo dir/f | xargs cat`,
    `echo dir/f | xargs wc -l`,
    `xargs -n 0; echo rc=$?`,
    `xargs -n -1; echo rc=$?`,
    `xargs -n x; echo rc=$?`,
    `xargs -L 0; echo rc=$?`,
    `xargs -P x echo; echo rc=$?`,
    `xargs -P -1 echo; echo rc=$?`,
    `xargs -s 0 echo; echo rc=$?`,
    `xargs -Z; echo rc=$?`,
    `xargs --foo; echo rc=$?`,
    `xargs -E; echo rc=$?`,
    `xargs --max; echo rc=$?`,
    // GNU's loop prints its warnings as it goes, before a later bad option or --help; a bad value
    // is GNU's error even after an option rshell refuses
    `xargs -n2 -L1 --bogus </dev/null; echo rc=$?`,
    `xargs -I{} -n2 --help | head -1`,
    `xargs -p -n x echo </dev/null; echo rc=$?`,
    // -s: an item longer than -s minus the initial arguments stops xargs after running what was read
    `printf 'one\\ntwo\\nthree\\nfour\\n' | xargs -s 10 echo; echo rc=$?`,
    `printf 'one\\ntwo\\nthree\\nfour\\n' | xargs -x -s 10 echo; echo rc=$?`,
    `printf 'one\\ntwo\\nthree\\n' | xargs -x -s 12 -n 2 echo; echo rc=$?`,
    `printf 'one\\ntwo\\nthree\\nfour\\n' | xargs -L 3 -s 16 echo; echo rc=$?`,
    `printf 'one\\0two\\0three\\0' | xargs -0 -s 9 echo; echo rc=$?`,
    `printf 'a\\nb\\nccccc\\n' | xargs -I{} -s 10 echo {}; echo rc=$?`,
    `printf 'a\\nbbbbb\\n' | xargs -I{} -s 12 echo x {}; echo rc=$?`,
    `echo aaaaaaaaaaaa | xargs -I{} -s 10 echo {}; echo rc=$?`,
    `echo b | xargs -I{} -s 10 echo aaaaaaaa{}; echo rc=$?`,
    `echo b | xargs -I{} -s 4 echo {}; echo rc=$?`,
    // -I, -L/-l and -n: the last one wins, with GNU's warning
    `printf 'a\\nb\\nc\\n' | xargs -I{} -n2 echo {}`,
    `printf 'a\\nb\\nc\\n' | xargs -i -L2 echo {}`,
    `printf 'a\\nb\\n' | xargs -I{} -l echo {}`,
    `printf 'a\\nb\\n' | xargs -I{} --max-lines=1 echo {}`,
    `printf 'a\\nb\\n' | xargs -I{} -n1 echo {}`,
    `echo a | xargs -n2 -I{} -L1 -x echo {}`,
    `printf 'a\\nb\\n' | xargs --max-lines echo`,
    `xargs --max-lines=0 echo </dev/null; echo rc=$?`,
    // counts saturate as strtol does; the value is quoted as given
    `echo a b | xargs -n 99999999999999999999 echo`,
    `echo a b | xargs -L 99999999999999999999 echo`,
    `echo a | xargs -n ' -1' echo; echo rc=$?`,
    `echo a | xargs -P 2147483648 echo; echo rc=$?`,
    `echo a | xargs echo -n; echo`,
    `echo 'a\\b' | xargs echo`,
    // an item longer than any command line: GNU's error after the items before it ran; rshell
    // stops holding it at its line limit (1 MiB) instead of reading 2 MB of it
    `{ printf 'a b '; head -c 2000000 /dev/zero | tr '\\0' x; printf ' c\\n'; } | xargs echo; echo rc=$?`,
    `{ printf 'a\\0b\\0'; head -c 2000000 /dev/zero | tr '\\0' x; } | xargs -0 echo; echo rc=$?`,
    `head -c 300000 /dev/zero | xargs -0 echo | wc -c; echo rc=$?`,
  ])('%s', async (script) => expectScriptLikeBash(script, FILES));
});

describe('xargs rshell specifics', () => {
  it.each([
    ['-p', 'xargs: -p/--interactive is refused: rshell scripts have no terminal to ask on\n'],
    ['--interactive', 'xargs: -p/--interactive is refused: rshell scripts have no terminal to ask on\n'],
    ['-o', 'xargs: -o/--open-tty is refused: rshell scripts have no terminal\n'],
    ['--show-limits', "xargs: --show-limits is refused: rshell has no system argument-length limits to show\n"],
    ['--process-slot-var=X', 'xargs: --process-slot-var is refused: rshell runs commands one at a time\n'],
  ])('%s is refused', async (flag, err) => {
    const r = await rshellScript(`echo a | xargs ${flag} echo`);
    expect(r).toEqual({ stdout: '', stderr: err, code: 1 });
  });

  it('a command that is not an rshell command exits 127 (no programs)', async () => {
    const r = await rshellScript('echo a | xargs /bin/sh -c id; echo rc=$?');
    expect(r.stdout).toBe('rc=127\n');
    expect(r.stderr).toContain('/bin/sh');
  });

  it('an -s past the ceiling is clamped with a message (the ceiling depends on the environment in GNU)', async () => {
    const r = await rshellScript('echo a | xargs -s 999999999 echo; echo rc=$?');
    expect(r).toEqual({ stdout: 'a\nrc=0\n', stderr: 'xargs: value 999999999 for -s option should be <= 2093833\n', code: 0 });
  });

  it.each([
    ['255', 'rc=124\n', 'xargs: exit: exited with status 255; aborting\n'],
    ['3', 'rc=123\n', ''],
    ['130', 'rc=125\n', 'xargs: exit: terminated by signal 2\n'],
    ['126', 'rc=126\n', ''],
  ])('a command exiting %s', async (n, out, err) => {
    const r = await rshellScript(`echo a | xargs -I{} exit ${n}; echo rc=$?`);
    expect(r).toEqual({ stdout: out, stderr: err, code: 0 });
  });

  it('--help and --version', async () => {
    const h = await rshellScript('xargs --help');
    expect(h.code).toBe(0);
    expect(h.stdout.startsWith('Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...\n')).toBe(true);
    expect((await rshellScript('xargs --version')).stdout).toBe('xargs (rshell) 0.1.0\n');
  });
});
