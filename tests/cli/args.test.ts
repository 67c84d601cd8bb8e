import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { VERSION } from '../../src/cli/help.js';
import { runnerOptions, startDirectory } from '../../src/cli/options.js';

const ok = (argv: string[]) => {
  const r = parseArgs(argv);
  if (!r.ok) throw new Error(r.error);
  return r.options;
};
const err = (argv: string[]) => {
  const r = parseArgs(argv);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('parseArgs', () => {
  test('-c with operands: $0 and $1…', () => {
    const o = ok(['-c', 'echo hi', 'name', 'a']);
    expect(o.command).toBe('echo hi');
    expect(o.operands).toEqual(['name', 'a']);
  });
  test('-cSCRIPT and -c=SCRIPT', () => {
    expect(ok(['-cecho x']).command).toBe('echo x');
    expect(ok(['-c=echo x']).command).toBe('echo x');
  });
  test('short cluster ending in a value flag', () => {
    const o = ok(['-hc', 'x']);
    expect(o.help).toBe(true);
    expect(o.command).toBe('x');
  });
  test('allowed paths: comma lists, repeated, -p and --x=v', () => {
    const o = ok(['-p', '/a,/b:rw', '--allowed-paths=/c:ro', '--allowed-paths', ' /d ,']);
    expect(o.allowedPaths).toEqual(['/a', '/b:rw', '/c:ro', '/d']);
  });
  test('allowed commands and allow-all', () => {
    const o = ok(['--allowed-commands', 'rshell:cat,rshell:echo', '--allow-all-commands']);
    expect(o.allowedCommands).toEqual(['rshell:cat', 'rshell:echo']);
    expect(o.allowAllCommands).toBe(true);
  });
  test('timeout, mode, proc path, env, json, version', () => {
    const o = ok(['--timeout', '1m30s', '--mode', 'remediation', '--proc-path', '/p', '--env', 'A=1=2', '--env=B=', '--json', '--version']);
    expect(o.timeoutNs).toBe(90e9);
    expect(o.mode).toBe('remediation');
    expect(o.procPath).toBe('/p');
    expect(o.env).toEqual({ A: '1=2', B: '' });
    expect(o.json).toBe(true);
    expect(o.version).toBe(true);
  });
  test('options stop at the first operand and at --', () => {
    expect(ok(['script.sh', '-x', '--json']).operands).toEqual(['script.sh', '-x', '--json']);
    expect(ok(['--json', '--', '-weird.sh']).operands).toEqual(['-weird.sh']);
    expect(ok(['-']).operands).toEqual(['-']);
  });
  test('errors in pflag wording', () => {
    expect(err(['--nope'])).toBe('unknown flag: --nope');
    expect(err(['--command', 'x'])).toBe('unknown flag: --command');
    expect(err(['-x'])).toBe("unknown shorthand flag: 'x' in -x");
    expect(err(['-c'])).toBe("flag needs an argument: 'c' in -c");
    expect(err(['--timeout'])).toBe('flag needs an argument: --timeout');
    expect(err(['--json=1'])).toBe('flag --json does not take a value');
    expect(err(['--timeout', '5'])).toBe('invalid argument "5" for "--timeout" flag: time: missing unit in duration "5"');
    expect(err(['--timeout', '-1s'])).toBe('invalid argument "-1s" for "--timeout" flag: duration must be >= 0');
    expect(err(['--mode', 'rw'])).toBe('invalid argument "rw" for "--mode" flag: must be "read-only" or "remediation"');
    expect(err(['--env', 'NOEQUALS'])).toBe('invalid argument "NOEQUALS" for "--env" flag: expected KEY=VALUE');
  });
});

describe('runnerOptions', () => {
  test('maps flags onto RunnerOptions', () => {
    const warn = () => {};
    const o = runnerOptions(ok(['-p', '/a', '--allowed-commands', 'rshell:cat', '--timeout', '250ms']), '/a/cwd', warn);
    expect(o).toEqual({ allowedPaths: ['/a'], allowedCommands: ['rshell:cat'], env: {}, cwd: '/a/cwd', onWarning: warn, timeoutMs: 250, isolation: 'none' });
    expect(runnerOptions(ok(['--isolation', 'worker', '--max-heap', '256']), '/', warn)).toMatchObject({ isolation: 'worker', maxHeapMiB: 256 });
    expect(runnerOptions(ok(['--allow-all-commands', '--mode', 'read-only']), '/', warn)).toMatchObject({ allowedCommands: 'all', mode: 'read-only' });
  });
});

describe('the start directory', () => {
  test('is the current one inside an allowed path, else none (the Runner takes the first root, or /)', () => {
    expect(startDirectory('/a/b', ['/a'])).toBe('/a/b');
    expect(startDirectory('/a', ['/x:ro', '/a:rw'])).toBe('/a');
    expect(startDirectory('/ab', ['/a'])).toBeUndefined();
    expect(startDirectory('/home/user', ['/a'])).toBeUndefined();
    expect(startDirectory('/home/user', [])).toBeUndefined();
    // a relative root is relative to the start directory
    expect(startDirectory('/a', ['.'])).toBe('/a');
    expect(startDirectory('/a', ['sub'])).toBeUndefined();
    expect(startDirectory('/a/b', ['/'])).toBe('/a/b');
  });

  test('--max-heap and --isolation take only their values', () => {
    expect(parseArgs(['--max-heap', '8'])).toEqual({ ok: false, error: 'invalid argument "8" for "--max-heap" flag: expected MiB, an integer from 16 to 1048576' });
    expect(parseArgs(['--max-heap', '1G'])).toEqual({ ok: false, error: 'invalid argument "1G" for "--max-heap" flag: expected MiB, an integer from 16 to 1048576' });
    expect(parseArgs(['--isolation', 'thread'])).toEqual({ ok: false, error: 'invalid argument "thread" for "--isolation" flag: must be "worker" or "none"' });
  });
});

test('VERSION matches package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(VERSION).toBe(pkg.version);
});
