// The host's environment is invisible to scripts except what inheritEnv names: a secret in the
// host's process.env cannot be seen through any way a script has to look at variables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

const SECRET = 'RSHELL_TEST_HOST_SECRET';
const SHOWN = 'RSHELL_TEST_HOST_SHOWN';
let runners: Runner[] = [];
beforeAll(() => {
  process.env[SECRET] = 'hunter2';
  process.env[SHOWN] = 'visible';
  runners = (['none', 'worker'] as const).map((isolation) => new Runner({ allowedCommands: 'all', inheritEnv: [SHOWN], isolation, maxWorkers: 1 }));
});
afterAll(() => {
  delete process.env[SECRET];
  delete process.env[SHOWN];
  for (const r of runners) r.close();
});

// every way a script can list or read variables (env, printenv, awk's ENVIRON and jq's $ENV join
// this list as those commands land: tests/security/host-env-commands.test.ts)
const LOOKS = [
  'echo "$RSHELL_TEST_HOST_SECRET"',
  'set',
  'declare -p',
  'export -p',
  'declare -x',
  'echo ${!RSHELL_*}',
  'x=$(declare -p); echo "$x"',
  'compgen -v 2>/dev/null',
  'typeset -p',
  'echo ${RSHELL_TEST_HOST_SECRET:-unset}',
  '(echo "$RSHELL_TEST_HOST_SECRET")',
  'eval "echo \\$RSHELL_TEST_HOST_SECRET"',
];

describe('the host environment', () => {
  it.each(LOOKS)('a secret the embedder did not name is invisible: %s', async (script) => {
    for (const runner of runners) {
      const r = await runner.run(script);
      expect((r.stdout ?? '') + (r.stderr ?? '')).not.toContain('hunter2');
      expect((r.stdout ?? '') + (r.stderr ?? '')).not.toContain(SECRET);
    }
  });

  it('inheritEnv copies the named variables (exported); env wins over them', async () => {
    const r = await new Runner({ allowedCommands: 'all', inheritEnv: [SHOWN, 'RSHELL_NOT_SET_ANYWHERE'] }).run(
      'echo "$RSHELL_TEST_HOST_SHOWN"; declare -p RSHELL_TEST_HOST_SHOWN; echo "${RSHELL_NOT_SET_ANYWHERE-unset}"',
    );
    expect(r.stdout).toBe('visible\ndeclare -x RSHELL_TEST_HOST_SHOWN="visible"\nunset\n');
    const over = await new Runner({ allowedCommands: 'all', inheritEnv: [SHOWN], env: { [SHOWN]: 'mine' } }).run('echo "$RSHELL_TEST_HOST_SHOWN"');
    expect(over.stdout).toBe('mine\n');
  });

  it('a bad list is an error at construction', () => {
    expect(() => new Runner({ inheritEnv: ['A B'] })).toThrow('InheritEnv: expected a list of variable names');
  });
});
