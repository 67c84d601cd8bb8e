// basenc: encode or decode FILE or standard input in the encoding its options pick, the last one
// winning (GNU coreutils 9.1 behaviour and wording; codecs in internal/encoding/).

import { defineCommand, flag, writeUsageError } from '../internal/command.js';
import { CODECS, type CodecName } from '../internal/encoding/codecs.js';
import { CODEC_FLAGS, runCodec } from '../internal/encoding/define.js';
import { BASENC_USAGE } from './usage.js';

// long options in basenc's table order (the --b ambiguity lists them so)
const FLAGS = {
  base64: flag.boolean('--base64'),
  base64url: flag.boolean('--base64url'),
  base32: flag.boolean('--base32'),
  base32hex: flag.boolean('--base32hex'),
  base16: flag.boolean('--base16'),
  base2msbf: flag.boolean('--base2msbf'),
  base2lsbf: flag.boolean('--base2lsbf'),
  ...CODEC_FLAGS,
  z85: flag.boolean('--z85'),
};

export const basenc = defineCommand({
  name: 'basenc',
  summary: 'encode/decode data in a chosen encoding and print to standard output',
  help: BASENC_USAGE,
  flags: FLAGS,
  run(ctx, { flags, order, operands }) {
    let name: CodecName | undefined;
    for (const o of order) if (Object.hasOwn(CODECS, o.name)) name = o.name as CodecName;
    if (name === undefined) return writeUsageError(ctx, 'missing encoding type', 1);
    return runCodec(ctx, { tool: 'basenc', codec: CODECS[name], decode: flags.decode, ignoreGarbage: flags.ignoreGarbage, wrap: flags.wrap, operands });
  },
});
