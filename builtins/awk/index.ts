// awk: the GNU awk 5.2 language, in process. The program is parsed (parser.ts), compiled to
// closures (compile.ts, stmt.ts) and run over the inputs as they stream (io.ts, records.ts).
// Files are read through the sandbox; output files only in remediation mode; commands
// (`print | "cmd"`, `"cmd" | getline`, system()) run through rshell's own interpreter.

import type { CallContext } from '../types.js';
import { defineRawCommand, type RawCommandLine } from '../internal/raw-command.js';
import { readToEnd, openInput } from '../internal/inputs.js';
import { errorText } from '../../allowedpaths/index.js';
import { createError } from '../internal/errors.js';
import { say } from '../internal/print.js';
import { fromShell, sayBytes, toShell } from './bytes.js';
import { AWK_USAGE } from './usage.js';
import { parseAwkArgs } from './options.js';
import { locate, parseProgram, sourceStarts, type SourcePart } from './parser.js';
import { RegexCache } from './regex.js';
import { AwkFatal, ControlSignal, Runtime, S, SPECIALS, Status } from './runtime.js';
import { analyze } from './analyze.js';
import { Compiler, type Exec, type Fn } from './compile.js';
import { StmtCompiler } from './stmt.js';
import { AsyncCompiler } from './async.js';
import { compileBuiltin, type BuiltinEnv } from './builtin-fns.js';
import { Io } from './io.js';
import { AwkArray, Strnum, toNum, type Val } from './value.js';
import { AwkFatalError, AwkRandom } from './runtime/index.js';
import { RecordTooLong, ReadError, type RsMode } from './records.js';
import type { Program } from './ast.js';
import { toLatin1 } from '../../lib/regex/index.js';
import { BUILTINS, KEYWORDS, tokenize, T } from './lexer.js';

/** gawk names itself in the usage lines and the examples */
function usageFor(name: string): string {
  return AWK_USAGE.replace(/^Usage: awk/gm, `Usage: ${name}`).replace(/^\tawk /gm, `\t${name} `);
}

/** how deep user functions may call each other */
export const MAX_CALL_DEPTH = 2000;

const LEGAL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** a -v or operand value: escapes processed as in a string literal */
function assignmentValue(text: string): string {
  if (!text.includes('\\')) return text;
  const toks = tokenize(`"${text.replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  if (Array.isArray(toks) && toks[0]?.t === T.STRING) return toks[0].s;
  return text;
}

interface Positioned {
  action: Exec;
  pos: number;
}

interface CompiledRule {
  kind: 'main' | 'range';
  pos: number;
  test: (() => boolean | Promise<boolean>) | null;
  to: (() => boolean | Promise<boolean>) | null;
  action: Exec;
  active: boolean;
}

async function run(ctx: CallContext, line: RawCommandLine): Promise<number> {
  const name = ctx.name;
  const parsed = parseAwkArgs(name, line.args);
  if (!parsed.ok) {
    if (parsed.message !== '') await say(ctx.stderr, parsed.message);
    if (parsed.usage) await say(ctx.stderr, usageFor(name));
    return parsed.status;
  }
  const opts = parsed.opts;
  if (opts.version) return line.version();
  if (opts.help) return line.help();

  // the program's sources
  const parts: SourcePart[] = [];
  for (const s of opts.sources) {
    if (s.kind === 'text') {
      parts.push({ name: 'cmd. line', text: fromShell(s.value) });
      continue;
    }
    const opened = openInput(ctx, s.value === '/dev/stdin' ? '-' : s.value);
    if (!opened.ok) {
      await say(ctx.stderr, `${name}: fatal: cannot open source file \`${s.value}' for reading: ${errorText(createError(ctx.fs, s.value, opened.error))}\n`);
      return 2;
    }
    const r = await readToEnd(opened.value.reader, ctx.limits.maxFileBytes);
    opened.value.close();
    if (!r.ok) {
      await say(ctx.stderr, `${name}: fatal: can't read source file \`${s.value}': ${r.message}\n`);
      return 2;
    }
    parts.push({ name: s.value, text: toLatin1(r.bytes) });
  }
  const operands = opts.operands.map(fromShell);
  if (parts.length === 0) {
    const text = operands.shift();
    if (text === undefined) {
      await say(ctx.stderr, usageFor(name));
      return 1;
    }
    parts.push({ name: 'cmd. line', text });
  }
  const program = parseProgram(name, parts);
  if (program.warnings !== '') await sayBytes(ctx.stderr, program.warnings);
  if (!program.ok) {
    await sayBytes(ctx.stderr, program.error);
    return 1;
  }
  const fs = opts.fs === undefined ? undefined : fromShell(opts.fs);
  return new AwkRun(ctx, program.program, parts, fs, opts.assigns.map(fromShell), operands).run();
}

class AwkRun {
  private readonly rt: Runtime;
  private readonly c: Compiler;
  private readonly sc: StmtCompiler;
  private readonly io: Io;
  private rsCache: RsMode | null = null;
  private readonly name: string;

  constructor(
    private readonly ctx: CallContext,
    private readonly prog: Program,
    private readonly parts: SourcePart[],
    private readonly fs: string | undefined,
    private readonly assigns: string[],
    private readonly operands: string[],
  ) {
    this.name = ctx.name;
    const rt = new Runtime(new RegexCache(() => ctx.checkAbort()));
    rt.maxHeld = ctx.limits.maxSortBytes;
    this.rt = rt;
    rt.warn = (msg) => {
      void this.io.stderr.write(`${this.name}: ${this.location()}warning: ${msg}\n`);
    };
    rt.onRS = () => {
      this.rsCache = null;
    };
    const env: BuiltinEnv = { random: new AwkRandom(), tz: () => {
      const e = rt.g[S.ENVIRON];
      const v = e instanceof AwkArray ? e.map.get('TZ') : undefined;
      return v === undefined || v instanceof AwkArray ? undefined : toShell(rt.str(v));
    }, now: () => Date.now() };
    const an = analyze(prog);
    this.c = new Compiler(rt, an, { builtin: (c, e) => compileBuiltin(c, e, env) }, MAX_CALL_DEPTH, Math.max(ctx.limits.maxSortBytes, 1 << 20));
    this.io = new Io(ctx, rt, () => this.rsMode(), (text) => this.assignOperand(text), this.name);
    const senv = { stdout: this.io.stdout, checkAbort: () => ctx.checkAbort() };
    this.sc = new StmtCompiler(this.c, senv, new AsyncCompiler(this.c, this.io));
  }

  private rsMode(): RsMode {
    if (this.rsCache !== null) return this.rsCache;
    const rt = this.rt;
    const rs = rt.str(rt.g[S.RS] as Val);
    let mode: RsMode;
    if (rs === '') mode = { kind: 'para', ch: '', alt: '', re: null };
    else if (rs.length === 1) {
      const alt = rt.icase && /[a-zA-Z]/.test(rs) ? (rs === rs.toLowerCase() ? rs.toUpperCase() : rs.toLowerCase()) : '';
      mode = { kind: 'char', ch: rs, alt, re: null };
    } else {
      const r = rt.regex.get(rs, rt.icase);
      if (!r.ok) throw new AwkFatal(`invalid regexp: ${r.message}: /${rs}/`);
      mode = { kind: 'regex', ch: '', alt: '', re: r.m };
    }
    this.rsCache = mode;
    return mode;
  }

  /** -v and operand assignments: `name=value`, the value a strnum with escapes processed */
  private setVar(text: string): void {
    const eq = text.indexOf('=');
    const name = text.slice(0, eq);
    if (!LEGAL_NAME.test(name)) throw new AwkFatal(`\`${name}' is not a legal variable name`, 2, true);
    if (KEYWORDS.has(name) || BUILTINS.has(name)) throw new AwkFatal(`cannot use gawk builtin \`${name}' as variable name`, 2, true);
    if (this.prog.funcs.has(name)) throw new AwkFatal(`cannot use function \`${name}' as variable name`, 2, true);
    const rt = this.rt;
    const slot = rt.slot(name);
    if (rt.g[slot] instanceof AwkArray) throw new AwkFatal(`cannot assign to array \`${name}'`, 2, true);
    rt.g[slot] = new Strnum(assignmentValue(text.slice(eq + 1)));
    if (slot < SPECIALS.length) rt.special(slot);
  }

  private assignOperand(text: string): void {
    this.setVar(text);
  }

  /** the start of the rule running now, for the line runtime errors name */
  private curPos = 0;

  /** `NAME:LINE: ` and, once records were read, gawk's `(FILENAME=… FNR=…) ` */
  private location(): string {
    const rt = this.rt;
    const fnr = toNum(rt.g[S.FNR] as Val);
    const where = fnr > 0 ? `(FILENAME=${rt.str(rt.g[S.FILENAME] as Val)} FNR=${rt.numStr(fnr)}) ` : '';
    return locate(this.parts, sourceStarts(this.parts), this.curPos) + where;
  }

  async run(): Promise<number> {
    const ctx = this.ctx;
    try {
      return await this.main();
    } catch (thrown) {
      // numToStr throws the runtime's error (its text starts with "fatal: ")
      const e = thrown instanceof AwkFatalError ? new AwkFatal(thrown.fatal.replace(/^fatal: /, '')) : thrown;
      if (e instanceof AwkFatal || e instanceof RecordTooLong || e instanceof ReadError) {
        try {
          await this.io.flushAll();
        } catch {
          // the output is gone already: only the message is left to say
        }
        let msg: string;
        if (e instanceof RecordTooLong) {
          msg = `${this.name}: fatal: record longer than ${ctx.limits.maxLineBytes} bytes (the line budget; gawk has no limit)\n`;
        } else if (e instanceof ReadError) {
          msg = `${this.name}: fatal: error reading input file \`${this.rt.str(this.rt.g[S.FILENAME] as Val)}': ${e.text}\n`;
        } else if (e.bare === 'input' && toNum(this.rt.g[S.NR] as Val) > 0) {
          msg = `${this.name}: ${locate(this.parts, sourceStarts(this.parts), this.curPos)}fatal: ${e.message}\n`;
        } else if (e.bare) msg = `${this.name}: fatal: ${e.message}\n`;
        else msg = `${this.name}: ${this.location()}fatal: ${e.message}\n`;
        await sayBytes(ctx.stderr, msg);
        return e instanceof AwkFatal ? e.status : 2;
      }
      if (e instanceof RangeError && /call stack/.test(e.message)) {
        await say(ctx.stderr, `${this.name}: ${this.location()}fatal: function call nesting too deep (the JavaScript stack ran out)\n`);
        return 2;
      }
      if (e instanceof RangeError && /string length/.test(e.message)) {
        await say(ctx.stderr, `${this.name}: ${this.location()}fatal: string too long (JavaScript's string limit)\n`);
        return 2;
      }
      throw e;
    }
  }

  private setup(): void {
    const rt = this.rt;
    const argv = rt.g[S.ARGV] as AwkArray;
    argv.map.set('0', this.name);
    for (let i = 0; i < this.operands.length; i++) argv.map.set(String(i + 1), new Strnum(this.operands[i]!));
    rt.g[S.ARGC] = this.operands.length + 1;
    const environ = rt.g[S.ENVIRON] as AwkArray;
    for (const [n, v] of this.ctx.exportedEnv()) environ.map.set(fromShell(n), new Strnum(fromShell(v)));
    const proc = rt.g[S.PROCINFO] as AwkArray;
    proc.map.set('version', '5.2.1');
    proc.map.set('FS', 'FS');
    proc.map.set('strftime', '%a %b %e %H:%M:%S %Z %Y');
    proc.map.set('api_major', 3);
    proc.map.set('api_minor', 2);
    proc.map.set('platform', 'posix');
    if (this.fs !== undefined) {
      const fs = assignmentValue(this.fs);
      rt.g[S.FS] = new Strnum(fs);
      rt.special(S.FS);
    }
    for (const a of this.assigns) {
      if (!a.includes('=')) throw new AwkFatal(`\`${a}' argument to \`-v' not in \`var=value' form`, 2, true);
      this.setVar(a);
    }
  }

  private compile(): { begin: Positioned[]; end: Positioned[]; beginfile: Positioned[]; endfile: Positioned[]; main: CompiledRule[] } {
    const c = this.c;
    const rt = this.rt;
    // functions first (their bodies may call each other)
    for (const f of this.prog.funcs.values()) {
      const fn: Fn = {
        def: f,
        body: null,
        nlocals: f.params.length,
        arrayParams: c.an.arrayParams.get(f.name) ?? [],
        async: c.an.asyncFuncs.has(f.name),
      };
      c.fns.set(f.name, fn);
    }
    for (const fn of c.fns.values()) {
      const locals = new Map<string, number>();
      for (let i = 0; i < fn.def.params.length; i++) locals.set(fn.def.params[i]!, i);
      c.scope = { locals };
      fn.body = this.sc.block(fn.def.body);
      c.scope = null;
    }
    const out = { begin: [] as Positioned[], end: [] as Positioned[], beginfile: [] as Positioned[], endfile: [] as Positioned[], main: [] as CompiledRule[] };
    const printAll: Exec = this.sc.stmt({ k: 'print', args: [], redir: null });
    const test = (e: import('./ast.js').Expr): (() => boolean | Promise<boolean>) => {
      if (c.an.needsAsync(e)) {
        const a = this.sc.ac.compile(e);
        return () => a().then((v) => (typeof v === 'number' ? v !== 0 : typeof v === 'string' ? v !== '' : v.isNumeric() ? v.num() !== 0 : v.s !== ''));
      }
      return c.bool(e);
    };
    for (const r of this.prog.rules) {
      const action = r.action === null ? printAll : this.sc.block(r.action);
      const pos = r.pos ?? 0;
      switch (r.pattern.k) {
        case 'BEGIN': out.begin.push({ action, pos }); break;
        case 'END': out.end.push({ action, pos }); break;
        case 'BEGINFILE': out.beginfile.push({ action, pos }); break;
        case 'ENDFILE': out.endfile.push({ action, pos }); break;
        case 'all': out.main.push({ kind: 'main', pos, test: null, to: null, action, active: false }); break;
        case 'expr': out.main.push({ kind: 'main', pos, test: test(r.pattern.e), to: null, action, active: false }); break;
        case 'range':
          out.main.push({ kind: 'range', pos, test: test(r.pattern.from), to: test(r.pattern.to), action, active: false });
          break;
      }
    }
    void rt;
    return out;
  }

  /** run actions in order; a status other than NORMAL/RETURN ends the list */
  private async runList(list: Positioned[], kind = ''): Promise<number> {
    for (const a of list) {
      this.curPos = a.pos;
      const st = await this.guard(a.action);
      if ((st === Status.NEXT || st === Status.NEXTFILE) && (kind === 'BEGIN' || kind === 'END')) {
        throw new AwkFatal(`\`${st === Status.NEXT ? 'next' : 'nextfile'}' cannot be called from a \`${kind}' rule`);
      }
      if (st === Status.EXIT || st === Status.NEXT || st === Status.NEXTFILE) return st;
    }
    return Status.NORMAL;
  }

  private guard(a: Exec): number | Promise<number> {
    try {
      const r = a();
      if (r instanceof Promise) return r.catch((e: unknown) => this.signal(e));
      return r;
    } catch (e) {
      return this.signal(e);
    }
  }

  private signal(e: unknown): number {
    if (e instanceof ControlSignal) return e.code;
    throw e;
  }

  private async main(): Promise<number> {
    const rt = this.rt;
    const io = this.io;
    const ctx = this.ctx;
    this.setup();
    const rules = this.compile();
    let exiting = (await this.runList(rules.begin, 'BEGIN')) === Status.EXIT;
    const needInput = rules.main.length > 0 || rules.end.length > 0 || rules.beginfile.length > 0 || rules.endfile.length > 0;
    if (!exiting && needInput) exiting = await this.mainLoop(rules);
    if (!exiting || rules.end.length > 0) {
      // exit in BEGIN or a main rule still runs END; exit in END stops it
      if (!this.exitedInEnd) await this.runList(rules.end, 'END');
    }
    io.closeCurrent();
    // gawk closes its redirections before it flushes stdout: a pipe's output comes first
    await io.closeAll();
    const f = io.stdout.flush();
    if (f) await f;
    const e = io.stderr.flush();
    if (e) await e;
    void ctx;
    return rt.exitCode;
  }

  private exitedInEnd = false;

  /** the records; true when a rule ran exit */
  private async mainLoop(rules: ReturnType<AwkRun['compile']>): Promise<boolean> {
    const rt = this.rt;
    const io = this.io;
    const g = rt.g;
    const main = rules.main;
    const n = main.length;
    let count = 0;
    for (;;) {
      if (io.cur === null) {
        if (!(await io.openNext())) return false;
      }
      if (io.fileChanged) {
        io.fileChanged = false;
        const st = await this.runList(rules.beginfile);
        if (st === Status.EXIT) return true;
        if (st === Status.NEXTFILE) {
          io.closeCurrent();
          continue;
        }
      }
      const cur = io.cur!; // opened just above
      const mode = this.rsMode();
      let r = cur.reader.next(mode);
      if (r instanceof Promise) r = await r;
      if (r === null) {
        io.closeCurrent();
        const st = await this.runList(rules.endfile);
        if (st === Status.EXIT) return true;
        continue;
      }
      if ((++count & 1023) === 0) this.ctx.checkAbort();
      g[S.RT] = cur.reader.rt;
      g[S.NR] = toNum(g[S.NR] as Val) + 1;
      g[S.FNR] = toNum(g[S.FNR] as Val) + 1;
      rt.takeSplitter();
      rt.setRecord(r);
      for (let i = 0; i < n; i++) {
        const rule = main[i]!;
        this.curPos = rule.pos;
        let st: number | Promise<number> = Status.NORMAL;
        try {
          if (rule.kind === 'main') {
            if (rule.test !== null) {
              let t = rule.test();
              if (t instanceof Promise) t = await t;
              if (!t) continue;
            }
          } else {
            if (!rule.active) {
              let t = rule.test!(); // range rules have both tests
              if (t instanceof Promise) t = await t;
              if (!t) continue;
              rule.active = true;
            }
            let e = rule.to!();
            if (e instanceof Promise) e = await e;
            if (e) rule.active = false;
          }
          st = rule.action();
          if (st instanceof Promise) st = await st;
        } catch (e) {
          st = this.signal(e);
        }
        if (st === Status.NORMAL || st === Status.RETURN) continue;
        if (st === Status.NEXT) break;
        if (st === Status.NEXTFILE) {
          io.closeCurrent();
          const s2 = await this.runList(rules.endfile);
          if (s2 === Status.EXIT) return true;
          break;
        }
        if (st === Status.EXIT) return true;
      }
    }
  }
}

export const awk = defineRawCommand({
  name: 'awk',
  summary: 'pattern scanning and processing language',
  help: AWK_USAGE,
  run,
});

