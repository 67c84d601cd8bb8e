// The run's memory budget (maxMemoryBytes) bounds what one command holds too: sort, tac and sed
// get at most what the run may hold, so a caller's small budget is not 256 MiB for a command.
import { describe, expect, it } from 'vitest';
import { Runner } from '../../src/index.js';

describe('maxMemoryBytes reaches the commands', () => {
  const runner = new Runner({ allowedPaths: [], allowedCommands: 'all', limits: { maxMemoryBytes: 100_000 } });
  it('sort stops at the run budget', async () => {
    const r = await runner.run('seq 1 100000 | sort');
    expect(r.stderr).toBe("sort: memory exhausted (over rshell's per-command memory budget of 100000 bytes, maxMemoryBytes)\n");
    expect(r.exitCode).toBe(2);
  });
  it('tac and sed too', async () => {
    const r = await runner.run("seq 1 100000 | tac; echo $?; seq 1 100000 | sed 'H;$!d'; echo $?");
    expect(r.stdout).toBe('1\n1\n');
    expect(r.stderr).toBe(
      "tac: memory exhausted (over rshell's per-command memory budget of 100000 bytes, maxMemoryBytes)\n" +
        "sed: memory exhausted (over rshell's per-command memory budget of 100000 bytes, maxMemoryBytes)\n",
    );
  });
  it('under the budget they run', async () => {
    const r = await runner.run('seq 1 100 | sort -n | tac | sed -n 1p');
    expect(r).toMatchObject({ exitCode: 0, stdout: '100\n' });
  });
});
