// realpath: print the resolved absolute file name (GNU coreutils 9.1), walked through the sandbox
// (builtins/internal/canonicalize.ts): a name outside the roots fails as any access does.

import type { CallContext } from '../types.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { canonicalize, pathPrefix, relativePath, type CanMode } from '../internal/canonicalize.js';
import { quotef } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { REALPATH_USAGE } from './usage.js';

// long options in GNU realpath's table order
const FLAGS = {
  existing: flag.boolean('-e --canonicalize-existing'),
  missing: flag.boolean('-m --canonicalize-missing'),
  relativeTo: flag.string('--relative-to'),
  relativeBase: flag.string('--relative-base'),
  quiet: flag.boolean('-q --quiet'),
  strip: flag.boolean('-s --strip --no-symlinks'),
  zero: flag.boolean('-z --zero'),
  logical: flag.boolean('-L --logical'),
  physical: flag.boolean('-P --physical'),
};

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  if (operands.length === 0) return writeUsageError(ctx, 'missing operand', 1);
  let mode: CanMode = 'all-but-last';
  let logical = false;
  for (const o of order) {
    if (o.name === 'existing') mode = 'existing';
    else if (o.name === 'missing') mode = 'missing';
    else if (o.name === 'logical') logical = true;
    else if (o.name === 'physical') logical = false;
  }
  const opts = { logical, noSymlinks: flags.strip };
  const canon = (name: string): string => {
    const r = canonicalize(ctx.fs, name, mode, opts);
    if (r.ok) return r.path;
    throw new Fatal(`realpath: ${quotef(name)}: ${r.message}\n`);
  };
  let relTo: string | undefined;
  let relBase: string | undefined;
  try {
    const toText = flags.relativeTo ?? flags.relativeBase;
    if (toText !== undefined) relTo = canon(toText);
    if (flags.relativeBase !== undefined) {
      const base = flags.relativeTo === undefined ? relTo : canon(flags.relativeBase);
      // coreutils: a --relative-to outside the base means no relative output at all
      if (relTo !== undefined && base !== undefined && !pathPrefix(base, relTo)) {
        relTo = undefined;
        relBase = undefined;
      } else relBase = base;
    }
  } catch (e) {
    if (!(e instanceof Fatal)) throw e;
    await say(ctx.stderr, e.text);
    return 1;
  }
  const end = flags.zero ? '\0' : '\n';
  let status = 0;
  for (const name of operands) {
    ctx.checkAbort();
    const r = canonicalize(ctx.fs, name, mode, opts);
    if (!r.ok) {
      status = 1;
      if (!flags.quiet) await say(ctx.stderr, `realpath: ${quotef(name)}: ${r.message}\n`);
      continue;
    }
    let out = r.path;
    if (relTo !== undefined && (relBase === undefined || pathPrefix(relBase, out))) out = relativePath(out, relTo);
    const p = ctx.stdout.writeString(out + end);
    if (p) await p;
  }
  return status;
}

class Fatal extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

export const realpath = defineCommand({
  name: 'realpath',
  summary: 'print the resolved path',
  help: REALPATH_USAGE,
  flags: FLAGS,
  run,
});
