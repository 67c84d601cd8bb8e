// getopts optstring name [arg ...] — POSIX option parsing for scripts, with OPTIND/OPTARG, a
// leading ':' for silent error reporting, OPTERR=0 to silence messages, and bash's messages
// (`$0: illegal option -- x`, `$0: option requires an argument -- x`).
//
// bash remembers the position inside a cluster (`-abc`) in a hidden variable; we keep it here,
// valid only while OPTIND still holds the value we left and the arguments are the same.
import type { ShellBuiltin, ShellContext } from '../shell-api.js';
import { writeBuiltinHelp } from '../builtin-help/index.js';
import { complain } from './io.js';
import { IDENTIFIER } from './options.js';

const SYNOPSIS = 'getopts optstring name [arg ...]';

interface ClusterState {
  key: string;
  optind: number;
  charIndex: number;
}

let cluster: ClusterState | null = null;

function setVar(ctx: ShellContext, name: string, value: string): boolean {
  const err = ctx.vars.set(name, value);
  if (err) complain(ctx.stderr, err);
  return !err;
}

export const getopts: ShellBuiltin = {
  name: 'getopts',
  summary: 'parse option arguments',
  // `--help` and `help NAME` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `getopts: ${SYNOPSIS}\n`,
  run(ctx, args) {
    if (args[0] === '--help') return writeBuiltinHelp(ctx.stdout, 'getopts');
    if (args.length < 2) {
      complain(ctx.stderr, `getopts: usage: ${SYNOPSIS}`);
      return 2;
    }
    const [optstring, name] = [args[0]!, args[1]!];
    if (!IDENTIFIER.test(name)) {
      complain(ctx.stderr, `getopts: \`${name}': not a valid identifier`);
      return 1;
    }
    const argv = args.length > 2 ? args.slice(2) : ctx.vars.positional();
    const silent = optstring.startsWith(':');
    const report = !silent && ctx.vars.get('OPTERR') !== '0';
    const prog = ctx.vars.get('0') ?? 'rshell';

    const optindText = ctx.vars.get('OPTIND') ?? '1';
    let optind = /^[0-9]+$/.test(optindText.trim()) ? Number(optindText.trim()) : 1;
    if (optind < 1) optind = 1;
    const key = optstring + '\0' + argv.join('\0');
    let charIndex = cluster && cluster.key === key && cluster.optind === optind ? cluster.charIndex : 1;
    cluster = null;

    const end = (): number => {
      setVar(ctx, name, '?');
      ctx.vars.unset('OPTARG');
      setVar(ctx, 'OPTIND', String(optind));
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
    const c = arg[charIndex]!;
    charIndex++;
    const finishCluster = () => {
      if (charIndex >= arg.length) {
        optind++;
        charIndex = 1;
      } else cluster = { key, optind, charIndex };
    };
    const at = c === ':' ? -1 : optstring.indexOf(c);
    if (at < 0) {
      finishCluster();
      if (report) complain(ctx.stderr, `${prog}: illegal option -- ${c}`);
      setVar(ctx, name, '?');
      if (silent) setVar(ctx, 'OPTARG', c);
      else ctx.vars.unset('OPTARG');
      setVar(ctx, 'OPTIND', String(optind));
      return 0;
    }
    if (optstring[at + 1] !== ':') {
      finishCluster();
      ctx.vars.unset('OPTARG');
      setVar(ctx, 'OPTIND', String(optind));
      return setVar(ctx, name, c) ? 0 : 2; // bash: a NAME it cannot set is status 2
    }
    // the option takes an argument: the rest of this word, or the next word
    if (charIndex < arg.length) {
      setVar(ctx, 'OPTARG', arg.slice(charIndex));
      optind++;
    } else if (optind < argv.length) {
      setVar(ctx, 'OPTARG', argv[optind]!);
      optind += 2;
    } else {
      optind++;
      if (report) complain(ctx.stderr, `${prog}: option requires an argument -- ${c}`);
      if (silent) {
        setVar(ctx, name, ':');
        setVar(ctx, 'OPTARG', c);
      } else {
        setVar(ctx, name, '?');
        ctx.vars.unset('OPTARG');
      }
      setVar(ctx, 'OPTIND', String(optind));
      return 0;
    }
    setVar(ctx, 'OPTIND', String(optind));
    return setVar(ctx, name, c) ? 0 : 2; // bash: a NAME it cannot set is status 2
  },
};
