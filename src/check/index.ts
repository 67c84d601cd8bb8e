// The static pass: syntax and commands rshell refuses outright. A refused script does not run at
// all: exit status 2, one stderr line (Go rshell's wording where it has one).
//
// Command names are checked when the command word is a literal; a dynamic name (`$cmd`) reaching
// one of these at run time is simply `NAME: command not found` (127), as in Go rshell.

import type { File, Stmt, Word } from '../syntax/ast.js';

/** commands that control processes or the shell's parsing: no meaning in rshell */
export const REFUSED_COMMANDS: ReadonlyMap<string, string> = new Map([
  ['ulimit', 'ulimit is not supported'],
  ['kill', 'kill is not supported'],
  ['jobs', 'jobs is not supported'],
  ['fg', 'fg is not supported'],
  ['bg', 'bg is not supported'],
  ['disown', 'disown is not supported'],
  ['suspend', 'suspend is not supported'],
  ['alias', 'alias is not supported'],
  ['unalias', 'unalias is not supported'],
  ['enable', 'enable is not supported'],
  ['umask', 'umask is not supported'],
  ['times', 'times is not supported'],
  ['logout', 'logout is not supported'],
]);

export interface CheckIssue {
  message: string;
  pos: number;
}

/** a word's text when it has no expansion in it, else null */
export function literalWord(w: Word | undefined): string | null {
  if (!w) return null;
  let s = '';
  for (const p of w.Parts) {
    if (p.type === 'Lit') s += p.Value.replace(/\\(.)/g, '$1');
    else if (p.type === 'SglQuoted' && !p.Dollar) s += p.Value;
    else if (p.type === 'DblQuoted' && p.Parts.every((x) => x.type === 'Lit')) s += p.Parts.map((x) => (x as { Value: string }).Value).join('');
    else return null;
  }
  return s;
}

/**
 * `exec -c …`, `exec -Z`, `exec --help`, a lone `exec --`: exec's options come first. They are
 * left to the exec builtin, which reports a bad one as bash does, does nothing without a command,
 * and refuses a command after them when it runs. A first word that is a command is refused here.
 */
function execOptionFirst(word: string | null, words: number): boolean {
  if (word === '--') return words === 2;
  return word !== null && word.length > 1 && word[0] === '-';
}

/** the first refused construct in the script, or null */
export function checkScript(file: File): CheckIssue | null {
  let found: CheckIssue | null = null;
  const stack: unknown[] = [file];
  while (stack.length && !found) {
    const n = stack.pop();
    if (!n || typeof n !== 'object') continue;
    if (Array.isArray(n)) {
      for (let i = n.length - 1; i >= 0; i--) stack.push(n[i]);
      continue;
    }
    const node = n as { type?: string; Pos: number } & Record<string, unknown>;
    switch (node.type) {
      case 'Stmt': {
        const st = node as unknown as Stmt;
        if (st.Background) found = { message: 'background execution (&) is not supported', pos: st.Pos };
        break;
      }
      case 'CoprocClause':
        found = { message: 'coprocesses are not supported', pos: node.Pos };
        break;
      case 'ForClause':
        if (node.Select) found = { message: 'select statements are not supported', pos: node.Pos };
        break;
      case 'CallExpr': {
        const args = node.Args as Word[];
        const name = literalWord(args[0]);
        if (name !== null) {
          const refused = REFUSED_COMMANDS.get(name);
          if (refused) found = { message: refused, pos: node.Pos };
          else if (name === 'exec' && args.length > 1 && !execOptionFirst(literalWord(args[1]), args.length)) {
            found = { message: 'exec with a command is not supported', pos: node.Pos };
          } else if (name === 'trap' && args.length > 2) {
            for (const w of args.slice(2)) {
              const s = literalWord(w);
              // a signal trap is kept and never runs (rshell delivers no signal); DEBUG and RETURN
              // would run at every command or return, which rshell does not do
              if (s !== null && /^(DEBUG|RETURN)$/i.test(s)) {
                found = { message: `trap on ${s.toUpperCase()} is not supported`, pos: node.Pos };
                break;
              }
            }
          }
        }
        break;
      }
    }
    if (found) break;
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const v = node[keys[i]!];
      if (v && typeof v === 'object') stack.push(v);
    }
  }
  return found;
}
