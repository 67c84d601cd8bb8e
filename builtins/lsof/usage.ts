export const LSOF_USAGE = `Usage: lsof [-anP] [-p PID[,PID...]] [-c COMMAND] [-u USER[,USER...]]
List open files of processes (lsof 4.95 columns).

  -a          AND the selections (default: OR)
  -c COMMAND  processes whose command name starts with COMMAND
  -n          no host names (rshell never resolves them)
  -P          no port names
  -p PIDS     processes by id (comma separated, ^PID excludes)
  -u USERS    processes by login name or uid (comma separated, ^USER excludes)
  -h, -?      this help
  -v          version

Paths outside the sandbox's allowed roots are listed as (restricted), with DEVICE, SIZE/OFF and
NODE left blank. Every other lsof option is refused.
`;
