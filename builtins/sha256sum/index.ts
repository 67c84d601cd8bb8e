// sha256sum: print or check SHA256 (256-bit) checksums (GNU coreutils 9.1 behaviour and wording). The
// options, output formats and --check live in internal/checksum/; node:crypto computes the digest.

import { createHash } from 'node:crypto';
import { defineSumCommand } from '../internal/checksum/define.js';
import { SHA256SUM_USAGE } from './usage.js';

export const sha256sum = defineSumCommand({
  name: 'sha256sum',
  summary: 'compute and check SHA256 message digest',
  help: SHA256SUM_USAGE,
  kind: { tag: 'SHA256', bits: 256, create: () => createHash('sha256') },
});
