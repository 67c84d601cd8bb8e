import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWays, runOurs, type ScriptOptions } from '../../tests/security/write-builtins-harness.js';
import { dateColumn, humanSize, modeString } from '../internal/file-fields.js';

const OLD = Date.UTC(2020, 0, 2, 3, 4, 5) / 1000;
const RECENT = Math.floor(Date.now() / 3_600_000) * 3600 - 2 * 86400; // two days ago, on the hour

const FILES: Record<string, string> = {
  'a.txt': 'hello\n',
  'B.txt': 'upper\n',
  'big': 'x'.repeat(5000),
  'huge': 'y'.repeat(1_234_567),
  'old': '',
  '.hidden': 'h',
  'back~': '',
  'd/f': 'in d\n',
  'd/sub/g': 'deep\n',
  'd/.dot': '',
  'e/': '',
  'sp ace': '',
};

// the listed tree sits one level down, so that '..' is inside the sandbox too
function setup(root: string): void {
  const dir = `${root}/w`;
  fs.chmodSync(`${dir}/big`, 0o755);
  fs.chmodSync(`${dir}/old`, 0o4640);
  fs.symlinkSync('a.txt', `${dir}/la`);
  fs.symlinkSync('nowhere', `${dir}/dangling`);
  fs.symlinkSync('d', `${dir}/ld`);
  fs.symlinkSync('big', `${dir}/lbig`);
  const walk = (p: string): void => {
    for (const n of fs.readdirSync(p)) {
      const full = `${p}/${n}`;
      const st = fs.lstatSync(full);
      if (st.isDirectory()) walk(full);
      const t = n === 'old' ? OLD : RECENT + n.length * 60;
      fs.lutimesSync(full, t, t);
    }
  };
  walk(dir);
  fs.utimesSync(dir, RECENT, RECENT);
  fs.utimesSync(root, RECENT, RECENT);
}

const opts: ScriptOptions = { files: Object.fromEntries(Object.entries(FILES).map(([k, v]) => [`w/${k}`, v])), setup, cwd: 'w' };

async function same(script: string, o: ScriptOptions = opts, normalise?: (s: string) => string): Promise<void> {
  const { ours, bash } = await bothWays(script, o);
  if (normalise !== undefined) {
    ours.stdout = normalise(ours.stdout);
    bash.stdout = normalise(bash.stdout);
  }
  expect(ours).toEqual(bash);
}

describe('ls: same output as GNU ls', () => {
  it.each([
    'ls', 'ls -1', 'ls -a', 'ls -A', 'ls -r', 'ls -t', 'ls -S', 'ls -tr', 'ls -Sr', 'ls -U -1 e',
    'ls -l', 'ls -la', 'ls -lA d', 'ls -l d e', 'ls -ld d e', 'ls -d', 'ls -d d ld', 'ls ld', 'ls -l ld', 'ls -L ld',
    'ls -lL', 'ls -H ld', 'ls -lh', 'ls -l --si', 'ls -lS', 'ls -lt', 'ls -ltr', 'ls -lrS', 'ls -n', 'ls -g', 'ls -o',
    'ls -lG', 'ls -go', 'ls -l --author', 'ls -F', 'ls -p', 'ls -lF', 'ls -lp', 'ls --file-type', 'ls --indicator-style=slash',
    'ls --classify=never', 'ls -FA', 'ls -aF1', 'ls -R', 'ls -R d', 'ls -lR', 'ls -aR d', 'ls d/', 'ls -R d/', 'ls -s', 'ls -sh', 'ls -ls',
    'ls -m', 'ls -mF', 'ls -x', 'ls -C', 'ls -C -w 30', 'ls -x -w 20', 'ls -C -T 0', 'ls --format=commas', 'ls --format=long',
    'ls -l -1', 'ls -1 -l', 'ls -B', 'ls -I "*.txt"', 'ls --hide="*.txt"', 'ls -a --hide="*.txt"', 'ls --ignore=d --ignore=e',
    'ls --group-directories-first', 'ls -l --group-directories-first', 'ls --sort=size', 'ls --sort=time -r',
    'ls --sort=none -1 e', 'ls --time=atime -l', 'ls -lu', 'ls -lc | wc -l', 'ls -ct | wc -l', 'ls --full-time old',
    'ls -l --time-style=long-iso', 'ls -l --time-style=iso', 'ls -l --time-style=full-iso old', 'ls --color=never',
    'ls --color=auto', 'ls --color', 'ls --color=always', 'ls --colour=force', 'ls nosuch a.txt', 'ls nosuch; echo rc=$?', 'ls a.txt d e', 'ls -l a.txt d',
    'ls big a.txt', 'ls -q', 'ls -N', "ls --zero | tr '\\0' '\\n'", 'ls -f e', 'ls -k -s', 'ls .', 'ls ..| wc -l',
    'ls -x', 'ls --x', 'ls --s', 'ls -y', 'ls --sort=bogus', 'ls --format=v', 'ls --time=x', 'ls --indicator-style=z',
    'ls --dereference-command-line-symlink-to-dir ld', 'ls -l --time=birth --time-style=long-iso | wc -l', 'ls --show-control-chars',
    'ls -l ld/', 'ls ld/', 'ls -d ld/', 'ls -lF ld/ la dangling', 'ls -ld . ..', 'ls -a e', 'ls -R e d',
    'ls -Rp', 'ls -R --file-type', 'ls -aRp d', 'ls -RF d', 'ls -R ld la dangling',
    'ls --literal', 'ls --quoting-style=literal', 'ls --quoting-style=x', 'ls --width=x', 'ls --time-style=bogus', 'ls -w', 'ls --classify=maybe', 'ls --color=sometimes',
    // XARGMATCH: a unique prefix will do; '' and 'a' (always, auto) are ambiguous
    'ls --classify=al', 'ls --classify=', 'ls --classify=a', 'ls -F --color=ne', 'ls --color=', 'ls --quoting-style=l', 'ls --quoting-style=',
    // only `always` classifies when the output is no terminal; `never` changes nothing
    'ls --classify=auto', 'ls --classify=if-tty', 'ls -F --classify=tty', 'ls -p --classify=never', 'ls -F --classify=no', 'ls --classify=yes',
  ])('%s', async (script) => {
    await same(script);
  });
  it.each(['ls -i', 'ls -li', 'ls -si', 'ls -mi', 'ls -Ci'])('%s (inode numbers masked)', async (script) => {
    await same(script, opts, (s) => s.replace(/\d{4,}/g, 'N'));
  });
  it('ls -R past the depth at which directories are held open (256): listed by path below it', async () => {
    const o = {
      cwd: 'w',
      setup: (d: string) => {
        let deep = `${d}/w/deep`;
        for (let i = 0; i < 300; i++) deep += '/d';
        fs.mkdirSync(deep, { recursive: true });
        fs.writeFileSync(`${deep}/bottom`, '');
      },
    };
    await same('ls -R deep | wc -l; ls -Rp deep | tail -4; ls -lR deep | grep -c "^total"', o);
  });
  it('an unreadable directory', async () => {
    const o = { ...opts, setup: (d: string) => { setup(d); fs.chmodSync(`${d}/w/e`, 0); } };
    if (process.getuid?.() === 0) return; // root reads anything
    await same('ls e; echo rc=$?; ls -R', o);
  });
});

describe('ls: byte order and layouts over many names', () => {
  const names = ['é', 'z', 'É', '_a', '-b', '10', '9', 'a b', 'A', 'a', '~x', 'ü.txt', '#', 'Zed', 'zz'];
  const many: Record<string, string> = {};
  for (const n of names) many[`n/${n}`] = '';
  for (let i = 0; i < 60; i++) many[`m/${'x'.repeat(i % 13)}${i}`] = '';
  it.each(['ls n', 'ls -r n', 'ls -C n', 'ls -x n', 'ls -m n', 'ls -C m', 'ls -x m', 'ls -m m', 'ls -C -w 40 m', 'ls -Cs m', 'ls -xF m', 'ls -C -w 1 n'])(
    '%s',
    async (script) => {
      await same(script, { files: many });
    },
  );
});

describe('ls: quoting styles and the -X / -v / --sort=width orders', () => {
  const names = ['a b', 'plain', "it's", 'tab\tx', 'q"uote', 'back\\slash', 'star*', 'nl\nx', '\x01ctl', 'hi\u00e9', '#hash', 'x~', '?q', 'colon:x',
    'a1', 'a10', 'a2', 'a02', 'a1.tar.gz', 'a1~', 'a1.0.10', 'a1.0.9~', '.x10', '.x2', 'file-1.10.txt', 'file-1.2.txt', '~x', '001', '9', 'a.b~c', 'a.b', 'z.01', 'c1.', 'b~~'];
  const files: Record<string, string> = {};
  for (const n of names) files[`q/${n}`] = '';
  it.each([
    'ls -Q q', 'ls -b q', 'ls -N q', 'ls -Q -N q', 'ls -b -Q q', 'ls --quoting-style=literal q', 'ls --quoting-style=shell q',
    'ls --quoting-style=shell-always q', 'ls --quoting-style=c q', 'ls --quoting-style=escape q', 'ls -q --quoting-style=shell q',
    'ls -qb q', 'ls -Qq q', 'ls -C --quoting-style=shell -w 60 q', 'ls -x --quoting-style=shell -w 50 q', 'ls -m --quoting-style=shell q',
    'ls -C -Q q', 'ls -1v q', 'ls -1va q', 'ls -1vr q', 'ls --sort=version -1 q', 'ls -1X q', 'ls -1Xr q', 'ls --sort=extension -1 q',
    'ls --sort=width -1 q', 'ls --sort=width -r q', 'ls --sort=width -Q q',
  ])('%s', async (script) => {
    await same(script, { files });
  });
  it.each(['ls -L', 'ls -1L', 'ls -FL', 'ls -pL', 'ls -LR d', 'ls -L dangling'])('%s: a dangling link with -L', async (script) => {
    await same(script);
  });
});

describe('ls: fields', () => {
  it('human sizes round up as gnulib does', () => {
    expect([0, 1023, 1024, 1025, 5000, 10239, 10240, 10241, 1_234_567, 1048575, 1048576].map((n) => humanSize(n, 1024))).toEqual([
      '0', '1023', '1.0K', '1.1K', '4.9K', '10K', '10K', '11K', '1.2M', '1.0M', '1.0M',
    ]);
    expect(humanSize(999_999, 1000)).toBe('1.0M');
    expect(humanSize(5000, 1000)).toBe('5.0k');
  });
  it('mode strings', () => {
    const info = (type: 'file' | 'dir', mode: number) => ({ type, mode }) as never;
    expect(modeString(info('file', 0o4755))).toBe('-rwsr-xr-x');
    expect(modeString(info('dir', 0o1777))).toBe('drwxrwxrwt');
    expect(modeString(info('file', 0o2640))).toBe('-rw-r-S---');
  });
  it('dates: recent, old, future', () => {
    const now = Date.UTC(2026, 10, 30, 12, 0);
    expect(dateColumn(Date.UTC(2026, 10, 1, 9, 5), now, 'locale')).toMatch(/^Nov {2}1 \d\d:05$/);
    expect(dateColumn(Date.UTC(2020, 0, 2), now, 'locale')).toMatch(/^Jan {2}[12] {2}2020$/);
    expect(dateColumn(now + 86_400_000, now, 'locale')).toMatch(/^Dec {2}1 {2}2026$/);
  });
});

describe('ls: sandbox', () => {
  it('outside paths read as Permission denied, exit 2', async () => {
    const r = await runOurs('ls /etc; ls ../; ls -l link', { setup: (d) => fs.symlinkSync('/etc', `${d}/link`) });
    expect(r.stdout).toMatch(/^lrwxrwxrwx 1 root root 4 .* link -> \/etc\n$/);
    expect(r.stderr).toBe("ls: cannot access '/etc': Permission denied\nls: cannot access '../': Permission denied\n");
  });
  it('ls -R does not follow links out of the root', async () => {
    const r = await runOurs('ls -R', { files: { 'a/x': '' }, setup: (d) => fs.symlinkSync('/', `${d}/a/root`) });
    expect(r).toMatchObject({ stdout: '.:\na\n\n./a:\nroot\nx\n', stderr: '', code: 0 });
  });
  it('refused options', async () => {
    for (const [script, err] of [
      ['ls -Z', 'ls: -Z/--context is refused: rshell does not read security contexts\n'],
      ['ls --hyperlink', 'ls: --hyperlink is refused: not supported by rshell\n'],
      ['ls -D', 'ls: -D/--dired is refused: not supported by rshell\n'],
      ['ls --quoting-style=locale', 'ls: --quoting-style=locale is refused: rshell offers literal, shell, shell-always, c and escape\n'],
      ['ls --quoting-style=shell-escape', 'ls: --quoting-style=shell-escape is refused: rshell offers literal, shell, shell-always, c and escape\n'],
      ['ls -l --time-style=+%H', 'ls: --time-style=+FORMAT is refused: use full-iso, long-iso or iso\n'],
      ['ls --block-size=K', 'ls: --block-size is refused: use -h, --si or -k\n'],
    ] as const) {
      expect(await runOurs(script)).toMatchObject({ stdout: '', stderr: err, code: 2 });
    }
  });
  it('works in read-only mode', async () => {
    const r = await runOurs('ls', { files: { a: '' }, mode: 'read-only', rootMode: 'ro' });
    expect(r).toMatchObject({ stdout: 'a\n', stderr: '', code: 0 });
  });
});
