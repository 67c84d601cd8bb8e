import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';
import { chmod } from './index.js';
import { runBuiltin } from '../internal/testing.js';

async function inTree(script: string, setup: (dir: string) => void) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-chmod-')));
  try {
    fs.mkdirSync(path.join(dir, 'rw'));
    fs.mkdirSync(path.join(dir, 'ro'));
    setup(dir);
    const runner = new Runner({ allowedPaths: [`${dir}/rw:rw`, `${dir}/ro:ro`], allowedCommands: 'all', cwd: `${dir}/rw`, mode: 'remediation' });
    const r = await runner.run(script, { stdin: '' });
    return { stdout: r.stdout, stderr: r.stderr, code: r.exitCode, dir };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('chmod', () => {
  it('needs remediation mode', async () => {
    expect(await runBuiltin(chmod, ['644', 'x'])).toMatchObject({ code: 1, stderr: 'chmod: filesystem capability not available (remediation mode required)\n' });
  });
  it('-w,+x as an option-like mode, and the umask surprise', async () => {
    const r = await inTree('chmod -w,+x f; echo "s=$?"; stat -c %a f; chmod -x f; stat -c %a f', (d) => fs.writeFileSync(path.join(d, 'rw/f'), ''));
    expect(r.stdout).toBe('s=0\n555\n444\n');
  });
  it('-R leaves links alone and never leaves the roots; a read-only root refuses', async () => {
    const r = await inTree('chmod -R 700 dd; stat -c "%a %n" f dd; chmod 600 ../ro/g; echo "s=$?"', (d) => {
      fs.writeFileSync(path.join(d, 'rw/f'), '');
      fs.chmodSync(path.join(d, 'rw/f'), 0o644);
      fs.mkdirSync(path.join(d, 'rw/dd'));
      fs.symlinkSync('../f', path.join(d, 'rw/dd/l'));
      fs.symlinkSync('/etc', path.join(d, 'rw/dd/out'));
      fs.writeFileSync(path.join(d, 'ro/g'), '');
    });
    expect(r.stdout).toBe('644 f\n700 dd\ns=1\n');
    expect(r.stderr).toBe("chmod: changing permissions of '../ro/g': Permission denied\n");
  });
  it('sticky and set-group-ID on a directory are allowed; set-ID on a file is refused', async () => {
    const r = await inTree('chmod -v +t,g+s dd; chmod -c u+s f; echo "s=$?"; chmod -c 4644 f; echo "s=$?"', (d) => {
      fs.mkdirSync(path.join(d, 'rw/dd'));
      fs.chmodSync(path.join(d, 'rw/dd'), 0o755);
      fs.writeFileSync(path.join(d, 'rw/f'), '');
      fs.chmodSync(path.join(d, 'rw/f'), 0o644);
    });
    expect(r.stdout).toBe("mode of 'dd' changed from 0755 (rwxr-xr-x) to 3755 (rwxr-sr-t)\ns=1\ns=1\n");
    expect(r.stderr).toBe(
      "chmod: changing permissions of 'f': rshell does not set the set-user-ID or set-group-ID bit of a file\n".repeat(2),
    );
  });
});
