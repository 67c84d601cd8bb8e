// Differential testing against the real GNU tools (coreutils 9.1, grep 3.8, LANG=C): run the same
// argv over the same files with the GNU binary and with our builtin, compare bytes and status.
// Test-only (child_process is allowed in tests, never in builtins/).
import { describe, it, expect } from 'vitest';
import { runGnu } from '../../tests/harness/gnu-tools.js';

describe('gnu oracle', () => {
  it('runs GNU tools', () => {
    expect(runGnu('grep', ['-c', 'a'], { stdin: 'a\nb\na\n' }).stdout).toBe('2\n');
  });
});
