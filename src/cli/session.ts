// A REPL session: shell state (variables, functions, cwd, options, $?) that persists from one line
// to the next, built on the Runner's stateless `run()`.
//
// How: each script is run with a trailer that dumps the state it leaves — `declare -p`,
// `declare -f`, `set +o`, `shopt -p`, separated by a marker line that also carries `$?` — and the
// next script is run after a preamble that replays what differs from a fresh run. Only
// always-available shell builtins are used (declare, set, shopt, cd only if the cwd changed), so
// this works under any command policy. The dump is split off the script's stdout by a
// MarkerSplitter, so the user never sees it. A script that ends without reaching the trailer
// (`exit`, `set -e`) ends the session, as it would end an interactive bash.
import type { RunOptions, RunResult, WritableLike } from '../api.js';
import { decode, encode } from '../../lib/io/encoding.js';
import { parse } from '../syntax/index.js';
import { MarkerSplitter } from './marker-splitter.js';
import type { ScriptRunner } from './execute.js';

export interface SessionRunOptions {
  stdout: WritableLike;
  stderr: WritableLike;
  signal?: AbortSignal;
}

export interface SessionRunResult {
  result: RunResult;
  /** the script ended the shell (`exit`, errexit): the REPL should stop */
  exited: boolean;
}

export interface ShellSession {
  run(script: string, opts: SessionRunOptions): Promise<SessionRunResult>;
  /** the working directory the last script left */
  cwd(): string;
  /** the status of the last script ($?) */
  status(): number;
}

interface StateDump {
  status: number;
  variables: string[];
  functions: string;
  setOptions: string[];
  shoptOptions: string[];
  /** output that followed the dump: an EXIT trap's, which runs when the script ends */
  after: string;
}

const sink: WritableLike = { write: () => true };

/** split a dump section into its statements (a declaration can span lines: values with newlines) */
function statements(text: string): string[] {
  if (text.trim() === '') return [];
  try {
    return parse(text).Stmts.map((s) => text.slice(s.Pos, s.End));
  } catch {
    return text.split('\n').filter((l) => l !== '');
  }
}

// variables the shell maintains itself: replaying them would reseed, reset or fake them
const DYNAMIC_VARIABLES = new Set([
  '_', 'RANDOM', 'SRANDOM', 'SECONDS', 'EPOCHREALTIME', 'EPOCHSECONDS', 'BASHPID', 'LINENO',
  'PIPESTATUS', 'BASH_COMMAND', 'FUNCNAME', 'BASH_LINENO', 'BASH_SOURCE', 'PPID', 'UID', 'EUID',
  'BASH_SUBSHELL', 'HISTCMD',
]);

const declaredName = (stmt: string): string | undefined => /^declare -\S* ([A-Za-z_][A-Za-z0-9_]*)/.exec(stmt)?.[1];

export class ReplaySession implements ShellSession {
  private readonly markerName: string;
  private baseline: StateDump | undefined;
  private current: StateDump | undefined;
  private lastStatus = 0;
  private lastCwd: string;

  constructor(
    private readonly runner: ScriptRunner,
    initialCwd: string,
  ) {
    this.markerName = `__rshell_state_${Math.random().toString(36).slice(2, 10)}`;
    this.lastCwd = initialCwd;
  }

  cwd(): string {
    return this.lastCwd;
  }

  status(): number {
    return this.lastStatus;
  }

  async run(script: string, opts: SessionRunOptions): Promise<SessionRunResult> {
    this.baseline ??= (await this.dumpOnly()) ?? emptyDump();
    const splitter = new MarkerSplitter(opts.stdout, encode(`declare -- ${this.markerName}="`));
    const full = this.preamble(this.baseline) + script + '\n' + this.trailer();
    const runOpts: RunOptions = { stdin: '', stdout: splitter, stderr: opts.stderr };
    if (opts.signal) runOpts.signal = opts.signal;
    const result = await this.runner.run(full, runOpts);
    const captured = splitter.finish();
    if (!splitter.sawMarker || result.cancelled || result.timedOut) {
      // Ctrl-C: 130 as in an interactive bash (128 + SIGINT)
      this.lastStatus = result.cancelled ? 130 : result.exitCode;
      // cancelled or timed out: the state before this line stays; otherwise the script exited
      return { result, exited: !(result.cancelled || result.timedOut) };
    }
    const dump = this.parseDump(decode(captured));
    if (dump.after !== '') opts.stdout.write(encode(dump.after));
    this.current = dump;
    this.lastStatus = dump.status;
    this.refreshCwd();
    return { result: { ...result, exitCode: dump.status }, exited: false };
  }

  /** names of the functions the last script left (for completion) */
  functionNames(): string[] {
    const text = this.current?.functions ?? '';
    if (text.trim() === '') return [];
    try {
      // `declare -f` prints definitions as source; the parser knows their names whatever the layout
      return parse(text).Stmts.flatMap((s) => (s.Cmd?.type === 'FuncDecl' ? [s.Cmd.Name.Value] : []));
    } catch {
      return [];
    }
  }

  /** names of the variables the last script left (for completion) */
  variableNames(): string[] {
    const vars = (this.current ?? this.baseline)?.variables ?? [];
    return vars.map(declaredName).filter((n): n is string => n !== undefined);
  }

  /** a run of the trailer alone: the state of a fresh shell */
  private async dumpOnly(): Promise<StateDump | undefined> {
    const splitter = new MarkerSplitter(sink, encode(`declare -- ${this.markerName}="`));
    await this.runner.run(this.trailer(), { stdin: '', stdout: splitter, stderr: sink });
    const captured = splitter.finish();
    return splitter.sawMarker ? this.parseDump(decode(captured)) : undefined;
  }

  private trailer(): string {
    const mark = `declare -p ${this.markerName}`;
    // the marker variable takes $? first; each section follows a marker line
    // stderr goes nowhere so that `set -x` does not trace the trailer
    return `{\ndeclare -- ${this.markerName}=$?\n${mark}\ndeclare -p\n${mark}\ndeclare -f\n${mark}\nset +o\n${mark}\nshopt -p\n} 2>/dev/null\n`;
  }

  private parseDump(text: string): StateDump {
    const markerLine = new RegExp(`^declare -- ${this.markerName}="(\\d+)"\\n`, 'm');
    const sections: string[] = [];
    let status = 0;
    let rest = text;
    for (;;) {
      const m = markerLine.exec(rest);
      if (!m) {
        sections.push(rest);
        break;
      }
      sections.push(rest.slice(0, m.index));
      status = Number(m[1]);
      rest = rest.slice(m.index + m[0].length);
    }
    // sections[0] precedes the first marker (empty). `declare -p` lists the marker variable too,
    // so the variables come in two parts around that line.
    if (sections.length === 6) sections.splice(1, 2, sections[1]! + sections[2]!);
    const [, vars = '', funcs = '', setOpts = '', shopts = ''] = sections;
    return {
      status,
      variables: statements(vars).filter((s) => declaredName(s) !== this.markerName),
      functions: funcs,
      setOptions: setOpts.split('\n').filter((l) => l !== ''),
      ...splitShopts(shopts),
    };
  }

  /** the commands that rebuild the current state on top of a fresh shell's */
  private preamble(base: StateDump): string {
    const cur = this.current;
    if (!cur) return '';
    const lines: string[] = [];
    const changed = (now: string[], before: string[]) => {
      const had = new Set(before);
      return now.filter((s) => !had.has(s));
    };
    const cwd = cur.variables.find((s) => declaredName(s) === 'PWD');
    const baseCwd = base.variables.find((s) => declaredName(s) === 'PWD');
    if (cwd && cwd !== baseCwd) lines.push(cwd.replace(/^declare -\S* PWD=/, 'cd -- '));
    const present = new Set(cur.variables.map(declaredName));
    for (const s of base.variables) {
      const name = declaredName(s);
      if (name && !present.has(name)) lines.push(`unset -v ${name}`);
    }
    lines.push(...changed(cur.variables, base.variables).filter((s) => !DYNAMIC_VARIABLES.has(declaredName(s) ?? '')));
    if (cur.functions.trim() !== '') lines.push(cur.functions);
    lines.push(...changed(cur.setOptions, base.setOptions));
    lines.push(...changed(cur.shoptOptions, base.shoptOptions));
    const restore = lines.length ? `{\n${lines.join('\n')}\n} >/dev/null 2>&1\n` : '';
    // restoring a failure status under errexit would end the script: bash itself keeps going there
    const errexit = cur.setOptions.includes('set -o errexit');
    const status = cur.status !== 0 && !errexit ? `(exit ${cur.status}) 2>/dev/null\n` : '';
    return restore + status;
  }

  /** remember the cwd the last dump recorded */
  private refreshCwd(): void {
    const pwd = this.current?.variables.find((s) => declaredName(s) === 'PWD');
    const m = pwd ? /^declare -\S* PWD="(.*)"$/s.exec(pwd) : null;
    if (m) this.lastCwd = m[1]!.replace(/\\(["\\$`])/g, '$1');
  }
}

function emptyDump(): StateDump {
  return { status: 0, variables: [], functions: '', setOptions: [], shoptOptions: [], after: '' };
}

/** `shopt -p` lines, then whatever the script printed after the dump (an EXIT trap) */
function splitShopts(text: string): { shoptOptions: string[]; after: string } {
  const lines = text.split('\n');
  let n = 0;
  while (n < lines.length && /^shopt -[su] \w+$/.test(lines[n]!)) n++;
  return { shoptOptions: lines.slice(0, n), after: lines.slice(n).join('\n') };
}
