// sort: GNU coreutils 9.1 in the C locale (byte order, last-resort whole-line comparison unless
// -s/-u). Everything is sorted in memory under a byte budget (ctx.limits.maxSortBytes): past it,
// sort stops with a clear error instead of spilling to temporary files (which rshell never
// writes). -o, -T, --compress-program, --files0-from, --random-source and --debug are refused.

import { ByteCounter } from '../internal/simd-count.js';
import type { CallContext, Command } from '../types.js';
import { flagArray, writeUsageError } from '../internal/flags.js';
import { openInput, readFailure, type Input } from '../internal/inputs.js';
import { quote, quoteaf, quotef } from '../internal/quote.js';
import { toLatin1 } from '../../lib/regex/index.js';
import { Buffer } from 'node:buffer';
import { encode } from '../../lib/io/encoding.js';
import {
  SORT_FLAGS, applyGlobalLetter, emptyKey, hasNoOrdering, incompatibility, inherit, parseKey, parseTab, sortWordLetter,
  type Key, type Occurrence,
} from './options.js';
import { buildComparator, type SortPlan } from './keys.js';
import { SORT_HELP } from './usage.js';
import { groupRecords, groupedOutput, splitRecords } from './grouped.js';
import { parseGnuArgs } from '../internal/command.js';
import { obsoletePlusAllowed } from '../internal/posix2.js';
import { obsoleteKey, obsoleteKeyClaimer } from './obsolete-key.js';
import { checkBatchSize, checkParallel, checkSortSize } from './size-options.js';
import { putLatin1 } from '../internal/bytes.js';

const REFUSED: Record<string, string> = {
  output: '-o/--output is refused: rshell builtins do not write files (redirect stdout instead)',
  'temporary-directory': '-T/--temporary-directory is refused: rshell sorts in memory and writes no temporary files',
  'compress-program': '--compress-program is refused: rshell runs no external programs',
  'files0-from': '--files0-from is refused: name the files as operands',
  'random-source': '--random-source is refused: -R uses an internal random seed',
  debug: '--debug is not supported by rshell',
};

/** options whose values only GNU's external sort uses, validated as GNU does */
const SIZE_CHECKS: Record<string, (o: Occurrence) => string | undefined> = {
  'buffer-size': checkSortSize,
  'batch-size': checkBatchSize,
  parallel: checkParallel,
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
  checkLetters: Set<string>;
}

/**
 * The options' values, checked in order as GNU's getopt loop does (the first bad one is the one
 * reported, and it is reported before a bad option further on); a status when one was bad.
 */
function readOptions(ctx: CallContext, order: readonly Occurrence[]): OptionState | number | Promise<number> {
  const global = emptyKey();
  const keys: Key[] = [];
  let tab: number | undefined;
  let check: 'none' | 'diagnose' | 'quiet' = 'none';
  const checkLetters = new Set<string>();
  for (const o of order) {
    switch (o.name) {
      case 'b': case 'd': case 'f': case 'g': case 'i': case 'M': case 'n': case 'h': case 'V': case 'R': case 'r':
        applyGlobalLetter(global, o.name);
        break;
      case 'sort': {
        const l = sortWordLetter(o.value ?? '');
        // gnulib argmatch_die: EXIT_FAILURE (1), not sort's 2
        if (!l.ok) return writeUsageError(ctx, l.message, 1);
        applyGlobalLetter(global, l.value);
        break;
      }
      case 'key':
      case 'obsolete-key': {
        const k = o.name === 'key' ? parseKey(o.value ?? '') : obsoleteKey(o.value ?? '');
        if (!k.ok) return fail(ctx, k.message);
        keys.push(k.value);
        break;
      }
      case 'field-separator': {
        const t = parseTab(o.value ?? '');
        if (!t.ok) return fail(ctx, t.message);
        if (tab !== undefined && tab !== t.value) return fail(ctx, 'incompatible tabs');
        tab = t.value;
        break;
      }
      case 'buffer-size':
      case 'batch-size':
      case 'parallel': {
        const bad = SIZE_CHECKS[o.name]!(o);
        if (bad !== undefined) return fail(ctx, bad);
        break;
      }
      case 'check-c':
        check = 'diagnose';
        checkLetters.add('c');
        break;
      case 'check-C':
        check = 'quiet';
        checkLetters.add('C');
        break;
      case 'check': {
        const v = o.value;
        const quiet = v !== undefined && v !== '' && ('quiet'.startsWith(v) || 'silent'.startsWith(v));
        const diagnose = v === undefined || (v !== '' && 'diagnose-first'.startsWith(v));
        if (diagnose) (check = 'diagnose'), checkLetters.add('c');
        else if (quiet) (check = 'quiet'), checkLetters.add('C');
        else {
          return writeUsageError(
            ctx,
            `${v === '' ? 'ambiguous' : 'invalid'} argument ${quote(v ?? '')} for ${quote('--check')}\nValid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'`,
            1,
          );
        }
        break;
      }
    }
    if (checkLetters.size > 1) return fail(ctx, "options '-cC' are incompatible");
  }
  return { global, keys, tab, check, checkLetters };
}

async function run(ctx: CallContext, args: string[]): Promise<number> {
  const claim = obsoleteKeyClaimer(obsoletePlusAllowed((n) => ctx.getEnv(n)), ctx.getEnv('POSIXLY_CORRECT') !== undefined);
  const checkBefore = (before: readonly Occurrence[]): number | Promise<number> | undefined => {
    const r = readOptions(ctx, before);
    return typeof r === 'number' || r instanceof Promise ? r : undefined;
  };
  const parsed = await parseGnuArgs(ctx, SORT_FLAGS, args, { name: 'sort', help: SORT_HELP, usageStatus: 2, claim, checkBefore });
  if (typeof parsed === 'number') return parsed;
  const { flags, order, operands } = parsed;

  const state = readOptions(ctx, order);
  if (typeof state === 'number' || state instanceof Promise) return state;
  const { global, keys, tab, check } = state;
  for (const k of keys) if (hasNoOrdering(k) && !k.reverse) inherit(k, global);
  if (keys.length === 0 && !hasNoOrdering(global)) keys.push({ ...global, sword: -1, schar: 0, eword: -1, echar: 0 });
  for (const k of keys) {
    const bad = incompatibility(k);
    if (bad !== undefined) return fail(ctx, bad);
  }
  void flagArray;

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
    stable: flags.stable === true,
    unique: flags.unique === true,
    reverse: global.reverse,
    eol: flags['zero-terminated'] === true ? 0 : 0x0a,
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
          if (total > ctx.limits.maxSortBytes) {
            return await fail(ctx, `input exceeds rshell's in-memory sort budget of ${ctx.limits.maxSortBytes} bytes`);
          }
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

  const fits = (n: number): boolean => total + recordCost * (n + buffers.length) <= ctx.limits.maxSortBytes;
  const overBudget = (): Promise<number> => fail(ctx, `input exceeds rshell's in-memory sort budget of ${ctx.limits.maxSortBytes} bytes`);
  // plain whole-line sorts: group equal lines when that pays (see grouped.ts)
  if (check === 'none' && flags.merge !== true && keys.length === 0) {
    const groups = groupRecords(buffers, plan.eol, plan.reverse, fits, records);
    if (groups === null) return await overBudget();
    if (!Array.isArray(groups)) {
      for (const chunk of groupedOutput(groups, plan.eol, plan.unique)) {
        ctx.checkAbort();
        const w = ctx.stdout.write(chunk);
        if (w) await w;
      }
      return 0;
    }
    await writeLines(ctx, buildComparator(plan).sort(groups), plan.eol);
    return 0;
  }
  if (!fits(records)) return await overBudget();
  const perFile = buffers.map((b) => splitRecords(b, plan.eol));

  const cmp = buildComparator(plan);
  if (check !== 'none') {
    const lines = perFile[0]!;
    for (let i = 1; i < lines.length; i++) {
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

  const sorted = flags.merge === true ? cmp.merge(perFile) : cmp.sort(perFile.length === 1 ? perFile[0]! : perFile.flat());
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

export const sort: Command = {
  name: 'sort',
  summary: 'sort lines of text files',
  usage: SORT_HELP,
  run,
};
