// dirname: strip the last component from file names (GNU coreutils 9.1). Pure string work on the
// operands' bytes: no file is looked at. Options may follow operands (getopt permutes) unless
// POSIXLY_CORRECT is exported.

import { defineCommand, flag, writeUsageError } from '../internal/command.js';
import { encode } from '../../lib/io/encoding.js';
import { dirName } from '../internal/path-names.js';
import { writeRecords } from '../internal/records.js';
import { DIRNAME_USAGE } from './usage.js';

export const dirname = defineCommand({
  name: 'dirname',
  summary: 'strip the last component from file name',
  help: DIRNAME_USAGE,
  flags: { zero: flag.boolean('-z --zero') },
  run(ctx, { flags, operands }) {
    if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
    return writeRecords(ctx, operands.map((name) => dirName(encode(name))), flags.zero);
  },
});
