// Option parsing for the shell builtins: the one bash-style parser lives in ../help/option.ts (a
// layer below, so that the parsed `declare` of ../exec can use it too); the builtins import it
// from here. How a builtin declares its options: docs/RULES.md, "How: shell builtins".

export {
  defineOptions,
  Ended,
  helpFirst,
  parseOptions,
  scanOptions,
  usageError,
  type OptionTable,
  type ParsedOptions,
} from '../help/option.js';

export { invalidNumberMessage } from '../../../lib/printf/numbers.js';

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
