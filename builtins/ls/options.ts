// ls's command line: GNU ls 9.1's option table (long options in its table order, so ambiguity
// messages list them as GNU does) and the resolution of the many interacting flags into one
// LsOptions value. Options that would run or reach something outside (hyperlinks, SELinux
// contexts, --dired for Emacs), --block-size and the quoting styles rshell does not reproduce
// (shell-escape, shell-escape-always, c-maybe, locale, clocale) are refused with a clear message.

import { defineFlags, type Occurrence } from '../internal/flags.js';
import { quote } from '../internal/quote.js';
import { argmatch, argmatchMessage } from '../internal/argmatch.js';
import type { QuotingStyle } from './names.js';

export const LS_SPEC = defineFlags({
  flags: [
    { name: 'all', short: 'a', long: 'all', kind: 'boolean' },
    { name: 'escape', short: 'b', long: 'escape', kind: 'boolean' },
    { name: 'directory', short: 'd', long: 'directory', kind: 'boolean' },
    { name: 'dired', short: 'D', long: 'dired', kind: 'boolean' },
    { name: 'fullTime', long: 'full-time', kind: 'boolean' },
    { name: 'groupDirsFirst', long: 'group-directories-first', kind: 'boolean' },
    { name: 'human', short: 'h', long: 'human-readable', kind: 'boolean' },
    { name: 'inode', short: 'i', long: 'inode', kind: 'boolean' },
    { name: 'kibibytes', short: 'k', long: 'kibibytes', kind: 'boolean' },
    { name: 'numeric', short: 'n', long: 'numeric-uid-gid', kind: 'boolean' },
    { name: 'noGroup', short: 'G', long: 'no-group', kind: 'boolean' },
    { name: 'hideControl', short: 'q', long: 'hide-control-chars', kind: 'boolean' },
    { name: 'reverse', short: 'r', long: 'reverse', kind: 'boolean' },
    { name: 'size', short: 's', long: 'size', kind: 'boolean' },
    { name: 'width', short: 'w', long: 'width', kind: 'string' },
    { name: 'almostAll', short: 'A', long: 'almost-all', kind: 'boolean' },
    { name: 'ignoreBackups', short: 'B', long: 'ignore-backups', kind: 'boolean' },
    { name: 'classify', short: 'F', long: 'classify', kind: 'optional', shortBare: true },
    { name: 'fileType', long: 'file-type', kind: 'boolean' },
    { name: 'si', long: 'si', kind: 'boolean' },
    { name: 'derefCommandLine', short: 'H', long: 'dereference-command-line', kind: 'boolean' },
    { name: 'derefCommandLineDirs', long: 'dereference-command-line-symlink-to-dir', kind: 'boolean' },
    { name: 'hide', long: 'hide', kind: 'array' },
    { name: 'ignore', short: 'I', long: 'ignore', kind: 'array' },
    { name: 'indicatorStyle', long: 'indicator-style', kind: 'string' },
    { name: 'dereference', short: 'L', long: 'dereference', kind: 'boolean' },
    { name: 'literal', short: 'N', long: 'literal', kind: 'boolean' },
    { name: 'quoteName', short: 'Q', long: 'quote-name', kind: 'boolean' },
    { name: 'quotingStyle', long: 'quoting-style', kind: 'string' },
    { name: 'recursive', short: 'R', long: 'recursive', kind: 'boolean' },
    { name: 'format', long: 'format', kind: 'string' },
    { name: 'showControl', long: 'show-control-chars', kind: 'boolean' },
    { name: 'sort', long: 'sort', kind: 'string' },
    { name: 'tabsize', short: 'T', long: 'tabsize', kind: 'string' },
    { name: 'time', long: 'time', kind: 'string' },
    { name: 'timeStyle', long: 'time-style', kind: 'string' },
    { name: 'zero', long: 'zero', kind: 'boolean' },
    { name: 'color', long: 'color', kind: 'optional' },
    { name: 'hyperlink', long: 'hyperlink', kind: 'optional' },
    { name: 'blockSize', long: 'block-size', kind: 'string' },
    { name: 'context', short: 'Z', long: 'context', kind: 'boolean' },
    { name: 'author', long: 'author', kind: 'boolean' },
    { name: 'help', long: 'help', kind: 'boolean', immediate: true },
    { name: 'version', long: 'version', kind: 'boolean', immediate: true },
    // short-only options
    { name: 'c', short: 'c', kind: 'boolean' },
    { name: 'f', short: 'f', kind: 'boolean' },
    { name: 'g', short: 'g', kind: 'boolean' },
    { name: 'l', short: 'l', kind: 'boolean' },
    { name: 'm', short: 'm', kind: 'boolean' },
    { name: 'o', short: 'o', kind: 'boolean' },
    { name: 'p', short: 'p', kind: 'boolean' },
    { name: 't', short: 't', kind: 'boolean' },
    { name: 'u', short: 'u', kind: 'boolean' },
    { name: 'v', short: 'v', kind: 'boolean' },
    { name: 'x', short: 'x', kind: 'boolean' },
    { name: 'C', short: 'C', kind: 'boolean' },
    { name: 'S', short: 'S', kind: 'boolean' },
    { name: 'U', short: 'U', kind: 'boolean' },
    { name: 'X', short: 'X', kind: 'boolean' },
    { name: 'one', short: '1', kind: 'boolean' },
  ],
});

export type Format = 'long' | 'one' | 'columns' | 'across' | 'commas';
export type SortKey = 'name' | 'time' | 'size' | 'none' | 'extension' | 'version' | 'width';
export type TimeKind = 'mtime' | 'atime' | 'ctime' | 'birth';
export type Indicator = 'none' | 'slash' | 'fileType' | 'classify';
export type TimeStyle = 'locale' | 'full-iso' | 'long-iso' | 'iso';

export interface LsOptions {
  format: Format;
  all: boolean;
  almostAll: boolean;
  directory: boolean;
  recursive: boolean;
  reverse: boolean;
  sort: SortKey;
  time: TimeKind;
  indicator: Indicator;
  human: 'none' | 'binary' | 'si';
  inode: boolean;
  size: boolean;
  numeric: boolean;
  showOwner: boolean;
  showGroup: boolean;
  author: boolean;
  timeStyle: TimeStyle;
  groupDirsFirst: boolean;
  dereference: 'always' | 'commandLine' | 'commandLineDirs' | 'never';
  ignoreBackups: boolean;
  ignore: string[];
  hide: string[];
  hideControl: boolean;
  lineLength: number;
  tabsize: number;
  zero: boolean;
  quoting: QuotingStyle;
}

export type OptionsResult = { ok: true; options: LsOptions } | { ok: false; message: string; usage: boolean; status: number };

const FORMATS: Record<string, Format> = {
  verbose: 'long', long: 'long', commas: 'commas', horizontal: 'across', across: 'across', vertical: 'columns',
  'single-column': 'one',
};
// coreutils 9.1's lists (no --sort=name, no --time=mtime yet)
const SORTS: Record<string, SortKey> = { none: 'none', time: 'time', size: 'size', extension: 'extension', version: 'version', width: 'width' };
const TIMES: Record<string, TimeKind> = {
  atime: 'atime', access: 'atime', use: 'atime', ctime: 'ctime', status: 'ctime', birth: 'birth', creation: 'birth',
};
const INDICATORS: Record<string, Indicator> = { none: 'none', slash: 'slash', 'file-type': 'fileType', classify: 'classify' };
const QUOTING_STYLES: Record<string, string> = {
  literal: 'literal', shell: 'shell', 'shell-always': 'shell-always', 'shell-escape': 'shell-escape',
  'shell-escape-always': 'shell-escape-always', c: 'c', 'c-maybe': 'c-maybe', escape: 'escape', locale: 'locale',
  clocale: 'clocale',
};
// GNU colours only for a TERM its database knows; rshell scripts have no terminal (and no TERM
// unless they set one), so every WHEN prints plain names, as GNU does without TERM
const COLOR_WHEN = new Set(['never', 'no', 'none', 'auto', 'tty', 'if-tty', 'always', 'yes', 'force']);
const CLASSIFY_ON = new Set(['always', 'yes', 'force', 'auto', 'tty', 'if-tty']);
const CLASSIFY_OFF = new Set(['never', 'no', 'none']);

const REFUSED: Record<string, string> = {
  dired: '-D/--dired is refused: not supported by rshell',
  hyperlink: '--hyperlink is refused: not supported by rshell',
  context: '-Z/--context is refused: rshell does not read security contexts',
  blockSize: '--block-size is refused: use -h, --si or -k',
};

/** the --quoting-style values rshell reproduces; the others are refused */
const SUPPORTED_QUOTING = new Set<string>(['literal', 'shell', 'shell-always', 'c', 'escape']);

/**
 * The options in effect, or the first bad one. `loopOnly`: only the checks GNU makes inside its
 * getopt loop, for the options before a bad one (the checks after the loop never run then).
 */
export function resolveOptions(order: readonly Occurrence[], getEnv: (n: string) => string | undefined, loopOnly = false): OptionsResult {
  const o: LsOptions = {
    format: 'one', all: false, almostAll: false, directory: false, recursive: false, reverse: false, sort: 'name',
    time: 'mtime', indicator: 'none', human: 'none', inode: false, size: false, numeric: false, showOwner: true,
    showGroup: true, author: false, timeStyle: 'locale', groupDirsFirst: false, dereference: 'never', ignoreBackups: false,
    ignore: [], hide: [], hideControl: false, lineLength: 80, tabsize: 8, zero: false, quoting: 'literal',
  };
  let formatSet = false;
  let sortSet = false;
  let derefSet = false;
  let timeStyleText: string | undefined;
  const columns = Number(getEnv('COLUMNS'));
  if (Number.isInteger(columns) && columns > 0) o.lineLength = columns;
  // argmatch failures exit 1 (usage (EXIT_FAILURE)); ls's own checks exit 2
  const fail = (message: string, usage = false, status = 2): OptionsResult => ({ ok: false, message, usage, status });
  const badArg = (message: string): OptionsResult => fail(message, true, 1);

  for (const { name, value } of order) {
    const refused = REFUSED[name];
    if (refused !== undefined) return fail(refused);
    switch (name) {
      case 'all': o.all = true; o.almostAll = false; break;
      case 'almostAll': o.almostAll = true; o.all = false; break;
      case 'directory': o.directory = true; break;
      case 'fullTime': o.format = 'long'; formatSet = true; o.timeStyle = 'full-iso'; break;
      case 'groupDirsFirst': o.groupDirsFirst = true; break;
      case 'human': o.human = 'binary'; break;
      case 'si': o.human = 'si'; break;
      // -k only picks 1024-byte blocks when no -h/--si is given (GNU checks it after all options)
      case 'kibibytes': break;
      case 'inode': o.inode = true; break;
      case 'numeric': o.numeric = true; o.format = 'long'; formatSet = true; break;
      case 'noGroup': o.showGroup = false; break;
      case 'hideControl': o.hideControl = true; break;
      case 'showControl': o.hideControl = false; break;
      case 'literal': o.quoting = 'literal'; break;
      case 'escape': o.quoting = 'escape'; break;
      case 'quoteName': o.quoting = 'c'; break;
      case 'quotingStyle': {
        const found = argmatch(QUOTING_STYLES, value ?? '');
        if (!found.ok) return badArg(argmatchMessage(found.kind, value ?? '', '--quoting-style', QUOTING_STYLES));
        const m = found.value;
        if (!SUPPORTED_QUOTING.has(m)) return fail(`--quoting-style=${m} is refused: rshell offers literal, shell, shell-always, c and escape`);
        o.quoting = m as QuotingStyle;
        break;
      }
      case 'reverse': o.reverse = true; break;
      case 'size': o.size = true; break;
      case 'width': {
        const w = Number(value);
        if (!/^\d+$/.test(value ?? '') || !Number.isSafeInteger(w)) return fail(`invalid line width: ${quote(value ?? '')}`);
        o.lineLength = w;
        break;
      }
      case 'tabsize': {
        const t = Number(value);
        if (!/^\d+$/.test(value ?? '') || !Number.isSafeInteger(t)) return fail(`invalid tab size: ${quote(value ?? '')}`);
        o.tabsize = t;
        break;
      }
      case 'ignoreBackups': o.ignoreBackups = true; break;
      case 'ignore': o.ignore.push(value ?? ''); break;
      case 'hide': o.hide.push(value ?? ''); break;
      case 'classify': {
        if (value === undefined || CLASSIFY_ON.has(value)) o.indicator = 'classify';
        else if (CLASSIFY_OFF.has(value)) o.indicator = 'none';
        else return badArg(`invalid argument ${quote(value)} for '--classify'\nValid arguments are:\n  - 'always', 'yes', 'force'\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'`);
        break;
      }
      case 'fileType': o.indicator = 'fileType'; break;
      case 'p': o.indicator = 'slash'; break;
      case 'indicatorStyle': {
        const found = argmatch(INDICATORS, value ?? '');
        if (!found.ok) return badArg(argmatchMessage(found.kind, value ?? '', '--indicator-style', INDICATORS));
        const m = found.value;
        o.indicator = m;
        break;
      }
      case 'derefCommandLine': o.dereference = 'commandLine'; derefSet = true; break;
      case 'derefCommandLineDirs': o.dereference = 'commandLineDirs'; derefSet = true; break;
      case 'dereference': o.dereference = 'always'; derefSet = true; break;
      case 'recursive': o.recursive = true; break;
      case 'format': {
        const found = argmatch(FORMATS, value ?? '');
        if (!found.ok) return badArg(argmatchMessage(found.kind, value ?? '', '--format', FORMATS));
        const m = found.value;
        o.format = m;
        formatSet = true;
        break;
      }
      case 'sort': {
        const found = argmatch(SORTS, value ?? '');
        if (!found.ok) return badArg(argmatchMessage(found.kind, value ?? '', '--sort', SORTS));
        const m = found.value;
        o.sort = m;
        sortSet = true;
        break;
      }
      case 'time': {
        const found = argmatch(TIMES, value ?? '');
        if (!found.ok) return badArg(argmatchMessage(found.kind, value ?? '', '--time', TIMES));
        const m = found.value;
        o.time = m;
        break;
      }
      case 'timeStyle':
        timeStyleText = value ?? '';
        break;
      case 'zero': o.zero = true; break;
      case 'color': {
        if (value !== undefined && !COLOR_WHEN.has(value)) {
          return badArg(`invalid argument ${quote(value)} for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'`);
        }
        break;
      }
      case 'author': o.author = true; break;
      case 'c': o.time = 'ctime'; break;
      case 'u': o.time = 'atime'; break;
      case 'f': o.all = true; o.sort = 'none'; sortSet = true; if (o.format === 'long') o.format = 'one'; o.size = false; break;
      case 'g': o.showOwner = false; o.format = 'long'; formatSet = true; break;
      case 'o': o.showGroup = false; o.format = 'long'; formatSet = true; break;
      case 'l': o.format = 'long'; formatSet = true; break;
      case 'm': o.format = 'commas'; formatSet = true; break;
      case 'x': o.format = 'across'; formatSet = true; break;
      case 'C': o.format = 'columns'; formatSet = true; break;
      case 'one': if (o.format !== 'long') o.format = 'one'; formatSet = true; break;
      case 't': o.sort = 'time'; sortSet = true; break;
      case 'S': o.sort = 'size'; sortSet = true; break;
      case 'U': o.sort = 'none'; sortSet = true; break;
      case 'X': o.sort = 'extension'; sortSet = true; break;
      case 'v': o.sort = 'version'; sortSet = true; break;
    }
  }
  void formatSet;
  // GNU reads --time-style only when it will print times
  if (!loopOnly && timeStyleText !== undefined && o.format === 'long') {
    const style = timeStyleText.replace(/^posix-/, '');
    if (style === 'full-iso' || style === 'long-iso' || style === 'iso' || style === 'locale') o.timeStyle = style;
    else if (style.startsWith('+')) return fail('--time-style=+FORMAT is refused: use full-iso, long-iso or iso');
    else return fail(`invalid argument ${quote(timeStyleText)} for 'time style'\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format`, true);
  }
  // -c/-u sort by that time unless listing long (GNU: "with -l: show … ; otherwise: sort by …")
  if (!sortSet && o.time !== 'mtime' && o.format !== 'long') o.sort = 'time';
  if (o.zero && (o.format === 'columns' || o.format === 'across' || o.format === 'commas')) o.format = 'one';
  if (!derefSet) {
    o.dereference = o.directory || o.indicator === 'classify' || o.format === 'long' ? 'never' : 'commandLineDirs';
  }
  return { ok: true, options: o };
}
