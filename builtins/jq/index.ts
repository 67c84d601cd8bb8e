// jq: the jq 1.7.1 command (src/main.c's behaviour, stdout/stderr/status byte for byte).
//
// Inputs are read one chunk at a time and fed to the JSON stream reader line by line (as jq's
// fgets loop does, which is what its `(at <stdin>:N)` line numbers count); each value runs
// through the program as soon as it is complete, so NDJSON streams in bounded memory. Only -s,
// and programs that call `input`/`inputs` (their reads are synchronous here), hold the rest of
// the input first, within the command's memory budget. Output goes to stdout as the program
// emits it; when the writer pushes back, outputs wait in memory (same budget) until the current
// input's run ends.
//
// Status: 0; 5 for an uncaught error (the last input's run decides, as in jq) or an input parse
// error; 2 for usage and file errors; 3 for compile errors; -e: 1 when the last output was
// false/null, 4 when there was none; halt_error's own status.

import { defineRawCommand } from '../internal/raw-command.js';
import type { CallContext } from '../types.js';
import { openInput, readToEnd } from '../internal/inputs.js';
import { commandBudget, memoryExhausted } from '../internal/budget.js';
import { errorText } from '../../allowedpaths/errors.js';
import { parseJqArgs, type JqArgs } from './args.js';
import { compileJq } from './program.js';
import { HaltSignal } from './natives.js';
import { BreakSignal } from './compile.js';
import { decodeUtf8, dumpJson, JsonStreamParser, parseJqColors, tojson } from './json/index.js';
import { JqError, type Json, type JsonObject } from './value.js';
import { JQ_HELP } from './usage.js';
import { InputSource, isParseError } from './input-source.js';

/** $ENV / env: the exported variables */
function envObject(ctx: CallContext): JsonObject {
  return new Map(ctx.exportedEnv());
}

/**
 * stdout, batched: outputs gather into ~64 KiB writes (jq's stdout is fully buffered too). When
 * the writer pushes back, outputs wait in memory until the current input's run ends, within the
 * command's budget.
 */
class Output {
  private buf: string[] = [];
  private size = 0;
  private blocked: Promise<void> | undefined;
  constructor(
    private readonly ctx: CallContext,
    private readonly budget: number,
    private readonly unbuffered: boolean,
  ) {}

  write(s: string): void {
    this.buf.push(s);
    this.size += s.length;
    if (this.blocked !== undefined) {
      if (this.size > this.budget) throw new OutputBudget();
      return;
    }
    if (this.size >= 65536 || this.unbuffered) this.flush();
  }

  private flush(): void {
    const text = this.buf.length === 1 ? (this.buf[0] as string) : this.buf.join('');
    this.buf = [];
    this.size = 0;
    const w = this.ctx.stdout.writeString(text);
    if (w) this.blocked = w;
  }

  /** true when a write is waiting for the reader */
  waiting(): boolean {
    return this.blocked !== undefined;
  }

  /** wait out a pushed-back write, then pass on what gathered meanwhile */
  async settle(): Promise<void> {
    while (this.blocked !== undefined) {
      const b = this.blocked;
      this.blocked = undefined;
      await b;
      if (this.size >= 65536) this.flush();
    }
  }

  /** everything out (before stderr is written, and at the end) */
  async drain(): Promise<void> {
    await this.settle();
    if (this.size > 0 || this.buf.length > 0) {
      this.flush();
      await this.settle();
    }
  }
}

class OutputBudget {}

export const jq = defineRawCommand({
  name: 'jq',
  summary: 'commandline JSON processor',
  help: JQ_HELP,
  async run(ctx, line) {
    const parsed = parseJqArgs(line.args);
    if (parsed.ok === 'help') return line.help();
    if (parsed.ok === 'version') return writeOut(ctx, 'jq-1.7.1\n', 0);
    if (parsed.ok === 'build') return writeOut(ctx, 'rshell\n', 0);
    if (parsed.ok === false) return writeErr(ctx, parsed.stderr, parsed.status);
    return runJq(ctx, parsed.args);
  },
});

async function writeOut(ctx: CallContext, s: string, status: number): Promise<number> {
  const w = ctx.stdout.writeString(s);
  if (w) await w;
  return status;
}

async function writeErr(ctx: CallContext, s: string, status: number): Promise<number> {
  const w = ctx.stderr.writeString(s);
  if (w) await w;
  return status;
}

async function readWhole(ctx: CallContext, file: string): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  const r = openInput(ctx, file);
  if (!r.ok) return { ok: false, message: `Could not open ${file}: ${errorText(r.error)}` };
  try {
    const got = await readToEnd(r.value.reader, commandBudget(ctx));
    if (!got.ok) return { ok: false, message: `Could not open ${file}: ${got.message}` };
    return { ok: true, text: decodeUtf8(got.bytes) };
  } finally {
    r.value.close();
  }
}

async function runJq(ctx: CallContext, a: JqArgs): Promise<number> {
  if (a.libDirs.length > 0) {
    return writeErr(ctx, 'jq: error: -L is refused: rshell\'s jq has no module search path (modules are not supported)\n', 2);
  }
  let program = a.program ?? '.';
  if (a.fromFile) {
    const got = await readWhole(ctx, program);
    if (!got.ok) return writeErr(ctx, `jq: ${got.message}\n`, 2);
    program = got.text;
  }
  const named: [string, Json][] = [...a.named];
  for (const f of a.fileArgs) {
    const got = await readWhole(ctx, f.file);
    if (!got.ok) return writeErr(ctx, `jq: Bad JSON in --${f.raw ? 'rawfile' : 'slurpfile'} ${f.name} ${f.file}: ${got.message}\n`, 2);
    if (f.raw) named.push([f.name, got.text]);
    else {
      const p = new JsonStreamParser();
      p.write(got.text);
      p.end();
      const vals: Json[] = [];
      for (let v = p.next(); v !== undefined; v = p.next()) {
        if (isParseError(v)) return writeErr(ctx, `jq: Bad JSON in --slurpfile ${f.name} ${f.file}: ${v.error}\n`, 2);
        vals.push(v);
      }
      named.push([f.name, vals]);
    }
  }
  const namedObj: JsonObject = new Map(named);
  const argsObj: JsonObject = new Map<string, Json>([
    ['positional', a.positional],
    ['named', namedObj],
  ]);
  const budget = commandBudget(ctx);
  const src = new InputSource(ctx, a.files.length === 0 ? ['-'] : a.files, { raw: a.rawInput, seq: a.seq, stream: a.stream, slurpRaw: a.rawInput && a.slurp }, budget);
  const debugLines: string[] = [];
  const compiled = compileJq(program, {
    io: {
      nextInput: () => src.takeSync(),
      stderr: (s) => debugLines.push(s),
      envObject: () => envObject(ctx),
      filename: () => src.filename(),
      lineNumber: () => src.line(),
      tz: () => ctx.getEnv('TZ'),
    },
    vars: [['ENV', envObject(ctx)], ['ARGS', argsObj], ...named],
    checkAbort: () => ctx.checkAbort(),
  });
  if (!compiled.ok) {
    // jq's parser accepts an empty program, then finds no top-level expression in it
    if (program.trim() === '') return writeErr(ctx, 'jq: error: Top-level program not given (try ".")\njq: 1 compile error\n', 3);
    return writeErr(ctx, compiled.message, 3);
  }
  const out = new Output(ctx, budget, a.unbuffered);
  // jq reads JQ_COLORS whether or not it colours, and warns about a bad one either way
  let colors: readonly string[] | undefined;
  const spec = ctx.getEnv('JQ_COLORS');
  if (spec !== undefined) {
    colors = parseJqColors(spec);
    if (colors === undefined) {
      const w = ctx.stderr.writeString('Failed to set $JQ_COLORS\n');
      if (w) await w;
    }
  }
  const dumpOpts = { indent: a.indent, tab: a.tab, sortKeys: a.sortKeys, ascii: a.ascii, color: a.color === true, colors };
  const usesInput = /\binputs?\b/.test(program);
  let ret = -4; // JQ_OK_NO_OUTPUT
  let lastResult = -1;
  let halted: HaltSignal | undefined;
  /** an uncaught error's message, written after the outputs before it */
  let errText: string | undefined;

  const emit = (v: Json): void => {
    if (a.rawOutput && typeof v === 'string') {
      if (a.ascii) out.write(dumpJson(v, { indent: 0, ascii: true }));
      else {
        if (a.rawOutput0 && v.includes('\u0000')) throw new JqError('Cannot dump a string containing NUL with --raw-output0 option');
        out.write(v);
      }
      status = 0;
    } else {
      status = v === null || v === false ? -1 : 0;
      out.write(a.seq ? `\u001e${dumpJson(v, dumpOpts)}` : dumpJson(v, dumpOpts));
    }
    if (!a.joinOutput) out.write('\n');
    if (a.rawOutput0) out.write('\u0000');
  };
  let status = -4;

  /** one input through the program, synchronously; the caller writes what must wait */
  const processValue = (value: Json): number => {
    status = -4;
    try {
      compiled.program.run(value, emit);
    } catch (e) {
      if (e instanceof HaltSignal) {
        halted = e;
        return e.status;
      }
      if (e instanceof JqError) {
        const v = e.value;
        const at = src.position();
        errText = typeof v === 'string' ? `jq: error (at ${at}): ${v}\n` : `jq: error (at ${at}) (not a string): ${tojson(v)}\n`;
        return 5;
      }
      if (e instanceof BreakSignal) {
        errText = 'jq: error (at <unknown>): break\n';
        return 5;
      }
      if (e instanceof RangeError) {
        errText = `jq: error: ${e.message}\n`;
        return 5;
      }
      throw e;
    }
    return status;
  };

  /** what a run left to write: debug lines, the error or halt_error text, pushed-back output */
  const afterRun = async (): Promise<void> => {
    if (debugLines.length > 0 || errText !== undefined || halted !== undefined) {
      await out.drain();
      let text = debugLines.join('');
      debugLines.length = 0;
      if (errText !== undefined) text += errText;
      else if (halted?.stderr !== undefined) text += halted.stderr;
      errText = undefined;
      if (text !== '') {
        const w = ctx.stderr.writeString(text);
        if (w) await w;
      }
    } else if (out.waiting()) await out.settle();
  };

  try {
    if (a.nullInput) {
      if (usesInput) await src.fillAll();
      ret = processValue(null);
      await afterRun();
    } else if (a.slurp) {
      const all = await src.slurp();
      if (all.ok) {
        ret = processValue(all.value);
        await afterRun();
      } else ret = await reportInputError(ctx, out, all.error);
    } else {
      if (usesInput) await src.fillAll();
      for (;;) {
        const v = src.takeSync();
        if (v === undefined) {
          if (src.pendingError() === undefined && ((await src.fill()) || src.hasQueued())) continue;
          const pe = src.takePendingError();
          if (pe !== undefined) {
            if (a.seq) {
              await out.drain();
              const w = ctx.stderr.writeString(`jq: ignoring parse error: ${pe}\n`);
              if (w) await w;
              continue;
            }
            ret = await reportInputError(ctx, out, pe);
          }
          break;
        }
        ret = processValue(v);
        if (ret !== 5 && halted === undefined && debugLines.length === 0) {
          if (out.waiting()) await out.settle();
        } else await afterRun();
        if (ret <= 0 && ret !== -4) lastResult = ret !== -1 ? 1 : 0;
        if (halted !== undefined) break;
        if (src.openFailures() > 0) break;
      }
    }
    await out.drain();
  } catch (e) {
    if (e instanceof OutputBudget) {
      await out.drain().catch(() => undefined);
      return writeErr(ctx, memoryExhausted('jq', budget), 2);
    }
    if (e instanceof JqError) {
      await out.drain();
      return writeErr(ctx, `jq: error: ${String(e.value)}\n`, 2);
    }
    throw e;
  }
  if (halted === undefined && src.openFailures() > 0) ret = 2;
  if (a.exitStatus && halted === undefined) {
    if (ret !== -4) return Math.abs(ret);
    return lastResult === -1 ? 4 : lastResult === 0 ? 1 : 0;
  }
  return ret > 0 ? ret : halted !== undefined ? Math.abs(ret) & 255 : 0;
}

async function reportInputError(ctx: CallContext, out: Output, message: string): Promise<number> {
  await out.drain();
  const w = ctx.stderr.writeString(`jq: parse error: ${message}\n`);
  if (w) await w;
  return 5;
}
