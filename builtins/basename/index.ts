// basename: strip directory and suffix from file names (GNU coreutils 9.1). Pure string work on
// the operands' bytes: no file is looked at. getopt stops at the first operand ("+as:z"), so in
// `basename NAME -s x` the `-s` is a SUFFIX operand, as in GNU.

import { defineCommand, flag, writeUsageError } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { encode } from '../../lib/io/encoding.js';
import { baseName, removeSuffix } from '../internal/path-names.js';
import { writeRecords } from '../internal/records.js';
import { BASENAME_USAGE } from './usage.js';

export const basename = defineCommand({
  name: 'basename',
  summary: 'strip directory and suffix from file names',
  help: BASENAME_USAGE,
  // long options in GNU's longopts order (the ambiguity message follows it)
  flags: {
    multiple: flag.boolean('-a --multiple'),
    suffix: flag.string('-s --suffix'),
    zero: flag.boolean('-z --zero'),
  },
  stopAtFirstOperand: true,
  run(ctx, { flags, operands: names }) {
    const multiple = flags.multiple || flags.suffix !== undefined;
    if (names.length === 0) return writeUsageError(ctx, 'missing operand', 1);
    if (!multiple && names.length > 2) return writeUsageError(ctx, `extra operand ${quote(names[2]!)}`, 1);

    // NAME SUFFIX form: the second operand is the suffix, only one name
    const suffixText = multiple ? flags.suffix : names[1];
    const suffix = suffixText === undefined ? undefined : encode(suffixText);
    const results = (multiple ? names : names.slice(0, 1)).map((name) => {
      const base = baseName(encode(name));
      return suffix === undefined ? base : removeSuffix(base, suffix);
    });
    return writeRecords(ctx, results, flags.zero);
  },
});
