import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { id } from './index.js';
import { whoami } from '../whoami/index.js';
import { groups } from '../groups/index.js';
import { logname } from '../logname/index.js';
import { both } from '../../tests/harness/gnu-oracle.js';
import { runBuiltin } from '../internal/testing.js';

// the process's identity and the host's databases: GNU and rshell see the same ones
describe('id, whoami, groups: same as GNU on this host', () => {
  const cases: [typeof id, string[]][] = [
    [id, []], [id, ['-u']], [id, ['-g']], [id, ['-G']], [id, ['-un']], [id, ['-gn']], [id, ['-Gn']], [id, ['-ur']], [id, ['-gr']],
    [id, ['-Gr']], [id, ['-uz']], [id, ['-Gz']], [id, ['-n']], [id, ['-r']], [id, ['-z']], [id, ['-u', '-g']], [id, ['-a']],
    [id, ['-Z']], [id, ['--user', '--name']], [id, ['--groups', '--zero']], [id, ['--bogus']],
    [id, ['root']], [id, ['root', 'daemon']], [id, ['nosuch_user_x', 'root']], [id, ['0']], [id, ['-nG', 'root']], [id, ['-u', 'daemon']],
    [whoami, []], [whoami, ['x']], [whoami, ['--bogus']],
    [groups, []], [groups, ['root', 'daemon']], [groups, ['nosuch_user_x']], [groups, ['--bogus']],
  ];
  for (const [cmd, args] of cases) {
    it(`${cmd.name} ${args.join(' ')}`, async () => {
      const { ours, gnu } = await both(cmd, args);
      expect(ours).toEqual(gnu);
    });
  }
});

describe('databases beside the proc root', () => {
  it('names, supplementary groups and unknown ids', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-acc-'));
    try {
      fs.mkdirSync(path.join(root, 'proc'));
      fs.mkdirSync(path.join(root, 'etc'));
      fs.writeFileSync(path.join(root, 'etc/passwd'), 'alice:x:1000:1000:A:/home/a:/bin/sh\nbob:x:1001:50::/:/bin/sh\nbad line\n');
      fs.writeFileSync(path.join(root, 'etc/group'), 'alice:x:1000:\nstaff:x:50:\nwheel:x:10:alice,bob\ndev:x:20:bob\n');
      const procPath = path.join(root, 'proc');
      const run = async (cmd: typeof id, args: string[]) => {
        const ctxRun = await runBuiltinWithProc(cmd, args, procPath);
        return ctxRun;
      };
      expect(await run(id, ['alice', 'bob'])).toMatchObject({
        stdout: 'uid=1000(alice) gid=1000(alice) groups=1000(alice),10(wheel)\nuid=1001(bob) gid=50(staff) groups=50(staff),10(wheel),20(dev)\n',
      });
      expect(await run(id, ['-Gn', 'bob'])).toMatchObject({ stdout: 'staff wheel dev\n', code: 0 });
      expect(await run(groups, ['bob'])).toMatchObject({ stdout: 'bob : staff wheel dev\n' });
      expect(await run(id, ['1000'])).toMatchObject({ stdout: 'uid=1000(alice) gid=1000(alice) groups=1000(alice),10(wheel)\n' });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
  it('logname has no login session', async () => {
    expect(await runBuiltin(logname, [])).toMatchObject({ code: 1, stderr: 'logname: no login name\n' });
    expect(await runBuiltin(logname, ['x'])).toMatchObject({ code: 1, stderr: "logname: extra operand 'x'\nTry 'logname --help' for more information.\n" });
  });
});

async function runBuiltinWithProc(cmd: typeof id, args: string[], procPath: string) {
  const { CollectingWriter } = await import('../../lib/io/pipe.js');
  const stdout = new CollectingWriter();
  const stderr = new CollectingWriter();
  const code = await cmd.run({
    name: cmd.name, stdin: { read: () => null }, stdout, stderr, cwd: '/', fs: undefined as never,
    getEnv: () => undefined, exportedEnv: () => [], signal: new AbortController().signal,
    limits: { maxLineBytes: 1 << 20, maxSortBytes: 1 << 28, maxFileBytes: 1 << 28 }, mode: 'read-only',
    procPath, exec: () => Promise.resolve(127), runShellText: () => Promise.resolve(127), checkAbort: () => {},
  }, args);
  const dec = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
  return { code, stdout: dec(stdout.bytes()), stderr: dec(stderr.bytes()) };
}
