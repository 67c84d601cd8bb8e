// logrotate --help: rshell's own small subset (Go rshell's), not logrotate(8).
export const LOGROTATE_USAGE = `Usage: logrotate (-s SIZE|-f) [OPTION]... FILE...
Truncate each FILE to zero bytes through the AllowedPaths sandbox.
This rshell subset does not parse config files, retain rotated copies,
compress logs, write state files, or run rotate scripts.

  -s, --size=SIZE   only truncate files of at least SIZE bytes
                      (SIZE as truncate -s: K=1024, KB=1000, KiB=1024, M, G, T, P, E)
  -f, --force       truncate whatever the size (not with --size)
  -n, --dry-run     report what would be truncated, change nothing
  -v, --verbose     report each file truncated or skipped
      --help        display this help and exit
      --version     output version information and exit

Remediation mode only; each FILE must lie under an AllowedPaths entry with :rw,
must not be a symlink and must not have other hard links.
`;
