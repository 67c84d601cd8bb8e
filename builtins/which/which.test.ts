import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

const run = async (script: string) => {
  const r = await new Runner({ allowedCommands: 'all' }).run(script, { stdin: '' });
  return { stdout: r.stdout, stderr: r.stderr, code: r.exitCode };
};

describe('which', () => {
  it('prints the bare name of an rshell command, as type -P', async () => {
    expect(await run('which cat sed; echo "s=$?"; type -P cat')).toMatchObject({ stdout: 'cat\nsed\ns=0\ncat\n' });
  });
  it('builtins, functions, paths and missing names are not found', async () => {
    expect(await run('f() { :; }; which f cd /bin/ls "" nope; echo "s=$?"')).toMatchObject({ stdout: 's=1\n', stderr: '' });
  });
  it('-a, --, bad options and no operand', async () => {
    expect(await run('which -a -aa -- grep; echo "s=$?"; which; echo "s=$?"')).toMatchObject({ stdout: 'grep\ns=0\ns=1\n' });
    expect(await run('which -b; echo "s=$?"')).toMatchObject({ stdout: 'Usage: /usr/bin/which [-a] args\ns=2\n', stderr: 'Illegal option -b\n' });
  });
});
