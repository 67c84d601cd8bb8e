// env: print the environment, or run a command in a changed one (GNU coreutils 9.1). The command
// is a builtin run through ctx.exec, so the allow-list applies; the child's environment is the
// caller's exported variables with -i/-u/NAME=VALUE applied (ExecIO.env). Options stop at the
// first operand (getopt's "+"). -S splits its string into arguments that are read as if they had
// been given in its place (shebang lines), so it is expanded before the options are parsed.
// The signal options have nothing to act on in-process: they are accepted and do nothing.

import type { CallContext, Command, ExecEnv } from '../types.js';
import { defineCommand, flag, writeUsageError, type CommandLine } from '../internal/command.js';
import { quote, quoteaf } from '../internal/quote.js';
import { say } from '../internal/print.js';
import { errorText } from '../../allowedpaths/index.js';
import { splitString } from './split.js';
import { ENV_USAGE } from './usage.js';

// long options in GNU env's table order
const FLAGS = {
  ignoreEnvironment: flag.boolean('-i --ignore-environment'),
  null: flag.boolean('-0 --null'),
  unset: flag.list('-u --unset'),
  chdir: flag.string('-C --chdir'),
  blockSignal: flag.optional('--block-signal'),
  defaultSignal: flag.optional('--default-signal'),
  ignoreSignal: flag.optional('--ignore-signal'),
  listSignalHandling: flag.boolean('--list-signal-handling'),
  // -S is expanded before parsing (expandSplit); declared so `--help` and errors know it
  splitString: flag.string('-S --split-string'),
  debug: flag.boolean('-v --debug'),
};

/**
 * Bash builtins that are no program on Debian: GNU env cannot run them (execvp's ENOENT). rshell
 * runs its builtins for env, but these only act on a shell, so env refuses them as GNU does.
 */
const SHELL_ONLY = new Set([
  '.', ':', 'alias', 'bg', 'bind', 'break', 'builtin', 'caller', 'cd', 'command', 'compgen', 'complete', 'compopt',
  'continue', 'declare', 'dirs', 'disown', 'enable', 'eval', 'exec', 'exit', 'export', 'fc', 'fg', 'getopts', 'hash',
  'help', 'history', 'jobs', 'let', 'local', 'logout', 'mapfile', 'popd', 'pushd', 'read', 'readarray', 'readonly',
  'return', 'set', 'shift', 'shopt', 'source', 'suspend', 'times', 'trap', 'type', 'typeset', 'ulimit', 'umask',
  'unalias', 'unset', 'wait',
]);

const notFound = (name: string): string => `env: ${quote(name)}: No such file or directory`;

async function run(ctx: CallContext, { flags, operands, order }: CommandLine<typeof FLAGS>, debug: string[]): Promise<number> {
  const dbg = flags.debug;
  // from the occurrences: the flags object drops an empty value (`-u ''`)
  const unset: string[] = [];
  for (const o of order) if (o.name === 'unset') unset.push(o.value);
  const assignments: Array<[string, string]> = [];
  let k = 0;
  for (; k < operands.length; k++) {
    const a = operands[k]!;
    const eq = a.indexOf('=');
    if (eq < 0) break;
    // `-` as the first operand means -i (handled below)
    assignments.push([a.slice(0, eq), a.slice(eq + 1)]);
  }
  let clear = flags.ignoreEnvironment;
  // GNU: a `-` right after the options is -i
  if (operands[0] === '-' && assignments.length === 0) {
    clear = true;
    k = 1;
    for (; k < operands.length; k++) {
      const a = operands[k]!;
      const eq = a.indexOf('=');
      if (eq < 0) break;
      assignments.push([a.slice(0, eq), a.slice(eq + 1)]);
    }
  }
  const argv = operands.slice(k);
  if (flags.null && argv.length > 0) return writeUsageError(ctx, 'cannot specify --null (-0) with command', 125);
  if (flags.chdir !== undefined && argv.length === 0) return writeUsageError(ctx, 'must specify command with --chdir (-C)', 125);

  let err = debug.join('');
  // GNU: -i drops everything, so the -u names are not even looked at
  if (clear && dbg) err += 'cleaning environ\n';
  for (const name of clear ? [] : unset) {
    if (dbg) err += `unset:    ${name}\n`;
    if (name === '' || name.includes('=')) {
      await say(ctx.stderr, `${err}env: cannot unset ${quote(name)}: Invalid argument\n`);
      return 125;
    }
  }
  for (const [n, v] of assignments) if (dbg) err += `setenv:   ${n}=${v}\n`;

  if (argv.length === 0) {
    await say(ctx.stderr, err);
    return printEnv(ctx, clear, unset, assignments, flags.null);
  }

  let cwd: string | undefined;
  if (flags.chdir !== undefined) {
    const dir = flags.chdir;
    if (dbg) err += `chdir:    ${quoteaf(dir)}\n`;
    const st = ctx.fs.stat(dir);
    const why = !st.ok ? errorText(st.error) : st.value.type !== 'dir' ? 'Not a directory' : undefined;
    if (why !== undefined) {
      await say(ctx.stderr, `${err}env: cannot change directory to ${quoteaf(dir)}: ${why}\n`);
      return 125;
    }
    cwd = dir;
  }
  if (dbg) {
    err += `executing: ${argv[0]}\n`;
    for (let i = 0; i < argv.length; i++) err += `   arg[${i}]= ${quote(argv[i]!)}\n`;
  }
  await say(ctx.stderr, err);
  const name = argv[0]!;
  if (SHELL_ONLY.has(name) || name.includes('/')) {
    // a path names a program file, and rshell runs no program files
    await say(ctx.stderr, notFound(name) + '\n');
    return 127;
  }
  const env: ExecEnv = { clear, unset, set: assignments };
  return ctx.exec(argv, { env, ...(cwd === undefined ? {} : { cwd }), notFoundMessage: notFound });
}

function printEnv(ctx: CallContext, clear: boolean, unset: readonly string[], set: ReadonlyArray<[string, string]>, zero: boolean): Promise<number> | number {
  const gone = new Set(unset);
  const vars = new Map<string, string>();
  if (!clear) for (const [n, v] of ctx.exportedEnv()) if (!gone.has(n)) vars.set(n, v);
  // putenv of a name already there keeps its place; a new one goes to the end (glibc)
  for (const [n, v] of set) vars.set(n, v);
  const end = zero ? '\0' : '\n';
  let text = '';
  for (const [n, v] of vars) text += `${n}=${v}${end}`;
  if (text === '') return 0;
  const p = ctx.stdout.writeString(text);
  return p ? p.then(() => 0) : 0;
}

const inner = defineCommand({
  name: 'env',
  summary: 'run a program in a modified environment',
  help: ENV_USAGE,
  flags: FLAGS,
  usageStatus: 125,
  stopAtFirstOperand: true,
  run: (ctx, line) => run(ctx, line, debugLines.get(ctx) ?? []),
});

/** the debug lines -S printed while its string was expanded, per call */
const debugLines = new WeakMap<CallContext, string[]>();

/** long options and whether they take an argument, for the -S pre-scan (GNU table order) */
const LONG: ReadonlyArray<[string, boolean]> = [
  ['ignore-environment', false], ['null', false], ['unset', true], ['chdir', true], ['block-signal', false],
  ['default-signal', false], ['ignore-signal', false], ['list-signal-handling', false], ['split-string', true],
  ['debug', false], ['help', false], ['version', false],
];

type Expanded = { ok: true; args: string[]; debug: string[] } | { ok: false; message: string };

/**
 * Replace each -S STRING met in the option part of the line by the words it splits into, which
 * getopt then reads as options too. What the scan cannot read is left for the parser to report.
 */
function expandSplit(ctx: CallContext, input: readonly string[]): Expanded {
  const args = [...input];
  const debug: string[] = [];
  let dbg = false;
  let i = 0;
  const split = (s: string): ReturnType<typeof splitString> => {
    const r = splitString(s, (n) => ctx.getEnv(n));
    if (r.ok && dbg) {
      debug.push(`split -S:  ${quote(s)}\n`);
      for (let j = 0; j < r.args.length; j++) debug.push(`${j === 0 ? ' into:' : '     &'}    ${quote(r.args[j]!)}\n`);
    }
    return r;
  };
  const splice = (at: number, len: number, s: string): string | undefined => {
    const r = split(s);
    if (!r.ok) return r.message;
    args.splice(at, len, ...r.args);
    return undefined;
  };
  while (i < args.length) {
    const a = args[i]!;
    if (a === '--' || a === '-' || !a.startsWith('-')) break;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      const exact = LONG.filter(([n]) => n === name);
      const hits = exact.length > 0 ? exact : LONG.filter(([n]) => n.startsWith(name));
      if (hits.length !== 1) break;
      const [long, takes] = hits[0]!;
      if (long === 'debug') dbg = true;
      if (long === 'split-string') {
        if (eq >= 0) {
          const m = splice(i, 1, a.slice(eq + 1));
          if (m !== undefined) return { ok: false, message: m };
        } else {
          if (i + 1 >= args.length) break;
          const m = splice(i, 2, args[i + 1]!);
          if (m !== undefined) return { ok: false, message: m };
        }
        continue;
      }
      i += takes && eq < 0 ? 2 : 1;
      continue;
    }
    let j = 1;
    let next = i + 1;
    for (; j < a.length; j++) {
      const c = a[j]!;
      if (c === 'v') dbg = true;
      if (c === 'u' || c === 'C') {
        if (j + 1 === a.length) next = i + 2;
        break;
      }
      if (c === 'S') {
        const rest = a.slice(j + 1);
        const before = a.slice(0, j);
        const value = rest !== '' ? rest : args[i + 1];
        if (value === undefined) return { ok: true, args, debug };
        const r = split(value);
        if (!r.ok) return { ok: false, message: r.message };
        args.splice(i, rest !== '' ? 1 : 2, ...(before === '-' ? [] : [before]), ...r.args);
        next = before === '-' ? i : i + 1;
        break;
      }
    }
    i = next;
  }
  return { ok: true, args, debug };
}

export const env: Command = {
  name: inner.name,
  summary: inner.summary,
  usage: inner.usage,
  async run(ctx, args) {
    if (!args.some((a) => a.startsWith('-S') || a.startsWith('--s') || /^-[^-]*S/.test(a))) return inner.run(ctx, args);
    const e = expandSplit(ctx, args);
    if (!e.ok) {
      await say(ctx.stderr, `env: ${e.message}\n`);
      return 125;
    }
    if (e.debug.length > 0) debugLines.set(ctx, e.debug);
    return inner.run(ctx, e.args);
  },
};
