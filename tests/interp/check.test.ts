// The static pass (src/check): what is refused before anything runs, and what is not.
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/syntax/index.js';
import { checkScript } from '../../src/check/index.js';

const msg = (src: string): string | null => checkScript(parse(src))?.message ?? null;

describe('checkScript', () => {
  it.each([
    ['sleep 1 &', 'background execution (&) is not supported'],
    ['{ a; } &', 'background execution (&) is not supported'],
    ['f() { x & }', 'background execution (&) is not supported'],
    ['coproc x', 'coprocesses are not supported'],
    ['select a in b; do :; done', 'select statements are not supported'],
    ['alias a=b', 'alias is not supported'],
    ['unalias a', 'unalias is not supported'],
    ['jobs', 'jobs is not supported'],
    ['fg', 'fg is not supported'],
    ['bg', 'bg is not supported'],
    ['disown', 'disown is not supported'],
    ['kill 1', 'kill is not supported'],
    ['ulimit -a', 'ulimit is not supported'],
    ["'kill' 1", 'kill is not supported'],
    ['echo $(jobs)', 'jobs is not supported'],
    ['exec ls', 'exec with a command is not supported'],
    ['exec ls --help', 'exec with a command is not supported'],
    ['exec -- ls', 'exec with a command is not supported'],
    ["trap 'x' RETURN", 'trap on RETURN is not supported'],
    ["trap 'x' EXIT debug", 'trap on DEBUG is not supported'],
  ])('refuses %s', (src, expected) => {
    expect(msg(src)).toBe(expected);
  });

  it.each([
    'echo hi; x=1',
    'exec >/dev/null 2>&1',
    'exec 3<file',
    'exec --help',
    // exec's options are the builtin's to read: a bad one is bash's usage error, a command after
    // them is refused when it runs
    'exec -c --help',
    'exec -Z',
    'exec -a name ls',
    "trap 'echo bye' EXIT",
    "trap 'echo e' ERR",
    "trap 'x' NOSUCHSIG",
    'echo kill jobs alias',
    '$cmd arg',
    'a && b || c | d',
    'cat <(echo x)',
  ])('accepts %s', (src) => {
    expect(msg(src)).toBeNull();
  });
});
