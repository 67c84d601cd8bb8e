// sha512sum: print or check SHA512 (512-bit) checksums (GNU coreutils 9.1 behaviour and wording). The
// options, output formats and --check live in internal/checksum/; node:crypto computes the digest.

import { createHash } from 'node:crypto';
import { defineSumCommand } from '../internal/checksum/define.js';
import { SHA512SUM_USAGE } from './usage.js';

export const sha512sum = defineSumCommand({
  name: 'sha512sum',
  summary: 'compute and check SHA512 message digest',
  help: SHA512SUM_USAGE,
  kind: { tag: 'SHA512', bits: 512, create: () => createHash('sha512') },
});
