// Test helper: run one script with real bash (LANG=C) and with rshell's Runner over copies of the
// same tree; compare stdout, stderr and status. Test-only (child_process is fine in tests).
import { describe, it, expect } from 'vitest';
import { bashScript } from '../../tests/harness/script-oracle.js';

describe('script oracle', () => {
  it('runs bash', () => {
    expect(bashScript('echo hi').stdout).toBe('hi\n');
  });
});
