// procps-ng 4.0.2: `ps --help` prints this on stdout; every error prints "error: …" then this on stderr.
export const PS_USAGE = `
Usage:
 ps [options]

 Try 'ps --help <simple|list|output|threads|misc|all>'
  or 'ps --help <s|l|o|t|m|a>'
 for additional help text.

For more details see ps(1).
`;

export const PS_HELP_SIMPLE = `
Usage: ps [options] [PIDLIST]

Basic options (rshell supports these):
 -A, -e               all processes
 -p, -q, --pid <PID>  processes by process id (comma separated)
 a                    all with tty (BSD)
 x                    processes without controlling ttys (BSD)
 -f                   full-format
 u                    user-oriented format (BSD)
 -o, --format <fmt>   user-defined format
 --sort <spec>        sort by fields, e.g. --sort=-%cpu,pid
 --no-headers         do not print the header line
 -V, --version        display version information and exit

Commands are shown by name only: rshell never reads another process's argv or environment.

For more details see ps(1).
`;
