// Where the script comes from: -c, a file operand ('-' = stdin), or standard input. The CLI reading
// a script file named on its own command line is the one documented use of node:fs outside
// allowedpaths/ (docs/SECURITY.md; tests/architecture/ allows it): the file is the caller's input,
// not a script-visible path.
import { readFileSync } from 'node:fs';
import { decode } from '../../lib/io/encoding.js';
import type { StdinSource } from '../api.js';
import type { CliOptions } from './args.js';

export interface ScriptSource {
  script: string;
  /** $0 */
  name: string;
  /** the file the script was read from (BASH_SOURCE), when it was */
  sourceFile?: string;
  /** $1… */
  args: string[];
  /** what the script reads as its standard input */
  stdin: StdinSource;
}

export type SourceResult =
  | { kind: 'script'; source: ScriptSource }
  | { kind: 'repl' }
  | { kind: 'error'; message: string };

export interface Stdin {
  isTTY: boolean;
  /** the whole of standard input (used when the script itself comes from there) */
  readAll(): Promise<Uint8Array>;
  /** standard input as a stream for the script to read */
  stream(): StdinSource;
}

export async function resolveScript(opts: CliOptions, stdin: Stdin): Promise<SourceResult> {
  if (opts.command !== undefined) {
    // bash's convention: `-c SCRIPT NAME ARG…` sets $0 to NAME and $1… to the ARGs
    const [name = 'rshell', ...args] = opts.operands;
    return { kind: 'script', source: { script: opts.command, name, args, stdin: stdin.stream() } };
  }
  const [file, ...args] = opts.operands;
  if (file !== undefined && file !== '-') {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file);
    } catch (err) {
      return { kind: 'error', message: `open ${file}: ${describeFsError(err)}` };
    }
    return { kind: 'script', source: { script: decode(bytes), name: file, sourceFile: file, args, stdin: stdin.stream() } };
  }
  if (file === undefined && stdin.isTTY) return { kind: 'repl' };
  // The script is standard input itself, so the script's own stdin is empty.
  const bytes = await stdin.readAll();
  return { kind: 'script', source: { script: decode(bytes), name: 'rshell', args, stdin: '' } };
}

const FS_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  ELOOP: 'too many levels of symbolic links',
};

function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return FS_ERRORS[code] ?? (err as Error).message;
}
