import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lsof } from './index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';

describe('lsof refusals and errors', () => {
  it('refuses unsupported options and file operands', async () => {
    expect(await runWithProc(lsof, ['-i'], '/proc')).toMatchObject({ stderr: 'lsof: -i is not supported by rshell (supported: -a -c -n -P -p -u)\n', code: 1 });
    expect(await runWithProc(lsof, ['/etc/passwd'], '/proc')).toMatchObject({ stderr: 'lsof: file operands are not supported by rshell: /etc/passwd\n', code: 1 });
    expect(await runWithProc(lsof, ['-p', 'x'], '/proc')).toMatchObject({ stderr: 'lsof: illegal process ID: x\n', code: 1 });
    expect((await runWithProc(lsof, ['-h'], '/proc')).stdout).toContain('Usage: lsof');
  });
  it('no matching process: status 1, no output', async () => {
    expect(await runWithProc(lsof, ['-p', '999999999'], fixtureProc('procs'))).toMatchObject({ stdout: '', code: 1 });
  });
});

describe.skipIf(process.platform !== 'linux')('lsof on a live process', () => {
  it('shows files inside the sandbox and blanks everything outside', async () => {
    let child: ChildProcess | undefined;
    const r = await runWithProc(lsof, ['-a', '-c', 'sleep', '-p', 'PID'].slice(0, 3), '/proc', {
      files: { 'out.txt': '' },
      setup: (dir) => {
        const fd = fs.openSync(path.join(dir, 'out.txt'), 'a');
        child = spawn('sleep', ['30'], { stdio: ['ignore', fd, fd], cwd: dir });
        fs.closeSync(fd);
        const until = Date.now() + 2000;
        while (Date.now() < until && !fs.existsSync(`/proc/${child.pid}/fd/1`)) { /* wait for exec */ }
        const start = Date.now();
        while (Date.now() - start < 150) { /* let exec finish */ }
      },
    });
    try {
      const pid = String(child?.pid);
      const mine = r.stdout.split('\n').filter((l) => l.split(/\s+/)[1] === pid);
      const byFd = (fd: string) => mine.find((l) => l.split(/\s+/)[3] === fd) ?? '';
      expect(byFd('cwd')).toMatch(/ DIR +[0-9]+,[0-9]+ +[0-9]+ +[0-9]+ \/.*rshell-bt-[^/]+$/);
      expect(byFd('1w')).toMatch(/ REG +[0-9]+,[0-9]+ +0 +[0-9]+ \/.*\/out\.txt$/);
      expect(byFd('txt')).toMatch(/^sleep +[0-9]+ \S+ +txt +REG +\(restricted\)$/);
      expect(byFd('rtd')).toMatch(/ DIR +\(restricted\)$/);
      expect(r.stdout).not.toContain('/usr/bin/sleep');
      expect(r.stdout).not.toContain('libc');
    } finally {
      child?.kill();
    }
  });
});

describe('lsof on the captured host tree', () => {
  it('lists cwd/rtd/txt/fds and restricts outside paths', async () => {
    const r = await runWithProc(lsof, ['-p', '5960'], fixtureProc('host1'));
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^COMMAND +PID USER +FD +TYPE DEVICE SIZE\/OFF +NODE NAME$/);
    expect(lines.filter((l) => l.includes(' cwd '))).toHaveLength(1);
    expect(r.stdout).not.toMatch(/ \/(usr|etc|root|home)\//);
  });
});
