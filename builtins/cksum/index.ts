// cksum: print or check checksums (GNU coreutils 9.1, which made cksum the front end of every
// digest: -a picks one; the CRC, `sum`'s BSD and SYSV sums print their own formats, the others
// print tagged lines unless --untagged). The shared options, output and --check are in
// internal/checksum/; node:crypto computes the message digests.

import { createHash } from 'node:crypto';
import type { CallContext } from '../types.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine } from '../internal/command.js';
import { argmatchMessage } from '../internal/argmatch.js';
import { writeThen } from '../internal/print.js';
import { quote } from '../internal/quote.js';
import { Blake2b } from '../internal/checksum/algorithms.js';
import { CHECK_FLAGS, checkCombination, parseLength, replayLoop, settingsOf } from '../internal/checksum/command.js';
import { runSums, type DigestKind, type LegacyKind } from '../internal/checksum/sums.js';
import { CKSUM_USAGE } from './usage.js';

const hash = (tag: string, bits: number, algo: string): DigestKind => ({ tag, bits, create: () => createHash(algo) });

/** -a's words in GNU's table order, and what each computes */
const ALGORITHMS: Readonly<Record<string, DigestKind | LegacyKind>> = {
  bsd: 'bsd',
  sysv: 'sysv',
  crc: 'crc',
  md5: hash('MD5', 128, 'md5'),
  sha1: hash('SHA1', 160, 'sha1'),
  sha224: hash('SHA224', 224, 'sha224'),
  sha256: hash('SHA256', 256, 'sha256'),
  sha384: hash('SHA384', 384, 'sha384'),
  sha512: hash('SHA512', 512, 'sha512'),
  blake2b: { tag: 'BLAKE2b', bits: 512, variable: true, create: (bits) => (bits === 512 ? createHash('blake2b512') : new Blake2b(bits / 8)) },
  sm3: hash('SM3', 256, 'sm3'),
};

/** check lines' tags (digest.c algorithm_tags): the legacy ones are never checked */
const BY_TAG: Readonly<Record<string, DigestKind | LegacyKind>> = Object.fromEntries(
  Object.values(ALGORITHMS).map((k) => [typeof k === 'string' ? k.toUpperCase() : k.tag, k]),
);

/** XARGMATCH_EXACT: whole words only, no prefixes */
function parseAlgorithm(text: string): DigestKind | LegacyKind | ReturnType<typeof reject> {
  if (Object.hasOwn(ALGORITHMS, text)) return ALGORITHMS[text]!; // hasOwn: present
  return reject(argmatchMessage('invalid', text, '--algorithm', ALGORITHMS), { usage: true, status: 1 });
}

// long options in digest.c's table order
const FLAGS = {
  length: flag.value('-l --length', parseLength('cksum')),
  ...CHECK_FLAGS,
  algorithm: flag.value('-a --algorithm', parseAlgorithm),
  debug: flag.boolean('--debug'),
  untagged: flag.boolean('--untagged'),
  // in cksum's getopt string but not its switch: usage(EXIT_FAILURE), the Try line alone
  binary: flag.boolean('-b'),
  text: flag.boolean('-t'),
};

/** -b or -t met: GNU's getopt loop fails there (a later --help is never seen) */
function shortOnly(ctx: CallContext, before: readonly { name: string }[]): number | Promise<number> | undefined {
  return before.some((o) => o.name === 'binary' || o.name === 'text') ? writeUsageError(ctx, '', 1) : undefined;
}

function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): number | Promise<number> {
  const refused = shortOnly(ctx, order);
  if (refused !== undefined) return refused;
  const kind = flags.algorithm ?? 'crc';
  let bits = flags.length?.bits ?? 0;
  const fail = (text: string): number | Promise<number> => writeThen(ctx.stderr, `cksum: ${text}\n`, 1);
  if (bits !== 0 && kind !== ALGORITHMS.blake2b) return fail('--length is only supported with --algorithm=blake2b');
  if (bits > 512) return fail(`invalid length: ${quote(flags.length?.text ?? '')}\ncksum: maximum digest length for 'BLAKE2b' is 512 bits`);
  const st = replayLoop(order);
  if (st.check && typeof kind === 'string' && flags.algorithm !== undefined) return fail('--check is not supported with --algorithm={bsd,sysv,crc}');
  const bad = checkCombination(ctx, st, true);
  if (bad !== undefined) return bad;
  if (bits === 0) bits = typeof kind === 'string' ? 0 : kind.bits;
  const settings = settingsOf('cksum', st, kind, bits, st.tag !== 0);
  return runSums(ctx, {
    ...settings,
    ...(flags.algorithm === undefined ? { byTag: BY_TAG } : {}),
    ...(flags.debug ? { debug: { said: false } } : {}),
  }, operands);
}

export const cksum = defineCommand({
  name: 'cksum',
  summary: 'compute and check checksums (CRC and message digests)',
  help: CKSUM_USAGE,
  flags: FLAGS,
  checkBefore: shortOnly,
  run,
});
