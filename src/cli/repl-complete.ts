// Tab completion for the REPL: command words (keywords, builtins, commands the policy allows,
// the session's functions) and `$NAME` variables. No file-name completion: listing directories
// from the CLI would read the host filesystem outside the sandbox.
import { COMMANDS } from '../../builtins/commands.js';
import { KEYWORDS } from '../interp/state/keywords.js';
import { SHELL_BUILTINS } from '../interp/builtins/index.js';

export interface CompletionSource {
  /** the session's function names */
  functions(): string[];
  /** the session's variable names */
  variables(): string[];
}

/**
 * the command names a script may run: `allowed` is 'all' or the `rshell:NAME` entries; the
 * builtins available whatever the policy always complete
 */
export function commandNames(allowed: readonly string[] | 'all'): string[] {
  const permitted = allowed === 'all' ? undefined : new Set(allowed.map((e) => e.replace(/^rshell:/, '')));
  const ungated = [...SHELL_BUILTINS.values()].filter((b) => b.always === true).map((b) => b.name);
  const gated = [...COMMANDS.keys(), ...SHELL_BUILTINS.keys()].filter((n) => !permitted || permitted.has(n));
  return [...new Set([...KEYWORDS, ...ungated, ...gated])].sort();
}

// a word starts after whitespace or one of these; the command position follows them too
const WORD_BREAK = /[\s;|&(){}<>`]/;
const COMMAND_POSITION = /(^|[;|&(){}`]|\b(then|do|else|elif|if|while|until|!))\s*$/;

/** readline's completer contract: [candidates, the text they replace] */
export function complete(line: string, commands: readonly string[], source: CompletionSource): [string[], string] {
  const variable = /\$\{?([A-Za-z_][A-Za-z0-9_]*)?$/.exec(line);
  if (variable) {
    const prefix = variable[1] ?? '';
    const lead = variable[0].slice(0, variable[0].length - prefix.length);
    const hits = source.variables().filter((v) => v.startsWith(prefix)).sort().map((v) => lead + v);
    return [hits, variable[0]];
  }
  let start = line.length;
  while (start > 0 && !WORD_BREAK.test(line[start - 1]!)) start--;
  const word = line.slice(start);
  if (!COMMAND_POSITION.test(line.slice(0, start))) return [[], word];
  const names = [...new Set([...commands, ...source.functions()])].sort();
  return [names.filter((n) => n.startsWith(word)), word];
}
