// The JSON layer of `jq`: reading (parse.ts), writing (dump.ts), numbers as jq 1.7.1 prints them
// (number.ts), the @formats (formats.ts) and the date builtins (dates.ts).
export { gmtime, localtime, mktime, strftime, strptime } from './dates.js';
export {
  compareStrings,
  decodeUtf8,
  dumpJson,
  JqUtf8Decoder,
  MAX_PRINT_DEPTH,
  parseJqColors,
  quoteString,
  tojson,
} from './dump.js';
export { FORMATS, formatError, kindName, typeErrorMessage } from './formats.js';
export { numberToString, parseNumberLiteral } from './number.js';
export { JsonStreamParser, MAX_PARSING_DEPTH, parseJson } from './parse.js';
