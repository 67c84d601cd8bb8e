// md5sum: print or check MD5 (128-bit) checksums (GNU coreutils 9.1 behaviour and wording). The
// options, output formats and --check live in internal/checksum/; node:crypto computes the digest.

import { createHash } from 'node:crypto';
import { defineSumCommand } from '../internal/checksum/define.js';
import { MD5SUM_USAGE } from './usage.js';

export const md5sum = defineSumCommand({
  name: 'md5sum',
  summary: 'compute and check MD5 message digest',
  help: MD5SUM_USAGE,
  kind: { tag: 'MD5', bits: 128, create: () => createHash('md5') },
});
