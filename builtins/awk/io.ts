// awk's I/O against the sandbox: the main input (ARGV operands, `var=value` operands, stdin),
// getline's files and commands, output files (remediation mode only), `print | "cmd"` pipes,
// system(), close() and fflush(). Commands run through ctx.runShellText — rshell's own
// interpreter, same policy and sandbox — with the environment ENVIRON holds. Before a command
// starts, awk's buffered output is flushed (gawk does the same before it forks).

import type { CallContext, ExecEnv } from '../types.js';
import type { FileWriter } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { Pipe } from '../../lib/io/pipe.js';
import { openInput, type Input } from '../internal/inputs.js';
import { createError } from '../internal/errors.js';
import { AwkArray, toNum, type Val } from './value.js';
import { AwkFatal, S, type Runtime } from './runtime.js';
import { OutStream } from './output.js';
import { RecordReader, type RsMode } from './records.js';
import type { AwkIo } from './async.js';
import { toShell } from './bytes.js';

interface Redirection {
  out?: OutStream;
  reader?: RecordReader;
  /** closes the stream and gives close()'s value */
  close(): Promise<number>;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export class Io implements AwkIo {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  private readonly open = new Map<string, Redirection>();
  /** the main input */
  private argi = 1;
  private usedOperand = false;
  cur: { input: Input; reader: RecordReader } | null = null;
  /** set when the main input moved to another file (BEGINFILE runs) */
  fileChanged = false;
  private mainDone = false;

  constructor(
    private readonly ctx: CallContext,
    private readonly rt: Runtime,
    private readonly rs: () => RsMode,
    private readonly assign: (text: string) => void,
    private readonly fatalPrefix: string,
  ) {
    const held = Math.max(ctx.limits.maxSortBytes, 1 << 20);
    this.stdout = new OutStream(ctx.stdout, held);
    this.stderr = new OutStream(ctx.stderr, held);
  }

  private get maxRecord(): number {
    return this.ctx.limits.maxLineBytes;
  }

  private env(): ExecEnv {
    const set: [string, string][] = [];
    const e = this.rt.g[S.ENVIRON];
    if (e instanceof AwkArray) {
      for (const [k, v] of e.map) if (!(v instanceof AwkArray)) set.push([toShell(k), toShell(this.rt.str(v))]);
    }
    return { clear: true, set };
  }

  /** flush everything awk has buffered (before a command runs, at exit) */
  async flushAll(): Promise<void> {
    const w = this.stdout.flush();
    if (w) await w;
    for (const r of this.open.values()) {
      if (r.out !== undefined) {
        const p = r.out.flush();
        if (p) await p;
      }
    }
  }

  // ---- the main input ----

  /** open the next operand of ARGV; false when there is none left */
  async openNext(): Promise<boolean> {
    const rt = this.rt;
    for (;;) {
      if (this.mainDone) return false;
      const argc = Math.trunc(toNum(rt.g[S.ARGC] as Val));
      if (this.argi >= argc) {
        this.mainDone = true;
        if (this.usedOperand) return false;
        this.usedOperand = true;
        return this.start('-', '-');
      }
      const argv = rt.g[S.ARGV];
      const i = this.argi++;
      const v = argv instanceof AwkArray ? argv.map.get(String(i)) : undefined;
      if (v === undefined || v instanceof AwkArray) continue;
      const arg = rt.str(v);
      if (arg === '') continue;
      if (ASSIGNMENT.test(arg)) {
        this.assign(arg);
        continue;
      }
      this.usedOperand = true;
      if (await this.start(arg, arg)) return true;
    }
  }

  private async start(operand: string, filename: string): Promise<boolean> {
    const rt = this.rt;
    const opened = openInput(this.ctx, operand === '/dev/stdin' ? '-' : toShell(operand));
    if (!opened.ok) {
      throw new AwkFatal(`cannot open file \`${operand}' for reading: ${errorText(createError(this.ctx.fs, toShell(operand), opened.error))}`, 2, 'input');
    }
    const input = opened.value;
    if (!input.isStdin && input.info?.type === 'dir') {
      input.close();
      const w = this.stderr.write(`${this.fatalPrefix}: warning: command line argument \`${operand}' is a directory: skipped\n`);
      if (w) await w;
      const f = this.stderr.flush();
      if (f) await f;
      return false;
    }
    this.cur = { input, reader: new RecordReader(input.reader, this.maxRecord) };
    rt.g[S.FILENAME] = filename;
    rt.g[S.FNR] = 0;
    this.fileChanged = true;
    return true;
  }

  closeCurrent(): void {
    this.cur?.input.close();
    this.cur = null;
  }

  /** the next main-input record, moving through the operands (no BEGINFILE/ENDFILE) */
  async nextMain(): Promise<string | null> {
    for (;;) {
      if (this.cur === null && !(await this.openNext())) return null;
      const cur = this.cur!; // openNext set it
      const r = cur.reader.next(this.rs());
      const rec = r instanceof Promise ? await r : r;
      if (rec !== null) {
        this.rt.g[S.RT] = cur.reader.rt;
        return rec;
      }
      this.closeCurrent();
    }
  }

  // ---- getline < file, cmd | getline ----

  async readFrom(kind: 'file' | 'cmd', name: string): Promise<string | null | -1> {
    let r = this.open.get(name);
    if (r === undefined) {
      if (kind === 'file') {
        const opened = openInput(this.ctx, name === '/dev/stdin' || name === '-' ? '-' : toShell(name));
        if (!opened.ok) {
          this.rt.g[S.ERRNO] = errorText(opened.error);
          return -1;
        }
        const input = opened.value;
        const reader = new RecordReader(input.reader, this.maxRecord);
        r = {
          reader,
          close: async () => {
            input.close();
            return 0;
          },
        };
      } else {
        await this.flushAll();
        const pipe = new Pipe();
        const status = this.ctx.runShellText(toShell(name), { stdout: pipe.writer, stderr: this.ctx.stderr, env: this.env() })
          .finally(() => pipe.writer.close());
        status.catch(() => {});
        const reader = new RecordReader(pipe.reader, this.maxRecord);
        r = {
          reader,
          close: async () => {
            pipe.reader.close();
            return status;
          },
        };
      }
      this.open.set(name, r);
    }
    if (r.reader === undefined) return -1;
    let rec: string | null;
    try {
      const x = r.reader.next(this.rs());
      rec = x instanceof Promise ? await x : x;
    } catch (e) {
      if (e instanceof Error && e.constructor.name === 'ReadError') return -1;
      throw e;
    }
    if (rec !== null) this.rt.g[S.RT] = r.reader.rt;
    return rec;
  }

  // ---- output ----

  async output(mode: '>' | '>>' | '|', name: string): Promise<OutStream> {
    const known = this.open.get(name);
    if (known?.out !== undefined) return known.out;
    if (mode !== '|') {
      if (name === '/dev/stdout' || name === '-') return this.stdout;
      if (name === '/dev/stderr') return this.stderr;
      if (this.ctx.mode !== 'remediation') {
        throw new AwkFatal(`cannot redirect to \`${name}': filesystem capability not available (remediation mode required)`);
      }
      const opened = name === ''
        ? { ok: false as const, error: { code: 'ENOENT' as const, message: 'No such file or directory' } }
        : this.ctx.fs.openWrite(toShell(name), { append: mode === '>>', truncate: mode === '>' });
      if (!opened.ok) {
        throw new AwkFatal(`cannot redirect to \`${name}': ${errorText(createError(this.ctx.fs, toShell(name), opened.error))}`);
      }
      const w: FileWriter = opened.value;
      const out = new OutStream(w, Math.max(this.ctx.limits.maxSortBytes, 1 << 20));
      this.open.set(name, {
        out,
        close: async () => {
          const f = out.flush();
          if (f) await f;
          w.close();
          return 0;
        },
      });
      return out;
    }
    await this.flushAll();
    const pipe = new Pipe();
    const status = this.ctx.runShellText(toShell(name), { stdin: pipe.reader, stdout: this.ctx.stdout, stderr: this.ctx.stderr, env: this.env() })
      .finally(() => pipe.reader.close());
    status.catch(() => {});
    const out = new OutStream(pipe.writer, Math.max(this.ctx.limits.maxSortBytes, 1 << 20));
    this.open.set(name, {
      out,
      close: async () => {
        try {
          const f = out.flush();
          if (f) await f;
        } catch {
          // the command stopped reading: its status says so
        }
        pipe.writer.close();
        return status;
      },
    });
    return out;
  }

  async close(name: string, _how: string | undefined): Promise<number> {
    const r = this.open.get(name);
    if (r === undefined) return -1;
    this.open.delete(name);
    return r.close();
  }

  async fflush(name: string | undefined): Promise<number> {
    if (name === undefined || name === '') {
      await this.flushAll();
      return 0;
    }
    if (name === '/dev/stdout') {
      const f = this.stdout.flush();
      if (f) await f;
      return 0;
    }
    const r = this.open.get(name);
    if (r?.out === undefined) return -1;
    const f = r.out.flush();
    if (f) await f;
    return 0;
  }

  async system(cmd: string): Promise<number> {
    await this.flushAll();
    const f = this.stderr.flush();
    if (f) await f;
    return this.ctx.runShellText(toShell(cmd), { stdout: this.ctx.stdout, stderr: this.ctx.stderr, env: this.env() });
  }

  /** at exit: every redirection closed (pipes waited for), in the order they were opened */
  async closeAll(): Promise<void> {
    for (const [name, r] of [...this.open]) {
      this.open.delete(name);
      await r.close();
    }
  }
}
