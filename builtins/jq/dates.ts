// The date builtins as the language sees them; the calendar work and jq's own messages are the
// JSON layer's (json/dates.ts). "Local" time is the zone the script's TZ names.

import { valueOnly, type Compiled, type Native } from './compile.js';
import { gmtime, localtime, mktime, strftime, strptime } from './json/index.js';

export function dateNatives(tz: () => string | undefined): Record<string, Native> {
  const withFormat =
    (local: boolean): Native =>
    ([f]) =>
      valueOnly((input, env, emit) => (f as Compiled).run(input, env, (fmt) => emit(strftime(input, fmt, local, tz()))));
  return {
    'strftime/1': withFormat(false),
    'strflocaltime/1': withFormat(true),
    'strptime/1': ([f]) => valueOnly((input, env, emit) => (f as Compiled).run(input, env, (fmt) => emit(strptime(input, fmt)))),
    'mktime/0': () => valueOnly((input, _env, emit) => emit(mktime(input))),
    'gmtime/0': () => valueOnly((input, _env, emit) => emit(gmtime(input))),
    'localtime/0': () => valueOnly((input, _env, emit) => emit(localtime(input, tz()))),
  };
}
