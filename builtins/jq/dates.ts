// The date builtins' jq-facing side (argument checks, jq's messages); the calendar work itself
// is the JSON/format layer's (strftime, strptime, mktime, gmtime, localtime).

import { valueOnly, type Compiled, type Native } from './compile.js';
import { gmtime, localtime, mktime, strftime, strptime } from './json-stub.js';
import { isNum, typeError } from './ops.js';
import { JqError, numberOf } from './value.js';

export function dateNatives(): Record<string, Native> {
  const withFormat =
    (name: string, local: boolean): Native =>
    ([f]) =>
      valueOnly((input, env, emit) =>
        (f as Compiled).run(input, env, (fmt) => {
          if (typeof fmt !== 'string') throw new JqError(`${name}/1 requires a string format`);
          if (!isNum(input) && !Array.isArray(input)) throw new JqError(`${name}/1 requires parsed datetime inputs`);
          emit(strftime(input, fmt, local));
        }),
      );
  return {
    'strftime/1': withFormat('strftime', false),
    'strflocaltime/1': withFormat('strflocaltime', true),
    'strptime/1': ([f]) =>
      valueOnly((input, env, emit) =>
        (f as Compiled).run(input, env, (fmt) => {
          if (typeof input !== 'string') throw typeError(input, 'cannot be parsed as a date');
          if (typeof fmt !== 'string') throw typeError(fmt, 'is not a string');
          emit(strptime(input, fmt));
        }),
      ),
    'mktime/0': () =>
      valueOnly((input, _env, emit) => {
        if (!Array.isArray(input)) throw new JqError('mktime requires array of 6 numbers');
        emit(mktime(input));
      }),
    'gmtime/0': () =>
      valueOnly((input, _env, emit) => {
        if (!isNum(input)) throw new JqError('gmtime() requires a number');
        emit(gmtime(numberOf(input)));
      }),
    'localtime/0': () =>
      valueOnly((input, _env, emit) => {
        if (!isNum(input)) throw new JqError('localtime() requires a number');
        emit(localtime(numberOf(input)));
      }),
  };
}
