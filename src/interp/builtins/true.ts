// true, false and `:` — they ignore their arguments (even --help, as in bash).
import type { ShellBuiltin } from '../state/shell-api.js';
import { defineOptions } from './options.js';

/** bash's true, false and `:` read no option, not even --help */
const NONE = { style: 'none' } as const;

export const trueBuiltin: ShellBuiltin = {
  name: 'true',
  summary: 'return a successful result',
  options: defineOptions({ name: 'true', ...NONE }),
  usage: 'true: true\n    Return a successful result (exit status 0). Arguments are ignored.\n',
  run: () => 0,
};

export const falseBuiltin: ShellBuiltin = {
  name: 'false',
  summary: 'return an unsuccessful result',
  options: defineOptions({ name: 'false', ...NONE }),
  usage: 'false: false\n    Return an unsuccessful result (exit status 1). Arguments are ignored.\n',
  run: () => 1,
};

export const colon: ShellBuiltin = {
  name: ':',
  summary: 'null command: expand arguments and succeed',
  always: true,
  options: defineOptions({ name: ':', ...NONE }),
  usage: ':: :\n    No effect; the command does nothing beyond expanding its arguments.\n    Exit status 0.\n',
  run: () => 0,
};
