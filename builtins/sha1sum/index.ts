// sha1sum: print or check SHA1 (160-bit) checksums (GNU coreutils 9.1 behaviour and wording). The
// options, output formats and --check live in internal/checksum/; node:crypto computes the digest.

import { createHash } from 'node:crypto';
import { defineSumCommand } from '../internal/checksum/define.js';
import { SHA1SUM_USAGE } from './usage.js';

export const sha1sum = defineSumCommand({
  name: 'sha1sum',
  summary: 'compute and check SHA1 message digest',
  help: SHA1SUM_USAGE,
  kind: { tag: 'SHA1', bits: 160, create: () => createHash('sha1') },
});
