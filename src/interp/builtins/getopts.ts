// getopts optstring name [arg ...] — POSIX option parsing for scripts, with OPTIND/OPTARG, a
// leading ':' for silent error reporting, OPTERR=0 to silence messages, and bash's messages
// (`$0: illegal option -- x`, `$0: option requires an argument -- x`).
//
// bash remembers the position inside a cluster (`-abc`) in a hidden variable of the shell (a
// subshell gets a copy); we keep it per shell (keyed by its variables view), valid only while
// OPTIND still holds the value we left and the arguments are the same. A shell that has none yet
// (a subshell, a command substitution) starts from a copy of the last one written.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { complain } from './io.js';
import { defineOptions, Ended, IDENTIFIER, scanOptions, usageError } from './options.js';

const SYNOPSIS = 'getopts optstring name [arg ...]';
/** getopts itself takes no option (bash's internal_getopt with ""): `--` is skipped, `-x` is invalid */
const OPTIONS = defineOptions({ name: 'getopts', synopsis: SYNOPSIS });

interface ClusterState {
  key: string;
  optind: number;
  charIndex: number;
}

/** each shell's position inside a cluster (null: at the start of a word) */
const clusters = new WeakMap<object, ClusterState | null>();
/** the last position written by any shell: what a new subshell inherits */
let lastCluster: ClusterState | null = null;

function setVar(ctx: ShellContext, name: string, value: string): boolean {
  const err = ctx.vars.set(name, value);
  if (err) complain(ctx.stderr, err);
  return !err;
}

/**
 * bash's getopts_bind_variable: NAME is checked only when getopts assigns it (after OPTIND is
 * set): an invalid one is status 1, one that cannot be assigned (readonly) status 2.
 */
function bindName(ctx: ShellContext, name: string, value: string): number {
  if (!IDENTIFIER.test(name)) {
    complain(ctx.stderr, `getopts: \`${name}': not a valid identifier`);
    return 1;
  }
  return setVar(ctx, name, value) ? 0 : 2;
}

function usage(ctx: ShellContext): number {
  return usageError(ctx, OPTIONS, undefined);
}

export const getopts: ShellBuiltin = {
  name: 'getopts',
  summary: 'parse option arguments',
  always: true,
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `getopts: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const start = scanOptions(ctx, OPTIONS, args);
    if (start instanceof Ended) return start.status;
    if (start !== 0) args = args.slice(start);
    const [optstring, name] = args;
    if (optstring === undefined || name === undefined) return usage(ctx);
    const argv = args.length > 2 ? args.slice(2) : ctx.vars.positional();
    const silent = optstring.startsWith(':');
    const report = !silent && ctx.vars.get('OPTERR') !== '0';
    const prog = ctx.vars.get('0') ?? 'rshell';

    // an unset, empty or non-numeric OPTIND (`local OPTIND`) resets bash's getopts (sv_optind)
    const optindText = ctx.vars.get('OPTIND') ?? '';
    const numeric = /^[0-9]+$/.test(optindText.trim());
    let optind = numeric ? Number(optindText.trim()) : 1;
    if (optind < 1) optind = 1;
    const key = optstring + '\0' + argv.join('\0');
    const shell = ctx.vars;
    const saved = clusters.get(shell); // null: this shell's cluster was finished
    const cluster = saved !== undefined ? saved : lastCluster;
    let charIndex = numeric && cluster && cluster.key === key && cluster.optind === optind ? cluster.charIndex : 1;
    clusters.set(shell, null);
    lastCluster = null;

    const end = (): number => {
      setVar(ctx, 'OPTIND', String(optind));
      ctx.vars.unset('OPTARG');
      bindName(ctx, name, '?');
      return 1;
    };
    if (argv.length === 0) optind = 1; // bash: with no arguments at all OPTIND ends at 1
    if (optind > argv.length) {
      // past the end, bash leaves OPTIND just after the last argument
      optind = argv.length + 1;
      return end();
    }
    const arg = argv[optind - 1]!;
    if (charIndex === 1) {
      if (arg === '--') {
        optind++;
        return end();
      }
      if (arg.length < 2 || arg[0] !== '-') return end();
    }
    // charIndex < arg.length: 1 in a word of two characters at least, or a saved cluster's next
    // letter (finishCluster saves one only before the end of its word, keyed by argv and OPTIND)
    const c = arg[charIndex]!;
    charIndex++;
    const finishCluster = () => {
      if (charIndex >= arg.length) {
        optind++;
        charIndex = 1;
      } else {
        lastCluster = { key, optind, charIndex };
        clusters.set(shell, lastCluster);
      }
    };
    const at = c === ':' ? -1 : optstring.indexOf(c);
    if (at < 0) {
      finishCluster();
      if (report) complain(ctx.stderr, `${prog}: illegal option -- ${c}`);
      setVar(ctx, 'OPTIND', String(optind));
      const st = bindName(ctx, name, '?');
      if (silent) setVar(ctx, 'OPTARG', c);
      else ctx.vars.unset('OPTARG');
      return st;
    }
    if (optstring[at + 1] !== ':') {
      finishCluster();
      setVar(ctx, 'OPTIND', String(optind));
      ctx.vars.unset('OPTARG');
      return bindName(ctx, name, c);
    }
    // the option takes an argument: the rest of this word, or the next word
    let optarg: string;
    if (charIndex < arg.length) {
      optarg = arg.slice(charIndex);
      optind++;
    } else if (optind < argv.length) {
      optarg = argv[optind]!;
      optind += 2;
    } else {
      optind++;
      if (report) complain(ctx.stderr, `${prog}: option requires an argument -- ${c}`);
      setVar(ctx, 'OPTIND', String(optind));
      if (silent) {
        const st = bindName(ctx, name, ':');
        setVar(ctx, 'OPTARG', c);
        return st;
      }
      const st = bindName(ctx, name, '?');
      ctx.vars.unset('OPTARG');
      return st;
    }
    setVar(ctx, 'OPTIND', String(optind));
    setVar(ctx, 'OPTARG', optarg);
    return bindName(ctx, name, c);
  },
};
