// base64: encode or decode FILE or standard input (GNU coreutils 9.1 behaviour and wording). The
// codec and the loops are shared with basenc (internal/encoding/).

import { defineCommand } from '../internal/command.js';
import { CODECS } from '../internal/encoding/codecs.js';
import { CODEC_FLAGS, runCodec } from '../internal/encoding/define.js';
import { BASE64_USAGE } from './usage.js';

export const base64 = defineCommand({
  name: 'base64',
  summary: 'base64 encode/decode data and print to standard output',
  help: BASE64_USAGE,
  flags: CODEC_FLAGS,
  run: (ctx, { flags, operands }) =>
    runCodec(ctx, { tool: 'base64', codec: CODECS.base64, decode: flags.decode, ignoreGarbage: flags.ignoreGarbage, wrap: flags.wrap, operands }),
});
