// The `[`/`test` shortcut (test-fast.ts) must leave the policy and everything it does not handle
// to the ordinary path. Bash-compared cases live in fast-paths.test.ts; these need rshell's policy.
import { describe, expect, it } from 'vitest';
import { Runner } from '../../index.js';

async function run(script: string, allowedCommands: 'all' | string[]): Promise<{ stdout: string; stderr: string; status: number }> {
  const r = await new Runner({ allowedCommands }).run(script);
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', status: r.exitCode };
}

describe('[ and test shortcut', () => {
  it('is refused like any command when the policy does not allow it', async () => {
    const r = await run('[ 1 -lt 2 ]; echo s=$?; test -n x; echo s=$?', ['rshell:echo']);
    expect(r).toEqual({ stdout: 's=127\ns=127\n', stderr: '[: command not allowed\ntest: command not allowed\n', status: 0 });
  });

  it('answers as the builtin does for every quick shape', async () => {
    const script = [
      'for a in "" x 1 -1 007 abc; do for b in "" x 1 2 abc; do',
      '  for op in = == != "<" ">"; do [ "$a" "$op" "$b" ]; printf %s $?; done',
      '  for op in -eq -ne -lt -le -gt -ge; do [ "$a" $op "$b" ]; printf %s $?; done',
      '  [ -n "$a" ]; printf %s $?; [ -z "$b" ]; printf %s $?; [ ! "$a" ]; printf %s $?; [ "$b" ]; printf %s $?',
      'done; echo; done',
    ].join('\n');
    const quick = await run(script, 'all');
    // the same through `command [`, which never takes the shortcut
    const slow = await run(script.replaceAll('[ ', 'command [ '), 'all');
    expect(quick).toEqual(slow);
    expect(quick.stdout.split('\n').length).toBe(7);
  });
});
