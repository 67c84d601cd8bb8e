// sed — GNU sed 4.9 as an rshell builtin. Options and script chunks (-e, -f, or the first
// operand) are gathered in command-line order, compiled (compile.ts), then run over the inputs
// (execute.ts). Commands that write files or run programs (e w W, s///e, s///w) and the file
// readers r R are refused at compile time with GNU's --sandbox message. -i edits files only in
// remediation mode, through the sandbox (in-place.ts).
//
// Known differences from GNU sed, on purpose:
// - e, r, R, w, W and the s flags e and w fail to compile with GNU's --sandbox message
//   (`e/r/w commands disabled in sandbox mode`, status 1); --debug and `-f -` are refused.
// - The pattern and hold spaces together are bounded by the command's memory budget (GNU's
//   `sed: memory exhausted`, status 1); input lines by maxLineBytes. Branch loops are bounded only
//   by the run's deadline.
// - -i holds the new content in memory and writes it over the same file (no temp file, no rename);
//   symlinked and hard-linked targets are refused (GNU replaces a symlink by a regular file); all
//   operands are checked before the first is edited. A backup SUFFIX with `*` is resolved in the
//   edited file's directory.
// - --help marks what rshell refuses; --version prints rshell's version.

import { readToEnd } from '../internal/inputs.js';
import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine, type OccurrenceOf } from '../internal/command.js';
import { toLatin1 } from '../../lib/regex/index.js';
import { encode } from '../../lib/io/encoding.js';
import { ScriptBuilder, type CompileOptions } from './compile.js';
import { Executor, SedFatal, type ExecOptions } from './execute.js';
import { followFailures } from './follow.js';
import { InputFatal, SedInput, errorText } from './input.js';
import { SedOutput } from './output.js';
import { SED_USAGE, SED_USAGE_ON_ERROR } from './usage.js';
import { InPlaceEditor } from './in-place.js';
import type { ScriptChunk } from './types.js';

/**
 * -l N: GNU reads it with atoi (no error): leading blanks, a sign and digits (else 0), saturated
 * to a long and then kept in an int (4294967297 is 1; a huge or negative width means no wrapping)
 */
function lineLength(v: string): number {
  const m = /^[ \t\n\v\f\r]*([+-]?\d+)/.exec(v);
  if (m === null) return 0;
  const LONG_MAX = (1n << 63n) - 1n;
  let n = BigInt(m[1]!);
  n = n > LONG_MAX ? LONG_MAX : n < -LONG_MAX - 1n ? -LONG_MAX - 1n : n;
  return Number(BigInt.asIntN(32, n));
}

// long options in GNU sed's table order (the ambiguity message follows it)
const FLAGS = {
  binary: flag.boolean('-b --binary'),
  extended: flag.boolean('-r -E --regexp-extended'),
  debug: flag.boolean('--debug'),
  // -i[SUFFIX], --in-place[=SUFFIX]
  inPlace: flag.optional('-i --in-place'),
  expression: flag.list('-e --expression'),
  file: flag.list('-f --file'),
  lineLength: flag.value('-l --line-length', lineLength),
  nullData: flag.boolean('-z --null-data --zero-terminated'),
  quiet: flag.boolean('-n --quiet'),
  posix: flag.boolean('--posix'),
  // a second entry for 'n' in GNU's table, after --posix
  silent: flag.boolean('--silent'),
  sandbox: flag.boolean('--sandbox'),
  separate: flag.boolean('-s --separate'),
  unbuffered: flag.boolean('-u --unbuffered'),
  version: flag.version(),
  help: flag.help(),
  followSymlinks: flag.boolean('--follow-symlinks'),
};

type Occurrence = OccurrenceOf<typeof FLAGS>;

/** GNU sed prints its whole usage after an option error, on stderr, and exits 1 */
async function usageError(ctx: CallContext, message: string): Promise<number> {
  const p = ctx.stderr.writeString((message === '' ? '' : `sed: ${message}\n`) + SED_USAGE_ON_ERROR);
  if (p) await p;
  return 1;
}

async function fail(ctx: CallContext, text: string, status: number): Promise<number> {
  const f = ctx.stdout.flush();
  if (f) await f;
  const p = ctx.stderr.writeString(text);
  if (p) await p;
  return status;
}

/**
 * GNU compiles each -e and reads each -f as its getopt loop meets it: an error there, before a bad
 * option, a bad value, --help or --version, is the one reported
 */
async function compileBefore(ctx: CallContext, before: readonly Occurrence[]): Promise<number | undefined> {
  const posixCorrect = ctx.getEnv('POSIXLY_CORRECT') !== undefined;
  const r = await compileOptionChunks(ctx, before, new ScriptBuilder(initialOptions(ctx, posixCorrect)), true);
  return 'status' in r ? r.status : undefined;
}

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>): Promise<number> {
  const posixCorrect = ctx.getEnv('POSIXLY_CORRECT') !== undefined;
  if (flags.debug) {
    return fail(ctx, 'sed: --debug is refused: rshell does not annotate sed execution\n', 1);
  }
  const inPlace = flags.inPlace;
  if (inPlace !== undefined && ctx.mode !== 'remediation') {
    return fail(ctx, 'sed: -i/--in-place is refused in read-only mode: editing files needs remediation mode (print the result to stdout instead)\n', 1);
  }

  const posix = flags.posix || posixCorrect;
  const builder = new ScriptBuilder(initialOptions(ctx, posixCorrect));
  const gathered = await compileOptionChunks(ctx, order, builder, false);
  if ('status' in gathered) return gathered.status;
  if (gathered.count === 0) {
    if (operands.length === 0) return usageError(ctx, '');
    // the script operand is compiled after the getopt loop: under all the options
    const chunk = { text: toLatin1(encode(operands.shift()!)), origin: { kind: 'expression', index: 1 } as const };
    const error = builder.add({ ...chunk, options: { extended: flags.extended, posix: flags.posix } });
    if (error !== null) return fail(ctx, `sed: ${error.message}\n`, error.status);
  }
  const compiled = builder.finish();
  if (!compiled.ok) return fail(ctx, `sed: ${compiled.error.message}\n`, compiled.error.status);
  const program = compiled.program;

  if (inPlace !== undefined && operands.length === 0) return fail(ctx, 'sed: no input files\n', 4);

  const delim = flags.nullData ? '\0' : '\n';
  const opts: ExecOptions = {
    quiet: flags.quiet || flags.silent || program.quietFromScript,
    posix: posix && !program.extendedFromScript,
    separate: flags.separate || inPlace !== undefined,
    lineLength: flags.lineLength ?? 70,
    unbuffered: flags.unbuffered,
    delim,
    zeroLocation: builder.zeroLocation(),
  };
  const stdoutSink = new SedOutput(ctx.stdout, delim);
  const report = async (text: string): Promise<void> => {
    const f = stdoutSink.flush();
    if (f) await f;
    const p = ctx.stderr.writeString(text);
    if (p) await p;
  };
  const input = new SedInput(ctx, operands, delim.charCodeAt(0), opts.separate, report);
  const editor =
    inPlace !== undefined
      ? new InPlaceEditor(ctx, operands, typeof inPlace === 'string' ? inPlace : '', flags.followSymlinks, delim, report)
      : null;
  const exec = new Executor(ctx, program, input, stdoutSink, opts, editor === null ? null : (file, prev) => editor.switchTo(file, prev));
  let status = 0;
  try {
    if (editor !== null) input.skip(await editor.validateAll());
    else if (flags.followSymlinks) input.skip({ skip: new Set(), fatalAt: followFailures(ctx, operands) });
    const q = await exec.run();
    if (editor !== null) await editor.finish();
    const f = exec.output.flush();
    if (f) await f;
    if (q !== null) status = q;
  } catch (e) {
    if (e instanceof SedFatal || e instanceof InputFatal) {
      if (editor !== null) {
        // the file before the failing operand is complete: GNU has written it back already
        if (e instanceof InputFatal && e.betweenFiles) {
          const done = await editor.finish().then(
            () => null,
            (e2: unknown) => e2,
          );
          if (done instanceof SedFatal) return fail(ctx, done.message, done.status);
          if (done !== null) throw done;
        } else editor.abandon();
      }
      // what was printed before the failure still reaches stdout, as when GNU's panic() exits
      const f = stdoutSink.flush();
      if (f) await f;
      return fail(ctx, e.message, e.status);
    }
    throw e;
  } finally {
    input.close();
  }
  // an input that could not be read wins over q/Q's status (GNU: input.bad_count → EXIT_BAD_INPUT)
  return input.failed || (editor?.failed ?? false) ? 2 : status;
}

/** the compile options before any: no -E, no --posix */
function initialOptions(ctx: CallContext, posixCorrect: boolean): CompileOptions {
  return { extended: false, posix: false, posixCorrect, checkpoint: () => ctx.checkAbort() };
}

/**
 * Compiles the -e and -f chunks in command-line order, each under the -E and --posix given before
 * it, as GNU's getopt loop does: a compile error (status 1) or an -f file that cannot be read
 * (status 4) is reported before anything later on the command line. `stopped`: the scan stopped
 * early (a bad option, --help, --version), and a `-f -` (refused) ends the walk rather than being
 * reported.
 */
async function compileOptionChunks(
  ctx: CallContext, order: readonly Occurrence[], builder: ScriptBuilder, stopped: boolean,
): Promise<{ status: number } | { count: number }> {
  const options = { extended: false, posix: false };
  let expressions = 0;
  let count = 0;
  for (const occ of order) {
    if (occ.name === 'extended' || occ.name === 'posix') {
      options[occ.name] = true;
      continue;
    }
    let chunk: ScriptChunk;
    if (occ.name === 'expression') {
      chunk = { text: toLatin1(encode(occ.value)), origin: { kind: 'expression', index: ++expressions } };
    } else if (occ.name === 'file') {
      const name = occ.value;
      if (stopped && name === '-') break;
      const text = await readScriptFile(ctx, name);
      if (typeof text !== 'string') return { status: await fail(ctx, text.message, 4) };
      chunk = { text, origin: { kind: 'file', name } };
    } else continue;
    count++;
    const error = builder.add({ ...chunk, options: { ...options } });
    if (error !== null) return { status: await fail(ctx, `sed: ${error.message}\n`, error.status) };
  }
  return { count };
}

/**
 * -f FILE: read through the sandbox (`-` is stdin, which GNU allows too), bounded by maxFileBytes.
 * Through open(), not readFile(): `-f <(cmd)` and `-f /dev/stdin` are pipes, read as they come.
 */
async function readScriptFile(ctx: CallContext, name: string): Promise<string | { message: string }> {
  if (name === '-') return { message: "sed: -f - (script from standard input) is not supported by rshell\n" };
  const o = ctx.fs.open(name);
  if (!o.ok) return { message: `sed: couldn't open file ${name}: ${errorText(o.error)}\n` };
  const r = await readToEnd(o.value, ctx.limits.maxFileBytes).finally(() => o.value.close());
  // GNU opens a directory and reads nothing from it: an empty script
  if (!r.ok && r.message === 'Is a directory') return '';
  if (!r.ok) return { message: `sed: couldn't open file ${name}: ${r.message}\n` };
  // the final newline stays: GNU reads it as part of the script (it ends an `a\` text, which
  // without it would continue into the next -e)
  return toLatin1(r.bytes);
}

export const sed = defineCommand({
  name: 'sed',
  summary: 'stream editor for filtering and transforming text',
  help: SED_USAGE,
  flags: FLAGS,
  // GNU sed prints its whole usage after an option error, on stderr, status 1
  usageError: (ctx, message) => usageError(ctx, message),
  checkBefore: compileBefore,
  run,
});

