// Prompt colours for the REPL. Colour only when the output is a terminal and NO_COLOR is not set
// (https://no-color.org: any non-empty value); FORCE_COLOR still forces it, as chalk documents.
import { Chalk, type ChalkInstance } from 'chalk';

export interface StyleEnv {
  isTTY: boolean;
  env: Record<string, string | undefined>;
}

export function colourLevel({ isTTY, env }: StyleEnv): 0 | 1 | 2 | 3 {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== 'false' && force !== '0') {
    const n = Number.parseInt(force, 10);
    return (Number.isFinite(n) ? Math.min(Math.max(n, 1), 3) : 1) as 1 | 2 | 3;
  }
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  if (!isTTY || env.TERM === 'dumb') return 0;
  return env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit' ? 3 : 2;
}

export interface PromptStyle {
  /** `rshell:~/dir$ ` — cwd shortened with ~ when it lies under HOME */
  prompt(cwd: string, lastStatus: number): string;
  continuation(): string;
  error(text: string): string;
}

export function promptStyle(level: 0 | 1 | 2 | 3, home: string | undefined): PromptStyle {
  const c: ChalkInstance = new Chalk({ level });
  const shorten = (cwd: string) =>
    home && home !== '/' && (cwd === home || cwd.startsWith(home + '/')) ? '~' + cwd.slice(home.length) : cwd;
  return {
    prompt(cwd, lastStatus) {
      const status = lastStatus === 0 ? '' : c.red(`[${lastStatus}]`);
      return `${c.bold.green('rshell')}:${c.bold.blue(shorten(cwd))}${status}$ `;
    },
    continuation: () => c.dim('> '),
    error: (text) => c.red(text),
  };
}
