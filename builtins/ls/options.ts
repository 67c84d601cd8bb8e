// ls's command line: GNU ls 9.1's option table (long options in its table order, so ambiguity
// messages list them as GNU does) and the resolution of the many interacting flags into one
// LsOptions value. Options that would run or reach something outside (hyperlinks, SELinux
// contexts, --dired for Emacs), --block-size and the quoting styles rshell does not reproduce
// (shell-escape, shell-escape-always, c-maybe, locale, clocale) are refused with a clear message.

import { flag, reject, type OccurrenceOf, type Reject } from '../internal/command.js';
import { quote } from '../internal/quote.js';
import { argmatch, argmatchMessage } from '../internal/argmatch.js';
import type { QuotingStyle } from './names.js';

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

export type OptionsResult = { ok: true; options: LsOptions } | { ok: false; message: string; usage: boolean };

const FORMATS = {
  verbose: 'long', long: 'long', commas: 'commas', horizontal: 'across', across: 'across', vertical: 'columns',
  'single-column': 'one',
} as const;
// coreutils 9.1's lists (no --sort=name, no --time=mtime yet)
const SORTS = { none: 'none', time: 'time', size: 'size', extension: 'extension', version: 'version', width: 'width' } as const;
const TIMES = {
  atime: 'atime', access: 'atime', use: 'atime', ctime: 'ctime', status: 'ctime', birth: 'birth', creation: 'birth',
} as const;
const INDICATORS = { none: 'none', slash: 'slash', 'file-type': 'fileType', classify: 'classify' } as const;
/** --color and --classify's WHEN (XARGMATCH over when_args: a unique prefix will do) */
const WHEN = {
  always: 'always', yes: 'always', force: 'always', never: 'never', no: 'never', none: 'never',
  auto: 'if-tty', tty: 'if-tty', 'if-tty': 'if-tty',
} as const;
const QUOTING_STYLES: Record<string, string> = {
  literal: 'literal', shell: 'shell', 'shell-always': 'shell-always', 'shell-escape': 'shell-escape',
  'shell-escape-always': 'shell-escape-always', c: 'c', 'c-maybe': 'c-maybe', escape: 'escape', locale: 'locale',
  clocale: 'clocale',
};
/** the --quoting-style values rshell reproduces; the others are refused */
const SUPPORTED_QUOTING: Readonly<Record<string, QuotingStyle>> = {
  literal: 'literal', shell: 'shell', 'shell-always': 'shell-always', c: 'c', escape: 'escape',
};

/** --quoting-style: argmatch (argmatch_die's status 1), then the styles rshell reproduces */
function quotingStyle(value: string): QuotingStyle | Reject {
  const found = argmatch(QUOTING_STYLES, value);
  if (!found.ok) return reject(argmatchMessage(found.kind, value, '--quoting-style', QUOTING_STYLES), { usage: true, status: 1 });
  return SUPPORTED_QUOTING[found.value] ?? reject(`--quoting-style=${found.value} is refused: rshell offers literal, shell, shell-always, c and escape`);
}

/** -w COLS and -T COLS: a whole number (ls's own check, status 2) */
function columns(what: string): (value: string) => number | Reject {
  return (value) => {
    const n = Number(value);
    return /^\d+$/.test(value) && Number.isSafeInteger(n) ? n : reject(`invalid ${what}: ${quote(value)}`);
  };
}

// GNU ls 9.1's option table: long options in its table order, then the short-only ones
export const LS_FLAGS = {
  all: flag.boolean('-a --all'),
  escape: flag.boolean('-b --escape'),
  directory: flag.boolean('-d --directory'),
  dired: flag.boolean('-D --dired'),
  fullTime: flag.boolean('--full-time'),
  groupDirsFirst: flag.boolean('--group-directories-first'),
  human: flag.boolean('-h --human-readable'),
  inode: flag.boolean('-i --inode'),
  kibibytes: flag.boolean('-k --kibibytes'),
  numeric: flag.boolean('-n --numeric-uid-gid'),
  noGroup: flag.boolean('-G --no-group'),
  hideControl: flag.boolean('-q --hide-control-chars'),
  reverse: flag.boolean('-r --reverse'),
  size: flag.boolean('-s --size'),
  width: flag.value('-w --width', columns('line width')),
  almostAll: flag.boolean('-A --almost-all'),
  ignoreBackups: flag.boolean('-B --ignore-backups'),
  // -F takes no argument; --classify[=WHEN]
  classify: flag.choice('-F --classify', WHEN, { bare: 'always', shortBare: true }),
  fileType: flag.boolean('--file-type'),
  si: flag.boolean('--si'),
  derefCommandLine: flag.boolean('-H --dereference-command-line'),
  derefCommandLineDirs: flag.boolean('--dereference-command-line-symlink-to-dir'),
  hide: flag.list('--hide'),
  ignore: flag.list('-I --ignore'),
  indicatorStyle: flag.choice('--indicator-style', INDICATORS),
  dereference: flag.boolean('-L --dereference'),
  literal: flag.boolean('-N --literal'),
  quoteName: flag.boolean('-Q --quote-name'),
  quotingStyle: flag.value('--quoting-style', quotingStyle),
  recursive: flag.boolean('-R --recursive'),
  format: flag.choice('--format', FORMATS),
  showControl: flag.boolean('--show-control-chars'),
  sort: flag.choice('--sort', SORTS),
  tabsize: flag.value('-T --tabsize', columns('tab size')),
  time: flag.choice('--time', TIMES),
  timeStyle: flag.string('--time-style'),
  zero: flag.boolean('--zero'),
  // GNU colours only for a TERM its database knows; rshell scripts have no terminal (and no TERM
  // unless they set one), so every WHEN prints plain names, as GNU does without TERM
  color: flag.choice('--color', WHEN, { bare: 'always' }),
  hyperlink: flag.optional('--hyperlink'),
  blockSize: flag.string('--block-size'),
  context: flag.boolean('-Z --context'),
  author: flag.boolean('--author'),
  help: flag.help(),
  version: flag.version(),
  c: flag.boolean('-c'),
  f: flag.boolean('-f'),
  g: flag.boolean('-g'),
  l: flag.boolean('-l'),
  m: flag.boolean('-m'),
  o: flag.boolean('-o'),
  p: flag.boolean('-p'),
  t: flag.boolean('-t'),
  u: flag.boolean('-u'),
  v: flag.boolean('-v'),
  x: flag.boolean('-x'),
  C: flag.boolean('-C'),
  S: flag.boolean('-S'),
  U: flag.boolean('-U'),
  X: flag.boolean('-X'),
  one: flag.boolean('-1'),
};

type Occurrence = OccurrenceOf<typeof LS_FLAGS>;

const REFUSED: Partial<Record<Occurrence['name'], string>> = {
  dired: '-D/--dired is refused: not supported by rshell',
  hyperlink: '--hyperlink is refused: not supported by rshell',
  context: '-Z/--context is refused: rshell does not read security contexts',
  blockSize: '--block-size is refused: use -h, --si or -k',
};

/**
 * The options in effect, or the first refused one (status 2; the values were checked by the
 * flags' parse functions). `loopOnly`: only what ls's getopt loop meets, for the options before
 * whatever ended the scan (the checks after the loop never run then).
 */
export function resolveOptions(order: readonly Occurrence[], columnsEnv: string | undefined, loopOnly = false): OptionsResult {
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
  const columns = Number(columnsEnv);
  if (Number.isInteger(columns) && columns > 0) o.lineLength = columns;
  const fail = (message: string, usage = false): OptionsResult => ({ ok: false, message, usage });

  for (const occ of order) {
    const refused = REFUSED[occ.name];
    if (refused !== undefined) return fail(refused);
    switch (occ.name) {
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
      case 'quotingStyle': o.quoting = occ.value; break;
      case 'reverse': o.reverse = true; break;
      case 'size': o.size = true; break;
      case 'width': o.lineLength = occ.value; break;
      case 'tabsize': o.tabsize = occ.value; break;
      case 'ignoreBackups': o.ignoreBackups = true; break;
      case 'ignore': o.ignore.push(occ.value); break;
      case 'hide': o.hide.push(occ.value); break;
      // GNU: `always`, or `if-tty` on a terminal (rshell's output never is one), sets the style;
      // `never` leaves it as it was (-p --classify=never still marks directories)
      case 'classify': if (occ.value === 'always') o.indicator = 'classify'; break;
      case 'fileType': o.indicator = 'fileType'; break;
      case 'p': o.indicator = 'slash'; break;
      case 'indicatorStyle': o.indicator = occ.value; break;
      case 'derefCommandLine': o.dereference = 'commandLine'; derefSet = true; break;
      case 'derefCommandLineDirs': o.dereference = 'commandLineDirs'; derefSet = true; break;
      case 'dereference': o.dereference = 'always'; derefSet = true; break;
      case 'recursive': o.recursive = true; break;
      case 'format': o.format = occ.value; formatSet = true; break;
      case 'sort': o.sort = occ.value; sortSet = true; break;
      case 'time': o.time = occ.value; break;
      case 'timeStyle': timeStyleText = occ.value; break;
      case 'zero': o.zero = true; break;
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
