// The --help and --version texts.

/** kept equal to package.json's version by tests/cli/args.test.ts */
export const VERSION = '0.1.0';

export const USAGE = `Usage: rshell [flags] [-c SCRIPT [NAME [ARG...]] | FILE [ARG...]]

Runs a bash script in a restricted, in-process interpreter: no program is ever started, every
command is a builtin, and files are reachable only inside the allowed paths.
The script comes from -c, from FILE ('-' = standard input), or from standard input; with no
script and a terminal, an interactive shell starts. It starts in the current directory when
that lies inside an allowed path, else in the first allowed path (or / without any).

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
      --inherit-env LIST        comma-separated host variables to copy into the script's
                                environment (LANG,TZ); no other host variable is visible
      --json                    print one JSON object: stdout, stderr, exit_code, duration_ms,
                                truncated, timed_out, cancelled, reason, stdout_encoding and
                                stderr_encoding ("utf-8", or "base64" for output that is not)
      --max-heap MIB            memory cap of the run, MiB (default 512): past it the run ends
                                with "rshell: memory limit exceeded (MIB MiB)"
      --isolation MODE          none (default: in this process, under a watchdog thread that
                                holds the deadline and the memory cap) or worker (in a worker
                                thread with a heap cap; slower to start)
      --check                   run nothing: list each command with its decision under the
                                policy (allow, ask, deny, not-allowed, dynamic…), the paths it
                                names and whether they are inside the allowed paths; status 0
                                when all would run, 1 when something would not, 2 on bad syntax
      --rules FILE              rules finer than command names, YAML or JSON: a list of
                                {match: "git push", action: allow|ask|deny, reason, under}
                                judged on each command's words after expansion
      --audit-log FILE          append one JSON line per command run (or refused) to FILE
      --version                 print the version and exit
  -h, --help                    print this help and exit

Exit status: the script's; 2 for a syntax error; 124 on timeout or cancellation; 137 when the
watchdog had to end a script stuck past its timeout or its memory cap; 1 with "error: ..." for
invalid flags. A run that ends early or loses output says why in one line on stderr.
`;
