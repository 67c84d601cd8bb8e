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
import { dumpJson, JsonStreamParser, tojson } from './json-stub.js';
import { JqError, type Json, type JsonObject } from './value.js';
import { JQ_HELP } from './usage.js';
import { InputSource, isParseError } from './input-source.js';

/** names probed for $ENV/env: CallContext reads one exported variable at a time */
const ENV_NAMES = ['HOME', 'PATH', 'PWD', 'OLDPWD', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'TERM', 'TZ', 'TMPDIR', 'HOSTNAME', 'JQ_COLORS', 'NO_COLOR'];

function envObject(ctx: CallContext): JsonObject {
  const m: JsonObject = new Map();
  for (const n of ENV_NAMES) {
    const v = ctx.getEnv(n);
    if (v !== undefined) m.set(n, v);
  }
  return m;
}

class Output {
  private pending: string[] = [];
  private pendingBytes = 0;
  private blocked: Promise<void> | undefined;
  constructor(
    private readonly ctx: CallContext,
    private readonly budget: number,
  ) {}

  write(s: string): void {
    if (this.blocked === undefined && this.pending.length === 0) {
      const w = this.ctx.stdout.writeString(s);
      if (w) this.blocked = w;
      return;
    }
    this.pending.push(s);
    this.pendingBytes += s.length;
    if (this.pendingBytes > this.budget) throw new OutputBudget();
  }

  async drain(): Promise<void> {
    if (this.blocked !== undefined) {
      await this.blocked;
      this.blocked = undefined;
    }
    if (this.pending.length > 0) {
      const text = this.pending.join('');
      this.pending = [];
      this.pendingBytes = 0;
      const w = this.ctx.stdout.writeString(text);
      if (w) await w;
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
    return { ok: true, text: Buffer.from(got.bytes).toString('utf8') };
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
    },
    vars: [['ENV', envObject(ctx)], ['__prog_args', argsObj], ['ARGS', argsObj], ...named],
    checkAbort: () => ctx.checkAbort(),
  });
  if (!compiled.ok) return writeErr(ctx, compiled.message, 3);
  const out = new Output(ctx, budget);
  const dumpOpts = { indent: a.indent, tab: a.tab, sortKeys: a.sortKeys, ascii: a.ascii, color: a.color === true };
  const usesInput = /\binputs?\b/.test(program);
  let ret = -4; // JQ_OK_NO_OUTPUT
  let lastResult = -1;
  let halted: HaltSignal | undefined;

  const flushDebug = async (): Promise<void> => {
    if (debugLines.length === 0) return;
    const text = debugLines.join('');
    debugLines.length = 0;
    const w = ctx.stderr.writeString(text);
    if (w) await w;
  };

  const process = async (value: Json): Promise<number> => {
    let r = -4;
    let err: string | undefined;
    try {
      compiled.program.run(value, (v) => {
        if (a.rawOutput && typeof v === 'string') {
          if (a.ascii) out.write(dumpJson(v, { indent: 0, ascii: true }));
          else {
            if (a.rawOutput0 && v.includes('\u0000')) throw new JqError('Cannot dump a string containing NUL with --raw-output0 option');
            out.write(v);
          }
          r = 0;
        } else {
          r = v === null || v === false ? -1 : 0;
          out.write(`${a.seq ? '\u001e' : ''}${dumpJson(v, dumpOpts)}`);
        }
        if (!a.joinOutput) out.write('\n');
        if (a.rawOutput0) out.write('\u0000');
      });
    } catch (e) {
      if (e instanceof HaltSignal) halted = e;
      else if (e instanceof JqError) {
        const v = e.value;
        const at = src.position();
        err = typeof v === 'string' ? `jq: error (at ${at}): ${v}\n` : `jq: error (at ${at}) (not a string): ${tojson(v)}\n`;
        r = 5;
      } else if (e instanceof BreakSignal) {
        err = 'jq: error (at <unknown>): break\n';
        r = 5;
      } else if (e instanceof OutputBudget) {
        await flushDebug();
        await out.drain().catch(() => undefined);
        throw new FatalBudget();
      } else if (e instanceof RangeError) {
        err = `jq: error: ${e.message}\n`;
        r = 5;
      } else throw e;
    }
    await flushDebug();
    await out.drain();
    if (halted !== undefined) {
      r = halted.status;
      if (halted.stderr !== undefined) {
        const w = ctx.stderr.writeString(halted.stderr);
        if (w) await w;
      }
    } else if (err !== undefined) {
      const w = ctx.stderr.writeString(err);
      if (w) await w;
    }
    return r;
  };

  try {
    if (a.nullInput) {
      if (usesInput) await src.fillAll();
      ret = await process(null);
    } else if (a.slurp) {
      const all = await src.slurp();
      if (all.ok) ret = await process(all.value);
      else ret = await reportInputError(ctx, all.error);
    } else {
      if (usesInput) await src.fillAll();
      for (;;) {
        let v = src.takeSync();
        if (v === undefined) {
          if (src.pendingError() === undefined && ((await src.fill()) || src.hasQueued())) continue;
          const pe = src.takePendingError();
          if (pe !== undefined) {
            if (a.seq) {
              const w = ctx.stderr.writeString(`jq: ignoring parse error: ${pe}\n`);
              if (w) await w;
              continue;
            }
            ret = await reportInputError(ctx, pe);
          }
          break;
        }
        ret = await process(v);
        v = null;
        if (ret <= 0 && ret !== -4) lastResult = ret !== -1 ? 1 : 0;
        if (halted !== undefined) break;
        if (src.openFailures() > 0) break;
      }
    }
  } catch (e) {
    if (e instanceof FatalBudget) return writeErr(ctx, memoryExhausted('jq', budget), 2);
    if (e instanceof JqError) return writeErr(ctx, `jq: error: ${String(e.value)}\n`, 2);
    throw e;
  }
  if (halted === undefined && src.openFailures() > 0) ret = 2;
  if (a.exitStatus && halted === undefined) {
    if (ret !== -4) return Math.abs(ret);
    return lastResult === -1 ? 4 : lastResult === 0 ? 1 : 0;
  }
  return ret > 0 ? ret : halted !== undefined ? Math.abs(ret) & 255 : 0;
}

class FatalBudget {}

async function reportInputError(ctx: CallContext, message: string): Promise<number> {
  const w = ctx.stderr.writeString(`jq: parse error: ${message}\n`);
  if (w) await w;
  return 5;
}
