// Command-line parsing for `rshell`. Flags follow Go rshell's (pflag) spelling and error wording;
// option parsing stops at the first operand or `--`, as bash's does, so that
// `rshell script.sh -x` passes `-x` to the script as $1.
import { parseDuration } from './duration.js';

export interface CliOptions {
  /** -c SCRIPT */
  command?: string;
  /** operands: the script file (unless -c) then its arguments */
  operands: string[];
  allowedPaths: string[];
  allowedCommands: string[];
  allowAllCommands: boolean;
  /** nanoseconds; 0 = none */
  timeoutNs: number;
  /** the --timeout text as given, for nothing but debugging */
  timeoutText?: string;
  procPath?: string;
  mode?: 'read-only' | 'remediation';
  env: Record<string, string>;
  json: boolean;
  /** --max-heap: the heap cap of the script's worker, MiB */
  maxHeapMiB?: number;
  /** --isolation: 'worker' (default) or 'none' */
  isolation?: 'worker' | 'none';
  /** --check: print the static preview instead of running */
  check: boolean;
  /** --inherit-env NAME,...: host variables the script may see */
  inheritEnv: string[];
  /** --rules FILE: YAML or JSON rules (RunnerOptions.rules) */
  rulesFile?: string;
  /** --audit-log FILE: one JSON line per command (RunnerOptions.onCommand) */
  auditLog?: string;
  version: boolean;
  help: boolean;
}

export type ParseResult = { ok: true; options: CliOptions } | { ok: false; error: string };

type FlagHandler = (opts: CliOptions, value: string) => string | undefined;

interface FlagSpec {
  long: string;
  short?: string;
  /** takes a value (`--x v`, `--x=v`, `-xv`, `-x v`) */
  takesValue: boolean;
  /** applies the flag; returns an error message or undefined */
  apply: FlagHandler;
}

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

const FLAGS: readonly FlagSpec[] = [
  { long: 'command-string', short: 'c', takesValue: true, apply: (o, v) => void (o.command = v) },
  {
    long: 'allowed-paths',
    short: 'p',
    takesValue: true,
    apply: (o, v) => void o.allowedPaths.push(...splitList(v)),
  },
  { long: 'allowed-commands', takesValue: true, apply: (o, v) => void o.allowedCommands.push(...splitList(v)) },
  { long: 'allow-all-commands', takesValue: false, apply: (o) => void (o.allowAllCommands = true) },
  {
    long: 'timeout',
    takesValue: true,
    apply: (o, v) => {
      const d = parseDuration(v);
      if (!d.ok) return `invalid argument "${v}" for "--timeout" flag: ${d.error}`;
      if (d.ns < 0) return `invalid argument "${v}" for "--timeout" flag: duration must be >= 0`;
      o.timeoutNs = d.ns;
      o.timeoutText = v;
      return undefined;
    },
  },
  { long: 'proc-path', takesValue: true, apply: (o, v) => void (o.procPath = v) },
  {
    long: 'mode',
    takesValue: true,
    apply: (o, v) => {
      if (v !== 'read-only' && v !== 'remediation') {
        return `invalid argument "${v}" for "--mode" flag: must be "read-only" or "remediation"`;
      }
      o.mode = v;
      return undefined;
    },
  },
  {
    long: 'env',
    takesValue: true,
    apply: (o, v) => {
      const eq = v.indexOf('=');
      if (eq <= 0) return `invalid argument "${v}" for "--env" flag: expected KEY=VALUE`;
      o.env[v.slice(0, eq)] = v.slice(eq + 1);
      return undefined;
    },
  },
  { long: 'json', takesValue: false, apply: (o) => void (o.json = true) },
  {
    long: 'max-heap',
    takesValue: true,
    apply: (o, v) => {
      const n = /^[0-9]+$/.test(v) ? Number(v) : NaN;
      if (!(n >= 16 && n <= 1048576)) return `invalid argument "${v}" for "--max-heap" flag: expected MiB, an integer from 16 to 1048576`;
      o.maxHeapMiB = n;
      return undefined;
    },
  },
  {
    long: 'isolation',
    takesValue: true,
    apply: (o, v) => {
      if (v !== 'worker' && v !== 'none') return `invalid argument "${v}" for "--isolation" flag: must be "worker" or "none"`;
      o.isolation = v;
      return undefined;
    },
  },
  { long: 'check', takesValue: false, apply: (o) => void (o.check = true) },
  { long: 'inherit-env', takesValue: true, apply: (o, v) => void o.inheritEnv.push(...splitList(v)) },
  { long: 'rules', takesValue: true, apply: (o, v) => void (o.rulesFile = v) },
  { long: 'audit-log', takesValue: true, apply: (o, v) => void (o.auditLog = v) },
  { long: 'version', takesValue: false, apply: (o) => void (o.version = true) },
  { long: 'help', short: 'h', takesValue: false, apply: (o) => void (o.help = true) },
];

// `-c` is only a short flag in Go rshell (`--command` is rejected); keep its long name private.
const BY_LONG = new Map(FLAGS.filter((f) => f.long !== 'command-string').map((f) => [f.long, f]));
const BY_SHORT = new Map(FLAGS.filter((f) => f.short).map((f) => [f.short!, f]));

export function parseArgs(argv: readonly string[]): ParseResult {
  const options: CliOptions = {
    operands: [],
    allowedPaths: [],
    allowedCommands: [],
    allowAllCommands: false,
    timeoutNs: 0,
    env: {},
    inheritEnv: [],
    check: false,
    json: false,
    version: false,
    help: false,
  };
  let i = 0;
  const fail = (error: string): ParseResult => ({ ok: false, error });
  while (i < argv.length) {
    const arg = argv[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const spec = BY_LONG.get(name);
      if (!spec) return fail(`unknown flag: --${name}`);
      let value = '';
      if (spec.takesValue) {
        if (eq >= 0) value = arg.slice(eq + 1);
        else if (i + 1 < argv.length) value = argv[++i]!;
        else return fail(`flag needs an argument: --${name}`);
      } else if (eq >= 0) {
        return fail(`flag --${name} does not take a value`);
      }
      const err = spec.apply(options, value);
      if (err) return fail(err);
      i++;
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') {
      // a cluster of short flags: -hc 'script', -cSCRIPT, -c=SCRIPT
      for (let k = 1; k < arg.length; k++) {
        const letter = arg[k]!;
        const spec = BY_SHORT.get(letter);
        if (!spec) return fail(`unknown shorthand flag: '${letter}' in ${arg}`);
        if (!spec.takesValue) {
          const err = spec.apply(options, '');
          if (err) return fail(err);
          continue;
        }
        let value: string;
        if (k + 1 < arg.length) value = arg.slice(arg[k + 1] === '=' ? k + 2 : k + 1);
        else if (i + 1 < argv.length) value = argv[++i]!;
        else return fail(`flag needs an argument: '${letter}' in -${letter}`);
        const err = spec.apply(options, value);
        if (err) return fail(err);
        break;
      }
      i++;
      continue;
    }
    break; // the first operand ends option parsing
  }
  options.operands = argv.slice(i);
  return { ok: true, options };
}
