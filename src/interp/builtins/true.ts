// true, false and `:` — they ignore their arguments (even --help, as in bash).
import type { ShellBuiltin } from '../state/shell-api.js';

export const trueBuiltin: ShellBuiltin = {
  name: 'true',
  summary: 'return a successful result',
  usage: 'true: true\n    Return a successful result (exit status 0). Arguments are ignored.\n',
  run: () => 0,
};

export const falseBuiltin: ShellBuiltin = {
  name: 'false',
  summary: 'return an unsuccessful result',
  usage: 'false: false\n    Return an unsuccessful result (exit status 1). Arguments are ignored.\n',
  run: () => 1,
};

export const colon: ShellBuiltin = {
  name: ':',
  summary: 'null command: expand arguments and succeed',
  always: true,
  usage: ':: :\n    No effect; the command does nothing beyond expanding its arguments.\n    Exit status 0.\n',
  run: () => 0,
};
