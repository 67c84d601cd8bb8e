import { configDefaults, defineConfig } from 'vitest/config';

// The resource-attack corpus, the budgets' deadline tests and the fuzz hold runs to their deadline within 100 ms: they run on
// their own (`make attacks`, RSHELL_TIMING=1), after the other files, not beside them on 2 cores.
const TIMED = ['tests/security/attacks.test.ts', 'tests/security/cli-attacks.test.ts', 'src/interp/state/budgets.test.ts', 'tests/fuzz/**'];
const timedOnly = process.env.RSHELL_TIMING === '1';

export default defineConfig({
  test: {
    include: timedOnly
      ? TIMED.map((t) => (t.endsWith('**') ? `${t}/*.test.ts` : t))
      : ['tests/**/*.test.ts', 'lib/**/*.test.ts', 'src/**/*.test.ts', 'builtins/**/*.test.ts', 'allowedpaths/**/*.test.ts'],
    exclude: timedOnly ? configDefaults.exclude : [...configDefaults.exclude, ...TIMED],
    // one fixed seed for every property test (tests/setup/fast-check-seed.ts says why)
    setupFiles: ['tests/setup/fast-check-seed.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // the timed files one after another: each is the only load besides its own attack hosts
    fileParallelism: !timedOnly,
    maxWorkers: 2,
  },
});
