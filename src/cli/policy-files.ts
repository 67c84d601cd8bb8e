// The operator's policy files: `--rules FILE` (YAML or JSON: a list of rules, or `rules:` holding
// one) and `--audit-log FILE` (one JSON line per command, appended). Both are the operator's, named
// on rshell's own command line: they are read and written here, never by the script.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import yaml from 'js-yaml';
import type { CommandEvent, Rule } from '../api.js';

/** the rules in FILE; throws an Error whose message the CLI prints after `error: ` */
export function loadRules(file: string): Rule[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`--rules: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = yaml.load(text);
  } catch (e) {
    throw new Error(`--rules: ${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  const list = Array.isArray(doc) ? doc : doc !== null && typeof doc === 'object' ? (doc as { rules?: unknown }).rules : undefined;
  if (!Array.isArray(list)) throw new Error(`--rules: ${file}: expected a list of rules (or "rules:" holding one)`);
  return list as Rule[];
}

/** an onCommand hook appending one JSON line per command to FILE */
export function auditLog(file: string): { onCommand: (e: CommandEvent) => void; close: () => void } {
  let fd: number;
  try {
    fd = openSync(file, 'a');
  } catch (e) {
    throw new Error(`--audit-log: cannot open ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return {
    onCommand: (e) => {
      writeSync(fd, JSON.stringify(e) + '\n');
    },
    close: () => closeSync(fd),
  };
}
