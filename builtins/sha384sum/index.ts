// sha384sum: print or check SHA384 (384-bit) checksums (GNU coreutils 9.1 behaviour and wording). The
// options, output formats and --check live in internal/checksum/; node:crypto computes the digest.

import { createHash } from 'node:crypto';
import { defineSumCommand } from '../internal/checksum/define.js';
import { SHA384SUM_USAGE } from './usage.js';

export const sha384sum = defineSumCommand({
  name: 'sha384sum',
  summary: 'compute and check SHA384 message digest',
  help: SHA384SUM_USAGE,
  kind: { tag: 'SHA384', bits: 384, create: () => createHash('sha384') },
});
