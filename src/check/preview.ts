// The static preview of a script (Runner.check, `rshell --check`): without running anything, each
// command the script names, its decision under the policy, the literal paths it would touch
// (operands that look like paths, and redirection targets) and whether they lie inside the allowed
// roots, and what needs remediation mode. It reads the syntax tree only: a command whose name or
// words are computed (`$cmd`, `$(…)`) is reported as `dynamic` — the run judges it then.

import type { File, FuncDecl, Redirect, Stmt, Word } from '../syntax/ast.js';
import { lineCol } from '../syntax/positions.js';
import { absolutePath } from '../../allowedpaths/paths.js';
import { checkScript, literalWord, REFUSED_COMMANDS } from './index.js';

export type PreviewDecision = 'allow' | 'ask' | 'deny' | 'not-allowed' | 'function' | 'refused' | 'dynamic';

export interface PreviewPath {
  path: string;
  /** resolved against the working directory, lexically */
  absolute: string;
  access: 'read' | 'write';
  /** inside one of the allowed paths */
  inside: boolean;
  /** the access would be let through: inside, and for a write inside a `:rw` path */
  allowed: boolean;
}

export interface PreviewCommand {
  line: number;
  /** the command's words; null for a word computed at run time */
  words: (string | null)[];
  decision: PreviewDecision;
  /** the rule's reason, or why the command is refused */
  reason?: string;
  paths: PreviewPath[];
}

export interface PreviewReport {
  /** null when the script parses and nothing in it is refused outright */
  error: string | null;
  commands: PreviewCommand[];
  /** something writes (a redirection to a file, a writing command): needs mode 'remediation' */
  needsRemediation: boolean;
}

/** what the preview needs to know of the runner's configuration */
export interface PreviewPolicy {
  cwd: string;
  roots: readonly { path: string; writable: boolean }[];
  mode: 'read-only' | 'remediation';
  /** is NAME allowed by the allowed-commands list (or always available) */
  allowed(name: string): boolean;
  /** the strictest rule for these words, if any */
  judge(argv: readonly string[], cwd: string): { action: 'allow' | 'ask' | 'deny'; reason?: string } | null;
}

/** commands that write the files named as operands (all but options) */
const WRITERS = new Set(['rm', 'rmdir', 'mkdir', 'touch', 'truncate', 'tee', 'cp', 'mv', 'ln', 'chmod', 'mktemp', 'logrotate']);

export function previewScript(file: File, source: string, policy: PreviewPolicy): PreviewReport {
  const issue = checkScript(file);
  const functions = new Set<string>();
  collect(file, (n) => {
    if (n.type === 'FuncDecl') functions.add((n as unknown as FuncDecl).Name.Value);
  });
  const commands: PreviewCommand[] = [];
  let writes = false;
  collect(file, (n) => {
    if (n.type !== 'Stmt') return;
    const st = n as unknown as Stmt;
    const redirPaths = st.Redirs.flatMap((r) => redirectPath(r, policy));
    if (redirPaths.some((p) => p.access === 'write')) writes = true;
    const cmd = st.Cmd;
    if (cmd === null || cmd.type !== 'CallExpr' || cmd.Args.length === 0) {
      if (redirPaths.length > 0) commands.push({ line: lineCol(source, st.Pos).line, words: [], decision: 'allow', paths: redirPaths });
      return;
    }
    const words = cmd.Args.map((w: Word) => literalWord(w));
    const name = words[0] ?? null;
    const entry: PreviewCommand = { line: lineCol(source, cmd.Pos).line, words, decision: 'dynamic', paths: redirPaths };
    if (name !== null) {
      const writer = WRITERS.has(name);
      // a writer's operands are all files; another command's, those that look like paths
      const operandPaths = words.slice(1).flatMap((w) => (w !== null && !w.startsWith('-') && (writer || looksLikePath(w)) ? [place(w, writer ? 'write' : 'read', policy)] : []));
      entry.paths = [...operandPaths, ...redirPaths];
      if (WRITERS.has(name)) writes = true;
      decide(entry, name, words, functions, policy);
    }
    commands.push(entry);
  });
  return {
    error: issue === null ? null : issue.message,
    commands,
    needsRemediation: writes && policy.mode === 'read-only',
  };
}

function decide(entry: PreviewCommand, name: string, words: (string | null)[], functions: ReadonlySet<string>, policy: PreviewPolicy): void {
  const refused = REFUSED_COMMANDS.get(name);
  if (refused !== undefined) {
    entry.decision = 'refused';
    entry.reason = refused;
    return;
  }
  if (functions.has(name)) {
    entry.decision = 'function';
    return;
  }
  if (!policy.allowed(name)) {
    entry.decision = 'not-allowed';
    return;
  }
  const literal = words.filter((w): w is string => w !== null);
  const v = policy.judge(literal, policy.cwd);
  // a computed word may be what a rule would match: only a literal command is judged for sure
  if (literal.length !== words.length && (v === null || v.action !== 'deny')) {
    entry.decision = 'dynamic';
    return;
  }
  entry.decision = v === null ? 'allow' : v.action;
  if (v?.reason !== undefined) entry.reason = v.reason;
}

function redirectPath(r: Redirect, policy: PreviewPolicy): PreviewPath[] {
  if (r.Op === '<<' || r.Op === '<<-' || r.Op === '<<<' || r.Op === '>&' || r.Op === '<&') return [];
  const target = literalWord(r.Word);
  if (target === null || target === '/dev/null' || target === '/dev/stdout' || target === '/dev/stderr') return [];
  return [place(target, r.Op === '<' ? 'read' : 'write', policy)];
}

/** an operand that names a file: has a slash in it, or an extension */
function looksLikePath(w: string): boolean {
  return w.includes('/') || /\.[A-Za-z0-9]+$/.test(w);
}

function place(path: string, access: 'read' | 'write', policy: PreviewPolicy): PreviewPath {
  const absolute = absolutePath(policy.cwd, path);
  const root = policy.roots.find((r) => r.path === '/' || absolute === r.path || absolute.startsWith(r.path + '/'));
  const inside = root !== undefined;
  return { path, absolute, access, inside, allowed: inside && (access === 'read' || root.writable) };
}

/** every node of the tree, parents first */
function collect(root: unknown, visit: (n: { type: string } & Record<string, unknown>) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n || typeof n !== 'object') continue;
    if (Array.isArray(n)) {
      for (let i = n.length - 1; i >= 0; i--) stack.push(n[i]);
      continue;
    }
    const node = n as { type?: string } & Record<string, unknown>;
    if (typeof node.type === 'string') visit(node as { type: string } & Record<string, unknown>);
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const v = node[keys[i]!];
      if (v && typeof v === 'object') stack.push(v);
    }
  }
}
