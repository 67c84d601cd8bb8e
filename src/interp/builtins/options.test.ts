// Every shell builtin declares its options (docs/RULES.md, "How: shell builtins"), and the tables say
// what bash's source says.
import { describe, expect, it } from 'vitest';
import { SHELL_BUILTINS } from './index.js';
import { SET_OPTIONS } from '../state/shell.js';

/** bash 5.2's builtins/*.def: the optstring each gives internal_getopt ('' for no_options) */
const BASH_GETOPT: Record<string, string> = {
  eval: '', source: '', '.': '', builtin: '', caller: '', getopts: '',
  exec: 'cla:', wait: 'fnp:', trap: 'lp', command: 'pvV', shopt: 'psuoq', unset: 'fnv',
  declare: 'acfgilnprtuxAFGI', typeset: 'acfgilnprtuxAFGI', local: 'acfgilnprtuxAFGI',
  export: 'aAfnp', readonly: 'aAfnp', printf: 'v:', read: 'ersa:d:i:n:p:t:u:N:',
  mapfile: 'd:u:n:O:tC:c:s:', readarray: 'd:u:n:O:tC:c:s:', type: 'afptP', hash: 'dlp:rt', help: 'dms',
  pwd: 'LP', cd: 'eLP', set: 'abefhkmnptuvxBCEHPTo;',
};
/** CHECK_HELPOPT only: a first --help; the builtin reads the other words itself */
const BASH_HELP_ONLY = ['exit', 'return', 'break', 'continue', 'shift', 'let', 'dirs', 'pushd', 'popd'];
const BASH_NONE = ['true', 'false', ':', 'test', '['];
const PLUS = ['set', 'declare', 'typeset', 'local'];

const sorted = (s: string): string => [...s].sort().join('');

describe('shell builtin option tables', () => {
  it('every shell builtin declares its options', () => {
    const missing = [...SHELL_BUILTINS.values()].filter((b) => b.options === undefined).map((b) => b.name);
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(BASH_GETOPT))("%s scans bash's optstring %j", (name, letters) => {
    const o = SHELL_BUILTINS.get(name)!.options!;
    expect(o.style).toBe('getopt');
    // the same letters, each with the same kind of argument
    const kinds = (s: string) => sorted(s.replace(/(.)([:;])/g, (_m, c: string, k: string) => (k === ':' ? c.toUpperCase() + '!' : c + '?')));
    expect(kinds(o.letters)).toBe(kinds(letters));
    expect(o.plus).toBe(PLUS.includes(name));
  });

  it.each(BASH_HELP_ONLY)('%s answers only a first --help', (name) => {
    expect(SHELL_BUILTINS.get(name)!.options!.style).toBe('help');
  });

  it.each(BASH_NONE)('%s reads no option at all', (name) => {
    expect(SHELL_BUILTINS.get(name)!.options!.style).toBe('none');
  });

  it("echo has echo.def's own", () => {
    expect(SHELL_BUILTINS.get('echo')!.options).toMatchObject({ style: 'echo', letters: 'neE' });
  });

  it("set's letters are those of its flags (bash's optflags, without -i and the restricted -r)", () => {
    const flagLetters = SET_OPTIONS.map(([, l]) => l).join('');
    expect(sorted(SHELL_BUILTINS.get('set')!.options!.letters.replace('o;', ''))).toBe(sorted(flagLetters));
  });
});
