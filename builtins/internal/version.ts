// What every builtin prints for --version (documented in docs/RULES.md). A module of its own so
// that commands with a grammar of their own (raw-command.ts) answer --version without loading
// flags.ts and yargs-parser.

export const RSHELL_VERSION = '0.1.0';

export function versionText(name: string): string {
  return `${name} (rshell) ${RSHELL_VERSION}\n`;
}
