// The --help and --version texts.

/** kept equal to package.json's version by tests/cli/args.test.ts */
export const VERSION = '0.1.0';

export const USAGE = `Usage: rshell [flags] [-c SCRIPT [NAME [ARG...]] | FILE [ARG...]]

Runs a bash script in a restricted, in-process interpreter: no program is ever started, every
command is a builtin, and files are reachable only inside the allowed paths.
The script comes from -c, from FILE ('-' = standard input), or from standard input; with no
script and a terminal, an interactive shell starts.

Flags:
  -c SCRIPT                     run SCRIPT (the operands after it set $0, $1, ...)
  -p, --allowed-paths LIST      comma-separated directories the script may use; each entry is
                                PATH (read-only), PATH:ro or PATH:rw (repeatable)
      --allowed-commands LIST   comma-separated commands the script may run, as rshell:NAME
      --allow-all-commands      allow every command
      --timeout DURATION        stop the script after DURATION (100ms, 5s, 1m); exit status 124
      --mode MODE               read-only (default) or remediation (writes into :rw paths)
      --proc-path DIR           the proc filesystem for ps, uname, ... (default /proc)
      --env KEY=VALUE           set a variable in the script's environment (repeatable)
      --json                    print one JSON object: stdout, stderr, exit_code, duration_ms,
                                truncated
      --version                 print the version and exit
  -h, --help                    print this help and exit

Exit status: the script's; 2 for a syntax error; 124 on timeout or cancellation; 1 with
"error: ..." for invalid flags.
`;
