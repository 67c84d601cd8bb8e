// jq 1.7.1's command line (src/main.c): its own scanner, not getopt. A word starting `-` and a
// letter or `-` is an option; short letters may be stacked (`-nr`), each checked with strchr as
// jq does; the first other word is the filter (or, with -f, the filter's file), the rest are
// input files (or, after --args/--jsonargs, positional values). Errors are jq's:
// `jq: Unknown option -x` + the "Use jq --help" lines, status 2.

import { parseJson } from './json/index.js';
import type { Json } from './value.js';

export interface JqArgs {
  nullInput: boolean;
  rawInput: boolean;
  slurp: boolean;
  rawOutput: boolean;
  rawOutput0: boolean;
  joinOutput: boolean;
  ascii: boolean;
  sortKeys: boolean;
  color: boolean | undefined;
  tab: boolean;
  indent: number;
  seq: boolean;
  stream: boolean;
  streamErrors: boolean;
  exitStatus: boolean;
  fromFile: boolean;
  unbuffered: boolean;
  program: string | undefined;
  files: string[];
  /** --arg/--argjson values, first definition of a name wins */
  named: [string, Json][];
  /** --slurpfile/--rawfile: read when the command runs */
  fileArgs: { name: string; file: string; raw: boolean }[];
  positional: Json[];
  libDirs: string[];
}

export type ParsedArgs = { ok: true; args: JqArgs } | { ok: false; stderr: string; status: number } | { ok: 'help' } | { ok: 'version' } | { ok: 'build' };

const DIE = 'Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n';

function die(message: string): ParsedArgs {
  return { ok: false, stderr: `${message}\n${DIE}`, status: 2 };
}

const isOptish = (t: string): boolean => t[0] === '-' && (t[1] === '-' || /^[A-Za-z]$/.test(t[1] ?? ''));

export function parseJqArgs(argv: readonly string[]): ParsedArgs {
  const a: JqArgs = {
    nullInput: false, rawInput: false, slurp: false, rawOutput: false, rawOutput0: false, joinOutput: false,
    ascii: false, sortKeys: false, color: undefined, tab: false, indent: 2, seq: false, stream: false,
    streamErrors: false, exitStatus: false, fromFile: false, unbuffered: false, program: undefined, files: [],
    named: [], fileArgs: [], positional: [], libDirs: [],
  };
  let strings = false;
  let json = false;
  let done = false;
  const hasName = (n: string): boolean => a.named.some(([k]) => k === n) || a.fileArgs.some((f) => f.name === n);
  for (let i = 0; i < argv.length; i++) {
    const t = argv[i] as string;
    if (done || !isOptish(t)) {
      if (a.program === undefined) a.program = t;
      else if (strings) a.positional.push(t);
      else if (json) {
        try {
          a.positional.push(parseJson(t));
        } catch {
          return die('jq: invalid JSON text passed to --jsonargs');
        }
      } else a.files.push(t);
      continue;
    }
    if (t === '--') {
      done = true;
      continue;
    }
    if (t[1] === 'L') {
      if (t.length > 2) a.libDirs.push(t.slice(2));
      else if (i >= argv.length - 1) return die('-L takes a parameter: (e.g. -L /search/path or -L/search/path)');
      else a.libDirs.push(argv[++i] as string);
      continue;
    }
    if (t.startsWith('--')) {
      const name = t.slice(2);
      switch (name) {
        case 'slurp': a.slurp = true; continue;
        case 'raw-output': a.rawOutput = true; continue;
        case 'raw-output0': a.rawOutput = a.joinOutput = a.rawOutput0 = true; continue;
        case 'join-output': a.rawOutput = a.joinOutput = true; continue;
        case 'compact-output': a.tab = false; a.indent = 0; continue;
        case 'color-output': a.color = a.color !== false; continue;
        case 'monochrome-output': a.color = false; continue;
        case 'ascii-output': a.ascii = true; continue;
        case 'unbuffered': a.unbuffered = true; continue;
        case 'sort-keys': a.sortKeys = true; continue;
        case 'raw-input': a.rawInput = true; continue;
        case 'null-input': a.nullInput = true; continue;
        case 'from-file': a.fromFile = true; continue;
        case 'binary': continue;
        case 'tab': a.tab = true; a.indent = 1; continue;
        case 'indent': {
          if (i >= argv.length - 1) return die('jq: --indent takes one parameter');
          const n = atoi(argv[++i] as string);
          if (n < -1 || n > 7) return die('jq: --indent takes a number between -1 and 7');
          a.tab = n === -1;
          a.indent = n === -1 ? 1 : n;
          continue;
        }
        case 'seq': a.seq = true; continue;
        case 'stream': a.stream = true; continue;
        case 'stream-errors': a.stream = a.streamErrors = true; continue;
        case 'exit-status': a.exitStatus = true; continue;
        case 'args': strings = true; json = false; continue;
        case 'jsonargs': strings = false; json = true; continue;
        case 'arg':
        case 'argjson': {
          if (i >= argv.length - 2) return die(name === 'arg' ? 'jq: --arg takes two parameters (e.g. --arg varname value)' : 'jq: --argjson takes two parameters (e.g. --argjson varname text)');
          const n = argv[i + 1] as string;
          const v = argv[i + 2] as string;
          i += 2;
          if (hasName(n)) continue;
          if (name === 'arg') a.named.push([n, v]);
          else {
            try {
              a.named.push([n, parseJson(v)]);
            } catch {
              return die('jq: invalid JSON text passed to --argjson');
            }
          }
          continue;
        }
        case 'rawfile':
        case 'slurpfile': {
          if (i >= argv.length - 2) return die(`jq: --${name} takes two parameters (e.g. --${name} varname filename)`);
          const n = argv[i + 1] as string;
          const f = argv[i + 2] as string;
          i += 2;
          if (!hasName(n)) a.fileArgs.push({ name: n, file: f, raw: name === 'rawfile' });
          continue;
        }
        case 'debug-dump-disasm':
        case 'debug-trace':
        case 'debug-trace=all':
          continue;
        case 'help': return { ok: 'help' };
        case 'version': return { ok: 'version' };
        case 'build-configuration': return { ok: 'build' };
        default:
          return die(`jq: Unknown option ${t}`);
      }
    }
    // stacked short options: each known letter counts once, as jq's strchr checks do
    let known = 0;
    const has = (c: string): boolean => {
      if (!t.includes(c)) return false;
      known++;
      return true;
    };
    if (has('s')) a.slurp = true;
    if (has('r')) a.rawOutput = true;
    if (has('j')) a.rawOutput = a.joinOutput = true;
    if (has('c')) {
      a.tab = false;
      a.indent = 0;
    }
    if (has('C')) a.color = a.color !== false;
    if (has('M')) a.color = false;
    if (has('a')) a.ascii = true;
    if (has('S')) a.sortKeys = true;
    if (has('R')) a.rawInput = true;
    if (has('n')) a.nullInput = true;
    if (has('f')) a.fromFile = true;
    if (has('b')) {
      // Windows only in jq; accepted and ignored
    }
    if (has('e')) a.exitStatus = true;
    if (has('h')) return { ok: 'help' };
    if (has('V')) return { ok: 'version' };
    if (t.length !== known + 1) return die(`jq: Unknown option ${t}`);
  }
  return { ok: true, args: a };
}

/** C's atoi: leading blanks, a sign, digits; anything else ends it */
function atoi(s: string): number {
  const m = /^[\s]*([+-]?[0-9]+)/.exec(s);
  return m === null ? 0 : Number.parseInt(m[1] as string, 10);
}
