// sha224sum: print or check SHA224 (224-bit) checksums (GNU coreutils 9.1 behaviour and wording). The
// options, output formats and --check live in internal/checksum/; node:crypto computes the digest.

import { createHash } from 'node:crypto';
import { defineSumCommand } from '../internal/checksum/define.js';
import { SHA224SUM_USAGE } from './usage.js';

export const sha224sum = defineSumCommand({
  name: 'sha224sum',
  summary: 'compute and check SHA224 message digest',
  help: SHA224SUM_USAGE,
  kind: { tag: 'SHA224', bits: 224, create: () => createHash('sha224') },
});
