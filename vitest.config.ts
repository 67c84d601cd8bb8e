import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'lib/**/*.test.ts', 'src/**/*.test.ts', 'builtins/**/*.test.ts', 'allowedpaths/**/*.test.ts'],
    // one fixed seed for every property test (tests/setup/fast-check-seed.ts says why)
    setupFiles: ['tests/setup/fast-check-seed.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
