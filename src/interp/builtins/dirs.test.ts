import { describe, expect, it } from 'vitest';
import type { FileInfo, Result } from '../../../allowedpaths/types.js';
import type { ShellBuiltin } from '../state/shell-api.js';
import { cd } from './cd.js';
import { help } from './help.js';
import { pwd } from './pwd.js';
import { type } from './type.js';
import { fakeContext, type FakeOptions } from './testing-fake-context.js';

// a tree like the bash experiment: /w/{d/e/, f, l -> d}; /outside is refused by the sandbox
const dirs = new Set(['/w', '/w/d', '/w/d/e']);
const norm = (cwd: string, p: string) => {
  const parts: string[] = [];
  for (const seg of (p.startsWith('/') ? p : `${cwd}/${p}`).split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return '/' + parts.join('/');
};
const real = (p: string) => p.replace(/^\/w\/l(?=\/|$)/, '/w/d');
const info = (type: FileInfo['type']): FileInfo => ({ type, size: 0, mode: 0, nlink: 1, uid: 0, gid: 0, ino: 0, dev: 0, rdev: 0, blocks: 0, blksize: 0, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0 });

function opts(extra: FakeOptions = {}): FakeOptions {
  const cwd = '/w';
  return {
    cwd,
    vars: { HOME: '/w/d', PWD: '/w' },
    fs: {
      abs: (p: string) => norm(cwd, p),
      stat: (p: string): Result<FileInfo> => {
        const a = real(norm(cwd, p));
        if (a.startsWith('/outside')) return { ok: false, error: { code: 'EACCES', message: 'Permission denied' } };
        if (dirs.has(a)) return { ok: true, value: info('dir') };
        if (a === '/w/f') return { ok: true, value: info('file') };
        return { ok: false, error: { code: 'ENOENT', message: 'No such file or directory' } };
      },
      realpath: (p: string): Result<string> => ({ ok: true, value: real(norm(cwd, p)) }),
      get cwd() {
        return cwd;
      },
    },
    ...extra,
  };
}

async function run(b: ShellBuiltin, args: string[], o: FakeOptions = opts()) {
  const f = fakeContext(o);
  const status = await b.run(f.ctx, args);
  return { status, out: f.stdout.text(), err: f.stderr.text(), cwd: f.cwd(), vars: f.vars };
}

// bash 5.2 in /tmp/cdt (d/e, f, l -> d): messages without the `bash: line N: ` prefix
describe('cd', () => {
  it('errors', async () => {
    expect(await run(cd, ['/nonexist'])).toMatchObject({ status: 1, err: 'cd: /nonexist: No such file or directory\n', cwd: '/w' });
    expect(await run(cd, ['f'])).toMatchObject({ status: 1, err: 'cd: f: Not a directory\n' });
    expect(await run(cd, ['d', 'e'])).toMatchObject({ status: 1, err: 'cd: too many arguments\n' });
    expect(await run(cd, ['/outside'])).toMatchObject({ status: 1, err: 'cd: /outside: Permission denied\n', cwd: '/w' });
    expect(await run(cd, ['-x'])).toMatchObject({ status: 2, err: 'cd: -x: invalid option\ncd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n' });
    const noHome = opts();
    noHome.vars = {};
    expect(await run(cd, [], noHome)).toMatchObject({ status: 1, err: 'cd: HOME not set\n' });
    expect(await run(cd, ['-'], noHome)).toMatchObject({ status: 1, err: 'cd: OLDPWD not set\n' });
  });
  it('moves', async () => {
    const r = await run(cd, ['d']);
    expect(r).toMatchObject({ status: 0, out: '', cwd: '/w/d' });
    expect(r.vars.get('PWD')).toBe('/w/d');
    expect(r.vars.get('OLDPWD')).toBe('/w');
    expect((await run(cd, ['l'])).cwd).toBe('/w/l');
    expect((await run(cd, ['-P', 'l'])).cwd).toBe('/w/d');
    expect((await run(cd, ['l/..'])).cwd).toBe('/w');
    expect((await run(cd, ['--', 'd'])).cwd).toBe('/w/d');
    expect((await run(cd, ['d//e/'])).cwd).toBe('/w/d/e');
    expect((await run(cd, ['./d/../d/e'])).cwd).toBe('/w/d/e');
    expect((await run(cd, [])).cwd).toBe('/w/d');
    expect(await run(cd, [''])).toMatchObject({ status: 0, cwd: '/w' });
    const back = opts();
    back.vars = { OLDPWD: '/w/d', PWD: '/w' };
    expect(await run(cd, ['-'], back)).toMatchObject({ status: 0, out: '/w/d\n', cwd: '/w/d' });
  });
});

describe('pwd', () => {
  it('prints', async () => {
    expect(await run(pwd, [])).toMatchObject({ status: 0, out: '/w\n' });
    expect(await run(pwd, ['extra'])).toMatchObject({ status: 0, out: '/w\n' });
    expect(await run(pwd, ['-x'])).toMatchObject({ status: 2, err: 'pwd: -x: invalid option\npwd: usage: pwd [-LP]\n' });
    const inLink = opts({ cwd: '/w/l' });
    expect(await run(pwd, ['-P'], inLink)).toMatchObject({ out: '/w/d\n' });
    expect(await run(pwd, ['-L'], inLink)).toMatchObject({ out: '/w/l\n' });
  });
});

describe('type', () => {
  const o: FakeOptions = { kinds: { if: 'keyword', f: 'function', echo: 'builtin', cat: 'command' } };
  it('describes', async () => {
    expect(await run(type, ['if', 'f', 'echo', 'cat'], o)).toMatchObject({
      status: 0, out: 'if is a shell keyword\nf is a function\necho is a shell builtin\ncat is cat\n',
    });
    expect(await run(type, ['-t', 'if', 'f', 'echo', 'cat', 'nope'], o)).toMatchObject({ status: 1, out: 'keyword\nfunction\nbuiltin\nfile\n', err: '' });
    expect(await run(type, ['nope', 'echo'], o)).toMatchObject({ status: 1, out: 'echo is a shell builtin\n', err: 'type: nope: not found\n' });
    expect(await run(type, ['-p', 'echo'], o)).toMatchObject({ status: 0, out: '' });
    // an rshell command is bash's "file": its bare name stands where bash prints the path
    expect(await run(type, ['-p', 'cat', 'echo'], o)).toMatchObject({ status: 0, out: 'cat\n' });
    expect(await run(type, ['-P', 'cat', 'echo'], o)).toMatchObject({ status: 1, out: 'cat\n' });
    // bash: echo() { :; }; type -a echo → function (with its body), then the builtin
    const shadow: FakeOptions = { kinds: { echo: 'function' }, functions: { echo: 'echo () \n{ \n    :\n}' }, commands: [{ name: 'echo', summary: 's' }] };
    expect(await run(type, ['-a', 'echo'], shadow)).toMatchObject({ status: 0, out: 'echo is a function\necho () \n{ \n    :\n}\necho is a shell builtin\n' });
    expect(await run(type, ['-t', '-a', 'echo'], shadow)).toMatchObject({ out: 'function\nbuiltin\n' });
    expect(await run(type, ['-f', 'echo'], shadow)).toMatchObject({ status: 0, out: 'echo is a shell builtin\n' });
    expect(await run(type, ['-Q'], o)).toMatchObject({ status: 2, err: 'type: -Q: invalid option\ntype: usage: type [-afptP] name [name ...]\n' });
  });
});

describe('help', () => {
  const o: FakeOptions = {
    commands: [
      { name: 'echo', summary: 'write arguments to stdout', usage: 'echo: echo [-neE] [arg ...]\n    Write.\n' },
      { name: 'help', summary: 'display help for commands', usage: help.usage },
    ],
  };
  it('lists the allowed commands (Go rshell format)', async () => {
    expect(await run(help, [], o)).toMatchObject({
      status: 0,
      out: "echo  write arguments to stdout\nhelp  display help for commands\n\nRun 'help <command>' for more information on a specific command.\n",
    });
  });
  it('prints one command', async () => {
    expect(await run(help, ['echo'], o)).toMatchObject({ status: 0, out: 'echo: echo [-neE] [arg ...]\n    Write.\n' });
    expect(await run(help, ['-s', 'echo'], o)).toMatchObject({ out: 'echo: echo [-neE] [arg ...]\n' });
    expect(await run(help, ['-d', 'echo'], o)).toMatchObject({ out: 'echo - write arguments to stdout\n' });
    expect(await run(help, ['foo'], o)).toMatchObject({ status: 1, out: '', err: "help: no help topics match 'foo'\n" });
  });
  it("prints bash's text for the builtins and keywords of the shell, Go rshell's for commands", async () => {
    const shell: FakeOptions = { ...o, kinds: { continue: 'builtin', if: 'keyword', echo: 'builtin' } };
    expect(await run(help, ['-s', 'continue', 'if'], shell)).toMatchObject({ status: 0, out: 'continue: continue [n]\nif: if COMMANDS; then COMMANDS; [ elif COMMANDS; then COMMANDS; ]... [ else COMMANDS; ] fi\n' });
    expect(await run(help, ['-d', 'echo'], shell)).toMatchObject({ status: 0, out: 'echo - Write arguments to the standard output.\n' });
    // a builtin the policy does not allow (no kind) matches nothing
    expect(await run(help, ['break'], shell)).toMatchObject({ status: 1, out: '', err: "help: no help topics match 'break'\n" });
    // as bash: status 1 only when no name matched, naming the last one
    expect(await run(help, ['-s', 'nosuch', 'continue'], shell)).toMatchObject({ status: 0, out: 'continue: continue [n]\n', err: '' });
    expect(await run(help, ['x', 'y'], shell)).toMatchObject({ status: 1, err: "help: no help topics match 'y'\n" });
  });
  it('--help prints bash\'s help for help, status 2', async () => {
    const r = await run(help, ['-d', '--help'], o);
    expect(r.status).toBe(2);
    expect(r.out).toMatch(/^help: help \[-dms\] \[pattern \.\.\.\]\n {4}Display information about builtin commands\.\n/);
  });
});
