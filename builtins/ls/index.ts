// ls: list directory contents (GNU coreutils 9.1, C locale, output not a terminal). Read-only:
// every stat, readdir and readlink goes through the sandbox, so outside paths read as
// "Permission denied". Recursion (-R) never follows symlinks unless -L, and a directory already
// on the current path is not entered twice (GNU's loop check).

import type { CallContext } from '../types.js';
import type { DirEntry, DirHandle, FileInfo, Result } from '../../allowedpaths/types.js';
import { errorText } from '../../allowedpaths/index.js';
import { encode } from '../../lib/io/encoding.js';
import { quoteaf } from '../internal/quote.js';
import { OutputBuffer } from '../internal/output.js';
import { LS_FLAGS, resolveOptions, type LsOptions, type OptionsResult } from './options.js';
import { entryType, nameWidth, renderEntries, totalLine, type Entry } from './render.js';
import { compareExtension, compareVersion, quoteDirName } from './names.js';
import { LS_USAGE } from './usage.js';
import { defineCommand, writeUsageError, type CommandLine } from '../internal/command.js';
import { holdDir } from '../internal/held-dir.js';

/** the name's bytes as a latin1-style string (byte order = string order); an ASCII name already is one */
const latin1Key = (name: string): string => (/^[\x00-\x7f]*$/.test(name) ? name : Buffer.from(encode(name)).toString('latin1'));

/** a shell glob (*, ?, [..]) as an anchored regex, for -I/--hide/-B */
function globRegex(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') re += '[^]*';
    else if (ch === '?') re += '[^]';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        let body = glob.slice(i + 1, end);
        if (body.startsWith('!') || body.startsWith('^')) body = '^' + body.slice(1);
        re += `[${body.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (ch === '\\' && i + 1 < glob.length) re += glob[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** the entries -a adds to a listing (readdir's own are left out by the sandbox) */
const DOT: DirEntry = { name: '.', type: 'dir' };
const DOT_DOT: DirEntry = { name: '..', type: 'dir' };

/**
 * Any maxEntries selects the sandbox's streaming listing, which keeps the OS (readdir) order that
 * -U/-f print as GNU does; the plain listing comes back sorted. This one never truncates.
 */
const READDIR_ORDER = { maxEntries: Number.MAX_SAFE_INTEGER - 1 };

/** GNU's attach(): the name in messages, without a leading "./" for the current directory */
function errorName(dir: string, name: string): string {
  if (dir === '.') return name;
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

class Lister {
  status = 0;
  private readonly out: OutputBuffer;
  private printedSomething = false;
  private readonly ignore: RegExp[];
  private readonly hide: RegExp[];

  constructor(
    private readonly ctx: CallContext,
    private readonly o: LsOptions,
    private readonly nowMs: number,
  ) {
    this.out = new OutputBuffer(ctx.stdout);
    this.ignore = o.ignore.map(globRegex);
    if (o.ignoreBackups) this.ignore.push(/^[\s\S]*~$/);
    this.hide = o.hide.map(globRegex);
  }

  private async write(text: string): Promise<void> {
    if (text === '') return;
    this.printedSomething = true;
    const p = this.out.writeString(text);
    if (p) await p;
  }

  private async error(text: string, serious: boolean): Promise<void> {
    const p = this.out.flush();
    if (p) await p;
    const q = this.ctx.stderr.writeString(`ls: ${text}\n`);
    if (q) await q;
    this.status = serious ? 2 : Math.max(this.status, 1);
  }

  async finish(): Promise<void> {
    const p = this.out.flush();
    if (p) await p;
  }

  /** build an entry: stat per the dereference rules, link text and target for symlinks */
  private entry(name: string, path: string, info: FileInfo): Entry {
    const e: Entry = { name, path, info, key: latin1Key(name) };
    if (info.type === 'symlink') {
      const t = this.ctx.fs.readlink(path);
      if (t.ok && this.o.format === 'long') e.linkTarget = t.value;
      const target = this.ctx.fs.stat(path);
      if (target.ok) e.targetInfo = target.value;
    }
    return e;
  }

  private isDirEntry(e: Entry): boolean {
    return e.info?.type === 'dir' || (e.info?.type === 'symlink' && e.targetInfo?.type === 'dir');
  }

  sort(entries: Entry[]): Entry[] {
    const o = this.o;
    const byName = (a: Entry, b: Entry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
    const time = (e: Entry): number => {
      const i = e.info;
      if (i === undefined) return 0;
      return o.time === 'atime' ? i.atimeMs : o.time === 'ctime' ? i.ctimeMs : o.time === 'birth' ? i.birthtimeMs : i.mtimeMs;
    };
    // GNU's sort_files returns before anything for -U: no -r, no --group-directories-first
    if (o.sort === 'none') return entries;
    let base: ((a: Entry, b: Entry) => number) | undefined;
    if (o.sort === 'name') base = byName;
    else if (o.sort === 'time') base = (a, b) => time(b) - time(a) || byName(a, b);
    else if (o.sort === 'size') base = (a, b) => (b.info?.size ?? 0) - (a.info?.size ?? 0) || byName(a, b);
    else if (o.sort === 'extension') base = (a, b) => compareExtension(a.key, b.key);
    else if (o.sort === 'version') base = (a, b) => compareVersion(a.key, b.key);
    else if (o.sort === 'width') base = (a, b) => nameWidth(a, o) - nameWidth(b, o) || byName(a, b);
    if (base !== undefined) {
      const cmp = base;
      entries.sort(o.reverse ? (a, b) => cmp(b, a) : cmp);
    }
    if (o.groupDirsFirst) {
      const dirs = entries.filter((e) => this.isDirEntry(e));
      const rest = entries.filter((e) => !this.isDirEntry(e));
      return [...dirs, ...rest];
    }
    return entries;
  }

  /** the command line operands: files first, then directories */
  async operands(names: readonly string[]): Promise<void> {
    const files: Entry[] = [];
    const dirs: Entry[] = [];
    for (const name of names) {
      this.ctx.checkAbort();
      const st = this.statOperand(name);
      if (!st.ok) {
        await this.error(`cannot access ${quoteaf(name)}: ${errorText(st.error)}`, true);
        continue;
      }
      const e = this.entry(name, name, st.value);
      if (st.value.type === 'dir' && !this.o.directory) dirs.push(e);
      else files.push(e);
    }
    const sortedFiles = this.sort(files);
    // GNU sizes the columns of the file group before taking the directories out of it
    await this.write(renderEntries(sortedFiles, this.o, this.nowMs, dirs));
    const showHeaders = names.length > 1 || this.o.recursive;
    for (const d of this.sort(dirs)) await this.listDirectory(d.path, d.name, showHeaders, true, new Set());
  }

  /** GNU gobble_file's command-line cases: -L/-H stat only; the default follows only to dirs */
  private statOperand(name: string): Result<FileInfo> {
    const o = this.o;
    if (o.dereference === 'always' || o.dereference === 'commandLine') return this.ctx.fs.stat(name);
    if (o.dereference === 'commandLineDirs') {
      const st = this.ctx.fs.stat(name);
      const needLstat = st.ok ? st.value.type !== 'dir' : st.error.code === 'ENOENT';
      if (!needLstat) return st;
    }
    return this.ctx.fs.lstat(name);
  }

  private visible(name: string): boolean {
    const o = this.o;
    if (name.startsWith('.') && !o.all && !o.almostAll) return false;
    if (this.ignore.some((r) => r.test(name))) return false;
    if (!o.all && !o.almostAll && this.hide.some((r) => r.test(name))) return false;
    return true;
  }

  /**
   * List one directory, then (-R) the directories in it. The directory is opened through its
   * parent's open handle when there is one (see holdDir): its listing, its entries' lstat and its
   * subdirectories' opens are then one step each, not a walk of the whole path from the root
   * (ls -R over 50,000 entries spent a quarter of its time re-walking paths). It stays open while
   * its subdirectories are listed, at most MAX_HELD_DEPTH of them at once.
   */
  private async listDirectory(
    path: string, shown: string, header: boolean, commandLine: boolean, ancestors: Set<string>,
    depth = 0, parent?: DirHandle, name?: string,
  ): Promise<void> {
    this.ctx.checkAbort();
    // a name listing needs no stat: readdir's type (d_type) is all that -R (which directories to
    // enter) and -p/--file-type need, as in GNU's gobble_file; -F stats, for the executable bit
    const o = this.o;
    // -L stats only where the target's type matters (-R, -p, --file-type): a plain `ls -L` lists
    // a dangling link quietly, as GNU does
    const needStat = o.format === 'long' || o.indicator === 'classify' || o.inode || o.size || o.sort === 'time' ||
      o.sort === 'size' || o.groupDirsFirst || (o.dereference === 'always' && (o.recursive || o.indicator !== 'none'));
    // -L follows links, which a handle never does: it lists by path
    const handle = o.dereference !== 'always' ? holdDir(this.ctx.fs, path, depth, parent, name) : null;
    try {
      const entries: Entry[] = [];
      const order = o.sort === 'none' ? READDIR_ORDER : undefined;
      const held = handle?.list(order);
      // a listing that fails through the handle is made again by path, which words the error
      const listing = held?.ok === true ? held : this.ctx.fs.readdir(path, order);
      if (!listing.ok) {
        await this.error(`cannot open directory ${quoteaf(shown)}: ${errorText(listing.error)}`, commandLine);
        return;
      }
      // GNU's loop check (-R): the device and inode of every directory on the way down
      let id = '';
      if (o.recursive) {
        const self = handle?.stat() ?? this.ctx.fs.stat(path);
        id = self.ok ? `${self.value.dev}:${self.value.ino}` : '';
        if (id !== '' && ancestors.has(id)) {
          await this.error(`${quoteaf(shown)}: not listing already-listed directory`, false);
          return;
        }
      }
      if (header) {
        if (this.printedSomething) await this.write('\n');
        await this.write(`${quoteDirName(shown, o.quoting, o.hideControl)}:\n`);
      }
      // readdir's own '.' and '..' are dropped below the sandbox, so their place in an unsorted
      // listing is lost: first, where tmpfs, btrfs and xfs return them (ext4 hashes them in)
      const listed: readonly DirEntry[] = o.all ? [DOT, DOT_DOT, ...listing.value] : listing.value;
      const base = path.endsWith('/') ? path : `${path}/`;
      for (const d of listed) {
        const r = this.addEntry(entries, d, base, shown, needStat, handle);
        if (r) await r;
      }
      const sorted = this.sort(entries);
      if (o.format === 'long' || o.size) await this.write(totalLine(sorted, o));
      await this.write(renderEntries(sorted, o, this.nowMs));
      if (!o.recursive) return;
      const inner = new Set(ancestors);
      if (id !== '') inner.add(id);
      const prefix = shown.endsWith('/') ? shown : `${shown}/`;
      for (const e of sorted) {
        if (e.name === '.' || e.name === '..' || entryType(e) !== 'dir') continue;
        await this.listDirectory(e.path, prefix + e.name, true, false, inner, depth + 1, handle ?? undefined, e.name);
      }
    } finally {
      handle?.close();
    }
  }

  /** one listed name as an entry (stat'ed when needed); a promise only when an error is printed */
  private addEntry(entries: Entry[], d: DirEntry, base: string, shown: string, needStat: boolean, handle: DirHandle | null): void | Promise<void> {
    const name = d.name;
    if (!this.visible(name)) return;
    const childPath = base + name;
    if (!needStat) {
      entries.push({ name, path: childPath, info: undefined, type: d.type, key: latin1Key(name) });
      return;
    }
    const st = this.o.dereference === 'always'
      ? this.ctx.fs.stat(childPath)
      : handle !== null && name !== '.' && name !== '..' ? handle.lstat(name) : this.ctx.fs.lstat(childPath);
    if (!st.ok) {
      // '..' of a root lies outside the sandbox: leave it out rather than invent it
      if (name === '.' || name === '..') return;
      const l = this.ctx.fs.lstat(childPath);
      // -L and a dangling link in a directory: GNU reports it and lists it as a link of unknown fields
      if (this.o.dereference === 'always' && st.error.code === 'ENOENT' && l.ok && l.value.type === 'symlink') {
        entries.push({ name, path: childPath, info: undefined, type: 'symlink', key: latin1Key(name) });
        return this.error(`cannot access ${quoteaf(errorName(shown, name))}: ${errorText(st.error)}`, false);
      }
      if (this.o.dereference !== 'always' && l.ok) {
        entries.push(this.entry(name, childPath, l.value));
        return;
      }
      entries.push({ name, path: childPath, info: undefined, key: latin1Key(name) });
      return this.error(`cannot access ${quoteaf(errorName(shown, name))}: ${errorText(st.error)}`, false);
    }
    entries.push(this.entry(name, childPath, st.value));
  }
}

/** a refused option or a bad --time-style: ls's status 2 */
async function reportBadOption(ctx: CallContext, bad: Extract<OptionsResult, { ok: false }>): Promise<number> {
  if (bad.usage) return writeUsageError(ctx, bad.message, 2);
  const p = ctx.stderr.writeString(`ls: ${bad.message}\n`);
  if (p) await p;
  return 2;
}

async function run(ctx: CallContext, { order, operands }: CommandLine<typeof LS_FLAGS>): Promise<number> {
  const resolved = resolveOptions(order, ctx.getEnv('COLUMNS'));
  if (!resolved.ok) return reportBadOption(ctx, resolved);
  const lister = new Lister(ctx, resolved.options, Date.now());
  try {
    await lister.operands(operands.length === 0 ? ['.'] : operands);
  } finally {
    await lister.finish();
  }
  return lister.status;
}

export const ls = defineCommand({
  name: 'ls',
  summary: 'list directory contents',
  help: LS_USAGE,
  flags: LS_FLAGS,
  usageStatus: 2,
  // rshell's refusals, met in the loop before whatever ended the scan
  checkBefore(ctx, before) {
    const r = resolveOptions(before, undefined, true);
    return r.ok ? undefined : reportBadOption(ctx, r);
  },
  run,
});
