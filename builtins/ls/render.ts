// Turning a sorted list of entries into ls's output: one per line, long format (with its column
// widths computed over the whole list, as GNU does), comma-separated, and the two column layouts
// (-C down then across, -x across) with GNU's column-fitting and tab indentation.

import type { FileInfo, FileType } from '../../allowedpaths/types.js';
import { encode } from '../../lib/io/encoding.js';
import { dateColumn, groupName, humanSize, kilobytes, modeString, userName } from '../internal/file-fields.js';
import type { LsOptions } from './options.js';
import { quoteName } from './names.js';

export interface Entry {
  /** what is printed (the operand as given, or the directory entry's name) */
  name: string;
  /** the sandbox path */
  path: string;
  /** lstat (or stat when dereferenced); undefined when it could not be stat'ed, or was not needed */
  info: FileInfo | undefined;
  /** the type readdir gave (d_type), for an entry that was not stat'ed: -R and -p need no more */
  type?: FileType;
  /** for symlinks: the link text, and the target's stat when it resolves */
  linkTarget?: string;
  targetInfo?: FileInfo;
  /** the byte-order sort key (C locale strcmp) */
  key: string;
}

/**
 * The display width GNU ls uses in the C locale for a literal name: the printable ASCII bytes
 * (isprint); other bytes count 0 (quote_name_buf with MB_CUR_MAX == 1).
 */
function byteWidth(s: string): number {
  let w = 0;
  // an ASCII name is its own bytes: no encoding per listed name
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return encodedWidth(s);
    if (c >= 0x20 && c <= 0x7e) w++;
  }
  return w;
}

function encodedWidth(s: string): number {
  let w = 0;
  for (const b of encode(s)) if (b >= 0x20 && b <= 0x7e) w++;
  return w;
}

/** an entry's type: from its stat, else from readdir */
export const entryType = (e: Entry): FileType | undefined => e.info?.type ?? e.type;

function indicatorOf(info: FileInfo | undefined, o: LsOptions, isLinkTarget: boolean, type = info?.type): string {
  if (type === undefined || o.indicator === 'none') return '';
  if (type === 'dir') return '/';
  if (o.indicator === 'slash') return '';
  switch (type) {
    case 'symlink':
      return isLinkTarget ? '' : '@';
    case 'fifo':
      return '|';
    case 'socket':
      return '=';
    case 'file':
      return o.indicator === 'classify' && info !== undefined && (info.mode & 0o111) !== 0 ? '*' : '';
    default:
      return '';
  }
}

function shownName(name: string, o: LsOptions): string {
  // not a terminal: literal names by default, '?' for -q; -Q, -b, --quoting-style: names.ts
  return quoteName(name, o.quoting, o.hideControl);
}

/** ls.c fileinfo_name_width: the printed width of the (quoted) name, for --sort=width */
export const nameWidth = (e: Entry, o: LsOptions): number => byteWidth(shownName(e.name, o));

const isQuoted = (shown: string): boolean => shown.startsWith("'") || shown.startsWith('"');

/**
 * GNU's align_variable_outer_quotes: with the shell style in the long and column formats, when
 * some name of the listing needs quotes the others are indented by one space to line up.
 */
function quotePad(entries: readonly Entry[], o: LsOptions): string {
  if (o.quoting !== 'shell' || (o.format !== 'long' && o.format !== 'columns' && o.format !== 'across')) return '';
  return entries.some((e) => isQuoted(shownName(e.name, o))) ? ' ' : '';
}

function blocksText(info: FileInfo | undefined, o: LsOptions): string {
  if (info === undefined) return '?';
  if (o.human !== 'none') return humanSize(info.blocks * 512, o.human === 'si' ? 1000 : 1024);
  return String(kilobytes(info.blocks));
}

/** the "total N" line of a directory listed with -l or -s */
export function totalLine(entries: readonly Entry[], o: LsOptions): string {
  let blocks = 0;
  for (const e of entries) blocks += e.info?.blocks ?? 0;
  const text = o.human !== 'none' ? humanSize(blocks * 512, o.human === 'si' ? 1000 : 1024) : String(kilobytes(blocks));
  return `total ${text}\n`;
}

interface Prefix {
  inodeWidth: number;
  blocksWidth: number;
}

function prefixWidths(entries: readonly Entry[], o: LsOptions, commas: boolean): Prefix {
  let inodeWidth = 0;
  let blocksWidth = 0;
  if (!commas) {
    for (const e of entries) {
      if (o.inode) inodeWidth = Math.max(inodeWidth, e.info === undefined ? 1 : String(e.info.ino).length);
      if (o.size) blocksWidth = Math.max(blocksWidth, blocksText(e.info, o).length);
    }
  }
  return { inodeWidth, blocksWidth };
}

function prefixOf(e: Entry, o: LsOptions, p: Prefix): string {
  let s = '';
  if (o.inode) s += `${(e.info === undefined ? '?' : String(e.info.ino)).padStart(p.inodeWidth)} `;
  if (o.size) s += `${blocksText(e.info, o).padStart(p.blocksWidth)} `;
  return s;
}

/** name with its indicator, and (for the column layouts) its printed width */
function nameAndFrills(e: Entry, o: LsOptions, p: Prefix, pad = ''): { text: string; width: number } {
  const shown = shownName(e.name, o);
  const name = pad !== '' && !isQuoted(shown) ? pad + shown : shown;
  const ind = indicatorOf(e.info, o, false, entryType(e));
  const text = prefixOf(e, o, p) + name + ind;
  return { text, width: byteWidth(text) };
}

/** `peers`: entries that count for the column widths without being printed (GNU's file group) */
export function renderEntries(entries: readonly Entry[], o: LsOptions, nowMs: number, peers: readonly Entry[] = []): string {
  if (entries.length === 0) return '';
  const eol = o.zero ? '\0' : '\n';
  switch (o.format) {
    case 'long':
      return renderLong(entries, o, nowMs, eol, peers);
    case 'commas':
      return renderCommas(entries, o);
    case 'columns':
    case 'across':
      return renderColumns(entries, o, o.format === 'columns');
    default: {
      const p = prefixWidths([...entries, ...peers], o, false);
      let out = '';
      for (const e of entries) out += nameAndFrills(e, o, p).text + eol;
      return out;
    }
  }
}

function timeOf(info: FileInfo, o: LsOptions): number {
  switch (o.time) {
    case 'atime':
      return info.atimeMs;
    case 'ctime':
      return info.ctimeMs;
    case 'birth':
      return info.birthtimeMs;
    default:
      return info.mtimeMs;
  }
}

function sizeColumn(info: FileInfo, o: LsOptions): string {
  if (info.type === 'char' || info.type === 'block') {
    const major = Math.floor(info.rdev / 256) & 0xfff;
    const minor = (info.rdev & 0xff) | (Math.floor(info.rdev / 4096) & 0xfff00);
    return `${major}, ${minor}`;
  }
  if (o.human !== 'none') return humanSize(info.size, o.human === 'si' ? 1000 : 1024);
  return String(info.size);
}

function renderLong(entries: readonly Entry[], o: LsOptions, nowMs: number, eol: string, peers: readonly Entry[]): string {
  const p = prefixWidths([...entries, ...peers], o, false);
  const all = [...entries, ...peers];
  const pad = quotePad(all, o);
  const rows = all.map((e) => {
    const info = e.info;
    if (info === undefined) {
      return { e, mode: 'l?????????', nlink: '?', owner: '?', group: '?', size: '?', date: '?' };
    }
    // GNU reads the clock again for a time in the future (ls's own listing has just set the
    // directory's atime); the extra millisecond covers the sub-millisecond part Date.now() drops
    const when = timeOf(info, o);
    if (when > nowMs) nowMs = Date.now() + 1;
    return {
      e,
      mode: modeString(info),
      nlink: String(info.nlink),
      owner: o.numeric ? String(info.uid) : userName(info.uid),
      group: o.numeric ? String(info.gid) : groupName(info.gid),
      size: sizeColumn(info, o),
      date: dateColumn(when, nowMs, o.timeStyle),
    };
  });
  const w = { nlink: 0, owner: 0, group: 0, size: 0, date: 0 };
  for (const r of rows) {
    w.nlink = Math.max(w.nlink, r.nlink.length);
    w.owner = Math.max(w.owner, byteWidth(r.owner));
    w.group = Math.max(w.group, byteWidth(r.group));
    w.size = Math.max(w.size, r.size.length);
    w.date = Math.max(w.date, r.date.length);
  }
  let out = '';
  for (const r of rows.slice(0, entries.length)) {
    let line = prefixOf(r.e, o, p) + `${r.mode} ${r.nlink.padStart(w.nlink)} `;
    if (o.showOwner) line += `${r.owner.padEnd(w.owner)} `;
    if (o.showGroup) line += `${r.group.padEnd(w.group)} `;
    if (o.author) line += `${r.owner.padEnd(w.owner)} `;
    const date = r.date === '?' ? r.date.padStart(w.date) : r.date;
    const shown = shownName(r.e.name, o);
    line += `${r.size.padStart(w.size)} ${date} ${pad !== '' && !isQuoted(shown) ? pad : ''}${shown}`;
    if (r.e.linkTarget !== undefined) {
      // the target gets its type indicator with -F/--file-type, not with -p
      const ind = o.indicator === 'slash' ? '' : indicatorOf(r.e.targetInfo, o, true);
      line += ` -> ${shownName(r.e.linkTarget, o)}${ind}`;
    } else {
      line += indicatorOf(r.e.info, o, false);
    }
    out += line + eol;
  }
  return out;
}

function renderCommas(entries: readonly Entry[], o: LsOptions): string {
  const p = prefixWidths(entries, o, true);
  let out = '';
  let pos = 0;
  entries.forEach((e, i) => {
    const { text, width } = nameAndFrills(e, o, p);
    if (i > 0) {
      if (o.lineLength === 0 || pos + width + 2 < o.lineLength) {
        out += ', ';
        pos += 2;
      } else {
        out += ',\n';
        pos = 0;
      }
    }
    out += text;
    pos += width;
  });
  return out + '\n';
}

/** GNU's indent(): tabs where a tab stop fits, spaces otherwise */
function indent(from: number, to: number, tabsize: number): string {
  let s = '';
  while (from < to) {
    if (tabsize !== 0 && Math.floor(to / tabsize) > Math.floor((from + 1) / tabsize)) {
      s += '\t';
      from += tabsize - (from % tabsize);
    } else {
      s += ' ';
      from++;
    }
  }
  return s;
}

const MIN_COLUMN_WIDTH = 3;

/**
 * GNU calculate_columns: the most columns whose widths still fit the line. `widths`: one at least
 * (so one column at least); an entry's column idx is at most i in the layout of i + 1 columns.
 */
function fitColumns(widths: readonly number[], lineLength: number, byColumns: boolean): number[] {
  const n = widths.length;
  const maxIdx = lineLength === 0 ? n : Math.max(1, Math.floor(lineLength / MIN_COLUMN_WIDTH));
  const maxCols = Math.min(maxIdx, n);
  const info = Array.from({ length: maxCols }, (_, i) => ({ valid: true, lineLen: (i + 1) * MIN_COLUMN_WIDTH, cols: new Array<number>(i + 1).fill(MIN_COLUMN_WIDTH) }));
  widths.forEach((w, k) => {
    for (let i = 0; i < maxCols; i++) {
      const c = info[i]!;
      if (!c.valid) continue;
      const idx = byColumns ? Math.floor(k / Math.floor((n + i) / (i + 1))) : k % (i + 1);
      const real = w + (idx === i ? 0 : 2);
      if (c.cols[idx]! < real) {
        c.lineLen += real - c.cols[idx]!;
        c.cols[idx] = real;
        c.valid = lineLength === 0 || c.lineLen < lineLength;
      }
    }
  });
  let cols = maxCols;
  while (cols > 1 && !info[cols - 1]!.valid) cols--;
  return info[cols - 1]!.cols;
}

/** entries: one at least (renderEntries); each row holds at most colWidths.length items */
function renderColumns(entries: readonly Entry[], o: LsOptions, byColumns: boolean): string {
  const p = prefixWidths(entries, o, false);
  const pad = quotePad(entries, o);
  const items = entries.map((e) => nameAndFrills(e, o, p, pad));
  const colWidths = fitColumns(items.map((i) => i.width), o.lineLength, byColumns);
  const cols = colWidths.length;
  let out = '';
  if (byColumns) {
    const rows = Math.ceil(items.length / cols);
    for (let row = 0; row < rows; row++) {
      let pos = 0;
      let col = 0;
      for (let k = row; ; ) {
        const item = items[k]!;
        const max = colWidths[col++]!;
        out += item.text;
        k += rows;
        if (k >= items.length) break;
        out += indent(pos + item.width, pos + max, o.tabsize);
        pos += max;
      }
      out += '\n';
    }
    return out;
  }
  let pos = 0;
  let prev = items[0]!;
  let prevMax = colWidths[0]!;
  out += prev.text;
  for (let k = 1; k < items.length; k++) {
    const col = k % cols;
    if (col === 0) {
      out += '\n';
      pos = 0;
    } else {
      out += indent(pos + prev.width, pos + prevMax, o.tabsize);
      pos += prevMax;
    }
    prev = items[k]!;
    out += prev.text;
    prevMax = colWidths[col]!;
  }
  return out + '\n';
}
