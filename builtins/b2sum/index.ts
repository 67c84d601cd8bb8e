// b2sum: print or check BLAKE2b checksums (GNU coreutils 9.1 behaviour and wording). The full
// 512-bit digest comes from node:crypto; other -l lengths change the hash itself (its parameter
// block), which OpenSSL 3.0 cannot do, so they run on internal/checksum's own BLAKE2b.

import { createHash } from 'node:crypto';
import { Blake2b } from '../internal/checksum/algorithms.js';
import { defineBlake2Command } from '../internal/checksum/define.js';
import { B2SUM_USAGE } from './usage.js';

export const b2sum = defineBlake2Command({
  name: 'b2sum',
  summary: 'compute and check BLAKE2 message digest',
  help: B2SUM_USAGE,
  kind: { tag: 'BLAKE2b', bits: 512, variable: true, create: (bits) => (bits === 512 ? createHash('blake2b512') : new Blake2b(bits / 8)) },
});
