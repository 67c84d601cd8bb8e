import { describe, expect, test } from 'vitest';
import { completeness } from '../../src/syntax/chunks.js';
import { commandNames, complete } from '../../src/cli/repl-complete.js';

const source = { functions: () => ['greet', 'grow'], variables: () => ['HOME', 'HOST', 'x'] };
const commands = commandNames(['rshell:grep', 'rshell:echo']);

test('the policy filters commands; keywords and core builtins always complete', () => {
  expect(commands).toContain('grep');
  expect(commands).toContain('echo');
  expect(commands).not.toContain('cat');
  expect(commands).toContain('declare');
  expect(commands).toContain('while');
  expect(commandNames('all')).toContain('cat');
});

test('command words: commands and functions', () => {
  expect(complete('gr', commands, source)).toEqual([['greet', 'grep', 'grow'], 'gr']);
  expect(complete('ls | gre', commands, source)).toEqual([['greet', 'grep'], 'gre']);
  expect(complete('if ech', commands, source)).toEqual([['echo'], 'ech']);
});

test('arguments are not completed as commands', () => {
  expect(complete('echo gr', commands, source)).toEqual([[], 'gr']);
});

test('variables after $ and ${', () => {
  expect(complete('echo $HO', commands, source)).toEqual([['$HOME', '$HOST'], '$HO']);
  expect(complete('echo "${H', commands, source)).toEqual([['${HOME', '${HOST'], '${H']);
});

describe('completeness: when the REPL asks for more lines', () => {
  test.each([
    ['echo "a', 'incomplete'],
    ['if true; then', 'incomplete'],
    ['a |', 'incomplete'],
    ['f() {', 'incomplete'],
    ['cat <<EOF', 'incomplete'],
    ['cat <<EOF\nbody', 'incomplete'],
    ['echo \\', 'incomplete'],
    ['echo \\\\', 'complete'],
    ['echo hi', 'complete'],
    ['cat <<EOF\nbody\nEOF', 'complete'],
    ['fi', 'error'],
  ])('%j → %s', (text, kind) => {
    expect(completeness(text).kind).toBe(kind);
  });
});
