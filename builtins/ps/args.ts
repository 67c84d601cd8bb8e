// ps's command line: UNIX options (-e -A -f -p -q -o), BSD letters (a u x, a bare PID list), GNU
// long options (--sort --pid --format --no-headers --help --version). Errors use procps's wording;
// options rshell does not support are refused by name.

import { fieldNamed, type Field } from './fields.js';

export interface FormatItem {
  name: string;
  field: Field;
  header: string | undefined;
}

export interface SortKey {
  field: Field;
  descending: boolean;
}

export interface PsRequest {
  all: boolean;
  bsdA: boolean;
  bsdX: boolean;
  bsdU: boolean;
  full: boolean;
  pids: number[] | undefined;
  format: FormatItem[];
  sort: SortKey[];
  headers: boolean;
  help: boolean;
  version: boolean;
}

/** an error: `ps` prints "error: <message>" plus the usage (status 1), a refusal prints as is */
export type PsArgError = { kind: 'error'; message: string } | { kind: 'refused'; message: string };

const REFUSED_BSD: Record<string, string> = {
  e: 'BSD e (show the environment) is refused: rshell never reads another process\'s environment',
};

function parsePidList(list: string, option: string): number[] | PsArgError {
  if (list === '') return { kind: 'error', message: `list of process IDs must follow ${option}` };
  const parts = list.split(/[, ]/);
  if (parts.every((p) => p === '')) return { kind: 'error', message: 'improper list' };
  const out: number[] = [];
  for (const part of parts) {
    if (part === '') continue;
    if (!/^[0-9]+$/.test(part)) return { kind: 'error', message: 'process ID list syntax error' };
    const n = Number(part);
    if (n < 1 || n > 0x7fffffff) return { kind: 'error', message: 'process ID out of range' };
    out.push(n);
  }
  return out;
}

function parseFormat(spec: string, into: FormatItem[]): PsArgError | undefined {
  for (const item of spec.split(/[, ]/)) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).toLowerCase();
    const field = fieldNamed(name);
    if (field === undefined) {
      return { kind: 'error', message: `unknown user-defined format specifier "${eq < 0 ? item : item.slice(0, eq)}"` };
    }
    into.push({ name, field, header: eq < 0 ? undefined : item.slice(eq + 1) });
  }
  return undefined;
}

function parseSort(spec: string, into: SortKey[]): PsArgError | undefined {
  for (let item of spec.split(',')) {
    let descending = false;
    if (item.startsWith('-') || item.startsWith('+')) {
      descending = item[0] === '-';
      item = item.slice(1);
    }
    const field = fieldNamed(item.toLowerCase());
    if (field === undefined || item === '') return { kind: 'error', message: 'unknown sort specifier' };
    into.push({ field, descending });
  }
  return undefined;
}

const LONG_WITH_VALUE = ['sort', 'pid', 'format', 'quick-pid'] as const;

export function parsePsArgs(args: readonly string[]): PsRequest | PsArgError {
  const req: PsRequest = {
    all: false, bsdA: false, bsdX: false, bsdU: false, full: false, pids: undefined,
    format: [], sort: [], headers: true, help: false, version: false,
  };
  const addPids = (list: string, option: string): PsArgError | undefined => {
    const r = parsePidList(list, option);
    if (!Array.isArray(r)) return r;
    req.pids = [...(req.pids ?? []), ...r];
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      if (name === 'help') { req.help = true; continue; }
      if (name === 'version') { req.version = true; continue; }
      if (name === 'no-headers' || name === 'no-heading') { req.headers = false; continue; }
      if ((LONG_WITH_VALUE as readonly string[]).includes(name)) {
        let value: string | undefined = eq < 0 ? args[++i] : arg.slice(eq + 1);
        if (value === undefined) {
          const what = name === 'sort' ? 'long sort specification must follow --sort' : `list of process IDs must follow --${name}`;
          return { kind: 'error', message: name === 'format' ? 'format specification must follow --format' : what };
        }
        const err = name === 'sort' ? parseSort(value, req.sort)
          : name === 'format' ? parseFormat(value, req.format) : addPids(value, `--${name}`);
        if (err !== undefined) return err;
        value = undefined;
        continue;
      }
      return { kind: 'error', message: 'unknown gnu long option' };
    }
    if (arg.startsWith('-') && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const c = arg[j] ?? '';
        if (c === 'e' || c === 'A') req.all = true;
        else if (c === 'f') req.full = true;
        else if (c === 'V') req.version = true;
        else if (c === 'p' || c === 'q' || c === 'o') {
          const rest = arg.slice(j + 1);
          const value = rest !== '' ? rest : args[++i];
          if (value === undefined) {
            return { kind: 'error', message: c === 'o' ? 'format specification must follow -o' : `list of process IDs must follow -${c}` };
          }
          const err = c === 'o' ? parseFormat(value, req.format) : addPids(value, `-${c}`);
          if (err !== undefined) return err;
          break;
        } else {
          return { kind: 'refused', message: `ps: option -${c} is not supported by rshell (supported: -e -A -f -p -q -o --sort, BSD a u x)` };
        }
      }
      continue;
    }
    if (/^[0-9][0-9,]*$/.test(arg)) {
      const err = addPids(arg, 'p');
      if (err !== undefined) return err;
      continue;
    }
    for (const c of arg) {
      if (c === 'a') req.bsdA = true;
      else if (c === 'x') req.bsdX = true;
      else if (c === 'u') req.bsdU = true;
      else if (c === 'w' || c === '-') continue;
      else return { kind: 'refused', message: `ps: ${REFUSED_BSD[c] ?? `BSD option '${c}' is not supported by rshell (supported: a u x)`}` };
    }
  }
  return req;
}
