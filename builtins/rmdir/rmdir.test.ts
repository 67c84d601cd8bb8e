import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rmdir } from './index.js';
import { runBuiltin } from '../internal/testing.js';
import { Runner } from '../../src/index.js';

describe('rmdir', () => {
  it('needs remediation mode; usage errors', async () => {
    expect(await runBuiltin(rmdir, ['x'])).toMatchObject({ code: 1, stderr: 'rmdir: filesystem capability not available (remediation mode required)\n' });
    expect(await runBuiltin(rmdir, [])).toMatchObject({ code: 1, stderr: "rmdir: missing operand\nTry 'rmdir --help' for more information.\n" });
  });
  it('-p -v --ignore-fail-on-non-empty in a :rw root; a read-only root refuses', async () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-rmdir-')));
    try {
      fs.mkdirSync(path.join(dir, 'rw/a/b'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'ro/c'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'rw/f'), '');
      const runner = new Runner({ allowedPaths: [`${dir}/rw:rw`, `${dir}/ro:ro`], allowedCommands: 'all', cwd: `${dir}/rw`, mode: 'remediation' });
      const r = await runner.run(`rmdir -pv --ignore-fail-on-non-empty a/b; rmdir ../ro/c; echo "status=$?"; ls`, { stdin: '' });
      expect(r.stdout).toBe("rmdir: removing directory, 'a/b'\nrmdir: removing directory, 'a'\nstatus=1\nf\n");
      expect(r.stderr).toBe("rmdir: failed to remove '../ro/c': Permission denied\n");
      expect(fs.existsSync(path.join(dir, 'ro/c'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
