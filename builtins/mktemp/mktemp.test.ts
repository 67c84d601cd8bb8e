import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';
import { mktemp } from './index.js';
import { runBuiltin } from '../internal/testing.js';

describe('mktemp', () => {
  it('-u works in read-only mode; creating needs remediation', async () => {
    const r = await runBuiltin(mktemp, ['-u', '-p', 'd', 'aXXXX']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^d\/a[A-Za-z0-9]{4}\n$/);
    expect(await runBuiltin(mktemp, ['-p', '.'])).toMatchObject({ code: 1, stderr: 'mktemp: filesystem capability not available (remediation mode required)\n' });
  });
  it('only inside :rw roots: outside and read-only roots are refused', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-mktemp-')));
    try {
      fs.mkdirSync(path.join(dir, 'rw'));
      fs.mkdirSync(path.join(dir, 'ro'));
      const runner = new Runner({ allowedPaths: [`${dir}/rw:rw`, `${dir}/ro:ro`], allowedCommands: 'all', cwd: `${dir}/rw`, mode: 'remediation' });
      const r = await runner.run('mktemp -p /etc; echo "s=$?"; mktemp -d -p ../ro; echo "s=$?"; TMPDIR=../ro mktemp -q; echo "s=$?"; mktemp --tmpdir=. >/dev/null; ls | wc -l', { stdin: '' });
      expect(r.stdout).toBe('s=1\ns=1\ns=1\n1\n');
      expect(r.stderr).toBe("mktemp: failed to create file via template '/etc/tmp.XXXXXXXXXX': Permission denied\nmktemp: failed to create directory via template '../ro/tmp.XXXXXXXXXX': Permission denied\n");
      expect(fs.readdirSync(path.join(dir, 'ro'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
