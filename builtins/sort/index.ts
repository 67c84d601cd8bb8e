// sort: GNU coreutils 9.1 in the C locale (byte order, last-resort whole-line comparison unless
// -s/-u). Everything is sorted in memory under the command's byte budget (internal/budget.ts):
// past it, sort stops as GNU does when memory runs out (`sort: memory exhausted`, status 2)
// instead of spilling to temporary files (which rshell never writes). Sorting large inputs is
// done in steps (stepped.ts) so the run's deadline and cancellation reach it. -o, -T, --compress-program, --files0-from, --random-source and --debug are refused.

import { ByteCounter } from '../internal/simd-count.js';
import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine, type OccurrenceOf } from '../internal/command.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import { quoteaf, quotef } from '../internal/quote.js';
import { toLatin1 } from '../../lib/regex/index.js';
import { Buffer } from 'node:buffer';
import { encode } from '../../lib/io/encoding.js';
import {
  SORT_WORDS, applyGlobalLetter, emptyKey, hasNoOrdering, incompatibility, inherit, keyOption, tabOption, type Key,
} from './options.js';
import { buildComparator, type SortPlan } from './keys.js';
import { SORT_HELP } from './usage.js';
import { groupRecords, groupedOutput, splitRecords } from './grouped.js';
import { obsoletePlusAllowed } from '../internal/posix2.js';
import { obsoleteKey, obsoleteKeyClaimer } from './obsolete-key.js';
import { batchSize, parallel, sortSize } from './size-options.js';
import { stepDue } from './stepped.js';
import { putLatin1 } from '../internal/bytes.js';
import { Pacer, commandBudget, memoryExhausted } from '../internal/budget.js';

/** --check[=WORD] (XARGMATCH): the short option it stands for */
const CHECK = { quiet: 'C', silent: 'C', 'diagnose-first': 'c' } as const;

// long options in coreutils 9.1 sort's table order; values checked where its getopt loop does.
// The values of -S, --batch-size and --parallel change nothing here (rshell sorts in memory)
// but GNU validates them, and a script that passes a bad one must fail the same way.
const FLAGS = {
  b: flag.boolean('-b --ignore-leading-blanks'),
  check: flag.choice('--check', CHECK, { bare: 'c' }),
  compressProgram: flag.string('--compress-program'),
  debug: flag.boolean('--debug'),
  d: flag.boolean('-d --dictionary-order'),
  f: flag.boolean('-f --ignore-case'),
  files0From: flag.string('--files0-from'),
  g: flag.boolean('-g --general-numeric-sort'),
  i: flag.boolean('-i --ignore-nonprinting'),
  key: flag.values('-k --key', keyOption),
  merge: flag.boolean('-m --merge'),
  M: flag.boolean('-M --month-sort'),
  n: flag.boolean('-n --numeric-sort'),
  h: flag.boolean('-h --human-numeric-sort'),
  V: flag.boolean('-V --version-sort'),
  R: flag.boolean('-R --random-sort'),
  randomSource: flag.string('--random-source'),
  sort: flag.choice('--sort', SORT_WORDS),
  output: flag.string('-o --output'),
  r: flag.boolean('-r --reverse'),
  stable: flag.boolean('-s --stable'),
  batchSize: flag.value('--batch-size', batchSize),
  bufferSize: flag.value('-S --buffer-size', sortSize),
  fieldSeparator: flag.value('-t --field-separator', tabOption),
  temporaryDirectory: flag.string('-T --temporary-directory'),
  unique: flag.boolean('-u --unique'),
  zeroTerminated: flag.boolean('-z --zero-terminated'),
  parallel: flag.value('--parallel', parallel),
  version: flag.version(),
  help: flag.help(),
  checkDiagnose: flag.boolean('-c'),
  checkQuiet: flag.boolean('-C'),
  // obsolete, ignored
  y: flag.string('-y'),
  // the obsolete `+POS1 [-POS2]` key (obsolete-key.ts): claimed from operand position, never spelled as an option
  obsoleteKey: flag.values('', obsoleteKey),
};

type Occurrence = OccurrenceOf<typeof FLAGS>;

const REFUSED: Partial<Record<Occurrence['name'], string>> = {
  output: '-o/--output is refused: rshell builtins do not write files (redirect stdout instead)',
  temporaryDirectory: '-T/--temporary-directory is refused: rshell sorts in memory and writes no temporary files',
  compressProgram: '--compress-program is refused: rshell runs no external programs',
  files0From: '--files0-from is refused: name the files as operands',
  randomSource: '--random-source is refused: -R uses an internal random seed',
  debug: '--debug is not supported by rshell',
};

async function fail(ctx: CallContext, message: string, status = 2): Promise<number> {
  const p = ctx.stderr.writeString(`sort: ${message}\n`);
  if (p) await p;
  return status;
}

interface OptionState {
  global: Key;
  keys: Key[];
  tab: number | undefined;
  check: 'none' | 'diagnose' | 'quiet';
}

/**
 * What GNU's getopt loop works out across options, in order: the global ordering, the keys, the
 * tab (two different ones are 'incompatible tabs') and -c/-C (both are incompatible); a message
 * (status 2) for the first conflict. The values themselves were checked by the flags' parse.
 */
function gather(order: readonly Occurrence[]): OptionState | string {
  const global = emptyKey();
  const keys: Key[] = [];
  let tab: number | undefined;
  let check: OptionState['check'] = 'none';
  let checkLetters = '';
  for (const o of order) {
    let letter: 'c' | 'C' | undefined;
    switch (o.name) {
      case 'b': case 'd': case 'f': case 'g': case 'i': case 'M': case 'n': case 'h': case 'V': case 'R': case 'r':
        applyGlobalLetter(global, o.name);
        break;
      case 'sort':
        applyGlobalLetter(global, o.value);
        break;
      case 'key':
      case 'obsoleteKey':
        keys.push(o.value);
        break;
      case 'fieldSeparator':
        if (tab !== undefined && tab !== o.value) return 'incompatible tabs';
        tab = o.value;
        break;
      case 'checkDiagnose': letter = 'c'; break;
      case 'checkQuiet': letter = 'C'; break;
      case 'check': letter = o.value; break;
    }
    if (letter !== undefined) {
      check = letter === 'C' ? 'quiet' : 'diagnose';
      if (!checkLetters.includes(letter)) checkLetters += letter;
      if (checkLetters.length > 1) return "options '-cC' are incompatible";
    }
  }
  return { global, keys, tab, check };
}

async function run(ctx: CallContext, { flags, order, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const state = gather(order);
  if (typeof state === 'string') return fail(ctx, state);
  const { global, keys, tab, check } = state;
  for (const k of keys) if (hasNoOrdering(k) && !k.reverse) inherit(k, global);
  if (keys.length === 0 && !hasNoOrdering(global)) keys.push({ ...global, sword: -1, schar: 0, eword: -1, echar: 0 });
  for (const k of keys) {
    const bad = incompatibility(k);
    if (bad !== undefined) return fail(ctx, bad);
  }

  const files = operands.length === 0 ? ['-'] : operands;
  if (check !== 'none' && files.length > 1) return fail(ctx, `extra operand ${quoteaf(files[1]!)} not allowed with -${check === 'quiet' ? 'C' : 'c'}`);
  if (check !== 'none' && flags.output !== undefined) return fail(ctx, `options '-${check === 'quiet' ? 'C' : 'c'}o' are incompatible`);
  // refused after GNU's own checks, which come first there too
  for (const o of order) {
    const refusal = REFUSED[o.name];
    if (refusal !== undefined) return fail(ctx, refusal);
  }
  const plan: SortPlan = {
    keys,
    tab,
    stable: flags.stable,
    unique: flags.unique,
    reverse: global.reverse,
    eol: flags.zeroTerminated ? 0 : 0x0a,
    seed: (Math.random() * 0x7fffffff) | 0,
  };

  // read every input (the budget bounds memory)
  // GNU checks every file is readable before reading any ("cannot read"); -c/-C opens its one
  // file directly ("open failed")
  const inputs: Input[] = [];
  for (const name of files) {
    const opened = openInput(ctx, name);
    if (!opened.ok) {
      for (const i of inputs) i.close();
      return fail(ctx, `${check === 'none' ? 'cannot read' : 'open failed'}: ${quotef(name)}: ${opened.error.detail ?? opened.error.message}`);
    }
    inputs.push(opened.value);
  }
  const buffers: Buffer[] = [];
  const budget = commandBudget(ctx);
  const overBudget = async (): Promise<number> => {
    const w = ctx.stderr.writeString(memoryExhausted('sort', budget));
    if (w) await w;
    return 2;
  };
  // Past the bytes, the budget counts what each record held as a string costs (its string and
  // key: ~100 bytes measured, ~300 with -R): 2,000,000 short lines are 15 MB of input but
  // 260-600 MB of heap, and `seq 3000000 | sort -R` took a 512 MB host down where only bytes
  // counted. Records are counted while reading and charged where they become strings: all of
  // them, or only the distinct ones when equal lines are grouped (grouped.ts).
  const counter = new ByteCounter(plan.eol);
  const recordCost = plan.keys.some((k) => k.random) ? 300 : 100;
  let total = 0;
  let records = 0;
  try {
    for (const input of inputs) {
      ctx.checkAbort();
      const chunks: Uint8Array[] = [];
      try {
        for (;;) {
          const r = input.reader.read();
          const chunk = r instanceof Promise ? await r : r;
          if (chunk === null) break;
          total += chunk.length;
          records += counter.count(chunk);
          if (total > budget) return await overBudget();
          chunks.push(chunk.slice());
          ctx.checkAbort();
        }
      } catch (e) {
        const fe = readFailure(e);
        if (fe === undefined) throw e;
        return await fail(ctx, `read failed: ${quotef(input.name)}: ${fe.message}`);
      }
      buffers.push(Buffer.concat(chunks));
    }
  } finally {
    for (const i of inputs) i.close();
    counter.release();
  }

  const fits = (n: number): boolean => total + recordCost * (n + buffers.length) <= budget;
  const pace = new Pacer(() => ctx.checkAbort());
  // plain whole-line sorts: group equal lines when that pays (see grouped.ts)
  if (check === 'none' && !flags.merge && keys.length === 0) {
    const groups = await groupRecords(buffers, plan.eol, plan.reverse, fits, records, pace);
    if (groups === null) return await overBudget();
    if (!Array.isArray(groups)) {
      for (const chunk of groupedOutput(groups, plan.eol, plan.unique)) {
        ctx.checkAbort();
        const w = ctx.stdout.write(chunk);
        if (w) await w;
      }
      return 0;
    }
    await writeLines(ctx, await buildComparator(plan).sort(groups, pace), plan.eol);
    return 0;
  }
  if (!fits(records)) return await overBudget();
  const perFile: string[][] = [];
  for (const b of buffers) perFile.push(await splitRecords(b, plan.eol, pace));

  const cmp = buildComparator(plan);
  if (check !== 'none') {
    const lines = perFile[0]!; // -c: one file exactly (more refused above), one buffer each
    for (let i = 1; i < lines.length; i++) {
      if (stepDue(i)) {
        const w = pace.step();
        if (w) await w;
      }
      const c = cmp.compare(i - 1, i, lines);
      if (c > 0 || (plan.unique && c === 0)) {
        if (check === 'quiet') return 1;
        const shown = toLatin1(encode(`sort: ${files[0]}:${i + 1}: disorder: `)) + lines[i] + '\n';
        const w = ctx.stderr.write(new Uint8Array(Buffer.from(shown, 'latin1')));
        if (w) await w;
        return 1;
      }
    }
    return 0;
  }

  const sorted = flags.merge ? await cmp.merge(perFile, pace) : await cmp.sort(perFile.length === 1 ? perFile[0]! : perFile.flat(), pace);
  await writeLines(ctx, sorted, plan.eol);
  return 0;
}

const OUT_BYTES = 64 * 1024;

async function writeLines(ctx: CallContext, lines: string[], eol: number): Promise<void> {
  let out = new Uint8Array(OUT_BYTES);
  let len = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const n = line.length;
    if (len + n + 1 > out.length) {
      if (len > 0) {
        ctx.checkAbort();
        const w = ctx.stdout.write(out.subarray(0, len));
        if (w) await w;
        len = 0;
      }
      if (n + 1 > out.length) out = new Uint8Array(n + 1);
    }
    len = putLatin1(out, len, line);
    out[len++] = eol;
  }
  if (len > 0) {
    const w = ctx.stdout.write(out.subarray(0, len));
    if (w) await w;
  }
}

export const sort = defineCommand({
  name: 'sort',
  summary: 'sort lines of text files',
  help: SORT_HELP,
  flags: FLAGS,
  usageStatus: 2,
  // sort.c's `case 1` of its in-order getopt loop: the obsolete +POS1 [-POS2] keys
  claim: (ctx) => obsoleteKeyClaimer(obsoletePlusAllowed((n) => ctx.getEnv(n)), ctx.getEnv('POSIXLY_CORRECT') !== undefined),
  // the cross-option conflicts met before a bad option, a bad value, --help or --version
  checkBefore(ctx, before) {
    const state = gather(before);
    return typeof state === 'string' ? fail(ctx, state) : undefined;
  },
  run,
});
