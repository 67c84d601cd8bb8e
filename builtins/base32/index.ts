// base32: encode or decode FILE or standard input (GNU coreutils 9.1 behaviour and wording). The
// codec and the loops are shared with basenc (internal/encoding/).

import { defineCommand } from '../internal/command.js';
import { CODECS } from '../internal/encoding/codecs.js';
import { CODEC_FLAGS, runCodec } from '../internal/encoding/define.js';
import { BASE32_USAGE } from './usage.js';

export const base32 = defineCommand({
  name: 'base32',
  summary: 'base32 encode/decode data and print to standard output',
  help: BASE32_USAGE,
  flags: CODEC_FLAGS,
  run: (ctx, { flags, operands }) =>
    runCodec(ctx, { tool: 'base32', codec: CODECS.base32, decode: flags.decode, ignoreGarbage: flags.ignoreGarbage, wrap: flags.wrap, operands }),
});
