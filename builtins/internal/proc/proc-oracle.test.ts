// The oracle for the system builtins: the real procps/coreutils/iproute2 tool run in a private
// mount namespace whose /proc is a fixture tree (unshare -m + mount --bind), so both sides read
// the very same kernel files. Needs root and util-linux's unshare; tests skip cleanly without.
// Test-only (child_process is allowed in tests, never in builtins/).
import { describe, expect, it } from 'vitest';
import { fixtureProc } from './testing.js';
import { ORACLE_AVAILABLE, runRealWithProc } from '../../../tests/harness/proc-oracle.js';

describe('proc oracle', () => {
  it.skipIf(!ORACLE_AVAILABLE)('runs a real tool on a fixture /proc', () => {
    expect(runRealWithProc('cat', ['/proc/sys/kernel/ostype'], fixtureProc('host1')).stdout).toBe('Linux\n');
  });
});
