// diff: compare files line by line (GNU diffutils 3.8, LANG=C). Hunks are GNU's (analyze.ts
// reimplements its algorithm); files are read whole through the sandbox, within the command's
// memory budget; directories (-r) are walked through ctx.fs, so a symlink out of the roots is
// refused there as anywhere.

import type { CallContext } from '../types.js';
import { defineCommand, type OccurrenceOf } from '../internal/command.js';
import { OutputBuffer } from '../internal/output.js';
import { quoteShellEscape } from '../internal/quote.js';
import { Buffer } from 'node:buffer';
import { compilePatterns } from '../../lib/regex/index.js';
import { FLAGS, settingsOf, type DiffLine, type OptionError, type Settings } from './options.js';
import { DIFF_HELP } from './usage.js';
import { Comparer, FatalError, type RunPlan } from './compare.js';
import { optionWords } from './switches.js';

type Occurrence = OccurrenceOf<typeof FLAGS>;

/** GNU diff's try_help/fatal: `diff: MESSAGE` and, for try_help, `diff: Try …` (status 2) */
async function fail(ctx: CallContext, e: OptionError): Promise<number> {
  let text = `${ctx.name}: ${e.message}\n`;
  if (e.tryHelp) text += `${ctx.name}: Try '${ctx.name} --help' for more information.\n`;
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return 2;
}

const isError = (s: Settings | OptionError): s is OptionError => 'message' in s;

/** what the sandbox cannot do, refused as a usage error */
function refused(flags: DiffLine['flags']): string | undefined {
  if (flags.paginate) return '-l/--paginate is refused: rshell cannot run pr (pipe the output instead)';
  const formats = [flags.ifdef, flags.lineFormat, flags.oldLineFormat, flags.newLineFormat, flags.unchangedLineFormat, flags.oldGroupFormat, flags.newGroupFormat, flags.changedGroupFormat, flags.unchangedGroupFormat];
  if (formats.some((f) => f !== undefined)) return '-D/--ifdef and the --*-format options are not supported by rshell';
  return undefined;
}

function compileAny(ctx: CallContext, patterns: readonly string[]): ((line: string) => boolean) | null | OptionError {
  if (patterns.length === 0) return null;
  const matchers: { test(line: string): boolean }[] = [];
  for (const p of patterns) {
    const r = compilePatterns([p], { syntax: 'basic' });
    if (!r.ok) return { message: `${p}: ${r.message}`, tryHelp: false };
    matchers.push(r.matcher);
  }
  void ctx;
  return (line) => matchers.some((m) => m.test(line));
}

async function run(ctx: CallContext, cmd: DiffLine): Promise<number> {
  const { flags, operands } = cmd;
  const s = settingsOf(cmd.order);
  if (isError(s)) return fail(ctx, s);
  const why = refused(flags);
  if (why !== undefined) return fail(ctx, { message: why, tryHelp: true });
  const ignoreLine = compileAny(ctx, flags.ignoreMatchingLines);
  if (ignoreLine !== null && typeof ignoreLine !== 'function') return fail(ctx, ignoreLine);
  const functionLine = compileAny(ctx, s.functionPatterns);
  if (functionLine !== null && typeof functionLine !== 'function') return fail(ctx, functionLine);
  const colors = s.colors === 'always' ? paletteOf(flags.palette) : null;
  const plan: RunPlan = {
    settings: s,
    brief: flags.brief,
    reportIdentical: flags.reportIdenticalFiles,
    recursive: flags.recursive,
    newFile: flags.newFile,
    unidirectionalNewFile: flags.unidirectionalNewFile,
    noDereference: flags.noDereference,
    text: flags.text,
    minimal: flags.minimal,
    speedLargeFiles: flags.speedLargeFiles,
    stripTrailingCr: flags.stripTrailingCr,
    ignoreCase: flags.ignoreCase,
    ignoreBlankLines: flags.ignoreBlankLines,
    ignoreLine,
    functionLine,
    expandTabs: flags.expandTabs,
    initialTab: flags.initialTab,
    suppressBlankEmpty: flags.suppressBlankEmpty,
    suppressCommonLines: flags.suppressCommonLines,
    leftColumn: flags.leftColumn,
    mergeAssist: flags.sdiffMergeAssist,
    ignoreFileNameCase: flags.ignoreFileNameCase && !lastWins(cmd.order),
    excludes: [...flags.exclude],
    colors,
    switches: optionWords(cmd.args).map((w) => ' ' + quoteShellEscape(w)).join(''),
  };
  for (const file of flags.excludeFrom) {
    const r = await readPatterns(ctx, file);
    if (typeof r === 'string') return fail(ctx, { message: r, tryHelp: false });
    plan.excludes.push(...r);
  }
  const out = new OutputBuffer(ctx.stdout);
  const c = new Comparer(ctx, plan, out);
  let status = 0;
  try {
    if (s.fromFile !== undefined) {
      if (s.toFile !== undefined) return await fail(ctx, { message: '--from-file and --to-file both specified', tryHelp: false });
      for (const op of operands) status = Math.max(status, await c.compareTop(s.fromFile, op));
    } else if (s.toFile !== undefined) {
      for (const op of operands) status = Math.max(status, await c.compareTop(op, s.toFile));
    } else {
      if (operands.length !== 2) {
        const last = cmd.args[cmd.args.length - 1] ?? ctx.name;
        return await fail(ctx, operands.length < 2 ? { message: `missing operand after '${last}'`, tryHelp: true } : { message: `extra operand '${operands[2]!}'`, tryHelp: true });
      }
      status = await c.compareTop(operands[0]!, operands[1]!);
    }
  } catch (e) {
    if (!(e instanceof FatalError)) throw e;
    const f = out.flush();
    if (f) await f;
    return fail(ctx, { message: e.message, tryHelp: false });
  }
  const f = out.flush();
  if (f) await f;
  return status;
}

/** --ignore-file-name-case and --no-ignore-file-name-case: the last one given wins */
function lastWins(order: readonly Occurrence[]): boolean {
  let no = false;
  for (const o of order) {
    if (o.name === 'ignoreFileNameCase') no = false;
    else if (o.name === 'noIgnoreFileNameCase') no = true;
  }
  return no;
}

async function readPatterns(ctx: CallContext, file: string): Promise<string[] | string> {
  const { readToEnd, openInput } = await import('../internal/inputs.js');
  const r = openInput(ctx, file);
  if (!r.ok) return `${file}: ${r.error.message}`;
  try {
    const got = await readToEnd(r.value.reader, ctx.limits.maxFileBytes);
    if (!got.ok) return `${file}: ${got.message}`;
    const text = Buffer.from(got.bytes).toString('latin1');
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  } finally {
    r.value.close();
  }
}

/** the default palette, with --palette's `key=value` entries applied (rs hd ad de ln) */
function paletteOf(palette: string | undefined): string[] {
  const colors = ['0', '1', '32', '31', '36'];
  const keys = ['rs', 'hd', 'ad', 'de', 'ln'];
  for (const entry of (palette ?? '').split(':')) {
    const eq = entry.indexOf('=');
    if (eq < 0) continue;
    const k = keys.indexOf(entry.slice(0, eq));
    if (k >= 0) colors[k] = entry.slice(eq + 1);
  }
  return colors;
}

export const diff = defineCommand({
  name: 'diff',
  summary: 'compare files line by line',
  help: DIFF_HELP,
  flags: FLAGS,
  usageStatus: 2,
  usageError: (ctx, message, status) => {
    const text = (message === '' ? '' : `${ctx.name}: ${message}\n`) + `${ctx.name}: Try '${ctx.name} --help' for more information.\n`;
    const p = ctx.stderr.writeString(text);
    return p ? p.then(() => status) : status;
  },
  checkBefore: (ctx, before) => {
    const s = settingsOf(before);
    return isError(s) ? fail(ctx, s) : undefined;
  },
  run,
});

