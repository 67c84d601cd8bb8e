// du: disk usage of trees (GNU coreutils 9.1). Sizes come from st_blocks (or st_size with
// --apparent-size); a file with several hard links is counted once (unless -l), and an operand
// already counted (with several operands, anything already counted) is skipped, as GNU's du does. Walk order is the sandbox's readdir order.
// Links are followed only with -L/-H/-D and only inside the roots (the sandbox refuses the rest).
// Refused: --files0-from, -X/--exclude-from, --exclude, --time*, --inodes, -t/--threshold.

import type { CallContext } from '../types.js';
import type { DirHandle, FileInfo, FsError } from '../../allowedpaths/types.js';
import { defineCommand, flag, reject, writeUsageError, type CommandLine, type Reject } from '../internal/command.js';
import { OutputBuffer, writeDiagnostic } from '../internal/output.js';
import { quote, quoteaf } from '../internal/quote.js';
import { humanSize } from '../internal/file-fields.js';
import { DU_USAGE } from './usage.js';
import { holdDir } from '../internal/held-dir.js';
import { parseBlockSize, type Units } from './block-size.js';

// long options in GNU du's table order
const FLAGS = {
  null: flag.boolean('-0 --null'),
  all: flag.boolean('-a --all'),
  apparent: flag.boolean('--apparent-size'),
  blockSize: flag.value('-B --block-size', blockSize),
  bytes: flag.boolean('-b --bytes'),
  total: flag.boolean('-c --total'),
  derefArgs: flag.boolean('-D -H --dereference-args'),
  maxDepth: flag.value('-d --max-depth', maxDepth),
  files0From: flag.string('--files0-from'),
  human: flag.boolean('-h --human-readable'),
  inodes: flag.boolean('--inodes'),
  k: flag.boolean('-k'),
  deref: flag.boolean('-L --dereference'),
  countLinks: flag.boolean('-l --count-links'),
  m: flag.boolean('-m'),
  noDeref: flag.boolean('-P --no-dereference'),
  separate: flag.boolean('-S --separate-dirs'),
  si: flag.boolean('--si'),
  summarize: flag.boolean('-s --summarize'),
  threshold: flag.string('-t --threshold'),
  time: flag.optional('--time'),
  timeStyle: flag.string('--time-style'),
  excludeFrom: flag.string('-X --exclude-from'),
  exclude: flag.list('--exclude'),
  oneFs: flag.boolean('-x --one-file-system'),
};

const REFUSED: Partial<Record<keyof typeof FLAGS, string>> = {
  files0From: '--files0-from is refused: rshell reads only the files named as operands',
  excludeFrom: '-X/--exclude-from is refused: rshell reads only the files named as operands',
  exclude: '--exclude is not supported by rshell',
  time: '--time is not supported by rshell',
  timeStyle: '--time-style is not supported by rshell',
  inodes: '--inodes is not supported by rshell',
  threshold: '-t/--threshold is not supported by rshell',
};

/** directories below an operand that one run may visit (a budget) */
const MAX_DU_ENTRIES = 5_000_000;
const MAX_DIR_ENTRIES = 1_000_000;
/** hard-link entries remembered (Go rshell's 2^20) */
const MAX_LINK_ENTRIES = 1 << 20;

interface DuOptions {
  all: boolean;
  apparent: boolean;
  units: Units;
  total: boolean;
  maxDepth: number;
  countLinks: boolean;
  separate: boolean;
  follow: 'P' | 'L' | 'H';
  oneFs: boolean;
  eol: string;
  hashAll: boolean;
}

/** -d/--max-depth: GNU reports each bad one in its option loop and goes on; the usage hint follows it */
function maxDepth(text: string): number | Reject {
  return /^[0-9]+$/.test(text) ? Number(text) : reject(`invalid maximum depth ${quote(text)}`, { usage: true, fatal: false });
}

/** -B/--block-size, checked in GNU's option loop (xstrtol_fatal names the option as spelled) */
function blockSize(text: string, spelled: string): Units | Reject {
  const units = parseBlockSize(text);
  if (units === 'invalid') return reject(`invalid ${spelled} argument '${text}'`);
  if (units === 'suffix') return reject(`invalid suffix in ${spelled} argument '${text}'`);
  if (units === 'overflow') return reject(`${spelled} argument '${text}' too large`);
  return units;
}

function formatSize(bytes: number, u: Units): string {
  if (u.kind === 'human') return humanSize(bytes, u.base);
  return String(Math.ceil(bytes / u.size)) + u.suffix;
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : dir + '/' + name;
}

class Du {
  status = 0;
  private readonly seen = new Set<string>();
  private visited = 0;
  total = 0;
  constructor(
    private readonly ctx: CallContext,
    private readonly o: DuOptions,
    private readonly out: OutputBuffer,
  ) {}

  private async error(text: string): Promise<void> {
    this.status = 1;
    await writeDiagnostic(this.ctx, this.out, `du: ${text}\n`);
  }

  /** fts's FTS_SLNONE (a dangling link followed by -L/-H) carries no errno: GNU names the file only */
  private async cannotAccess(path: string, err: FsError): Promise<void> {
    const dangling = err.code === 'ENOENT' && this.o.follow !== 'P' && this.ctx.fs.lstat(path).ok;
    await this.error(`cannot access ${quoteaf(path)}${dangling ? '' : `: ${err.detail ?? err.message}`}`);
  }

  private stat(path: string, depth: number): ReturnType<CallContext['fs']['stat']> {
    const follow = this.o.follow === 'L' || (this.o.follow === 'H' && depth === 0);
    return follow ? this.ctx.fs.stat(path) : this.ctx.fs.lstat(path);
  }

  private sizeOf(i: FileInfo): number {
    return this.o.apparent ? (i.type === 'file' || i.type === 'symlink' || i.type === 'dir' ? i.size : 0) : i.blocks * 512;
  }

  /** true when this inode was counted already (hard links, repeated operands) */
  private already(i: FileInfo): boolean {
    // GNU's hash_all: with -L or several operands every entry is remembered, so a directory given
    // again (or below another operand) counts once; -l remembers nothing
    if (this.o.countLinks || (!this.o.hashAll && (i.type === 'dir' || i.nlink < 2))) return false;
    const key = `${i.dev}:${i.ino}`;
    if (this.seen.has(key)) return true;
    if (this.seen.size < MAX_LINK_ENTRIES) this.seen.add(key);
    return false;
  }

  private async print(bytes: number, path: string): Promise<void> {
    const p = this.out.writeString(`${formatSize(bytes, this.o.units)}\t${path}${this.o.eol}`);
    if (p) await p;
  }

  async operand(path: string): Promise<void> {
    const st = this.stat(path, 0);
    if (!st.ok) {
      await this.cannotAccess(path, st.error);
      return;
    }
    if (this.already(st.value)) return;
    const size = await this.walk(path, st.value, 0, st.value.dev);
    this.total += size.total;
  }

  /**
   * The directory open for its entries (see holdDir), only where entries are lstat'ed (-P, and
   * below the operands with -H): a handle's lstat does not follow links.
   */
  private hold(path: string, depth: number, parent: DirHandle | undefined, name: string | undefined): DirHandle | null {
    return this.o.follow === 'L' ? null : holdDir(this.ctx.fs, path, depth, parent, name);
  }

  /** returns the entry's total (for its parent); `parent`/`name`: the open directory holding it */
  private async walk(path: string, info: FileInfo, depth: number, dev: number, parent?: DirHandle, name?: string): Promise<{ total: number }> {
    if (++this.visited > MAX_DU_ENTRIES) {
      if (this.visited === MAX_DU_ENTRIES + 1) await this.error(`stopped after ${MAX_DU_ENTRIES} entries (rshell's du entry budget)`);
      return { total: 0 };
    }
    if ((this.visited & 1023) === 0) this.ctx.checkAbort();
    const own = this.sizeOf(info);
    if (info.type !== 'dir') {
      if (depth === 0 || (this.o.all && depth <= this.o.maxDepth)) await this.print(own, path);
      return { total: own };
    }
    let sum = own;
    let subdirs = 0;
    const held = this.hold(path, depth, parent, name);
    try {
      // maxEntries also selects the sandbox's streaming listing, which keeps the OS (readdir) order
      const list = held !== null ? held.list({ maxEntries: MAX_DIR_ENTRIES }) : this.ctx.fs.readdir(path, { maxEntries: MAX_DIR_ENTRIES });
      if (!list.ok) {
        await this.error(`cannot read directory ${quoteaf(path)}: ${list.error.detail ?? list.error.message}`);
      } else {
        for (const d of list.value) {
          const child = joinPath(path, d.name);
          const st = held !== null ? held.lstat(d.name) : this.stat(child, depth + 1);
          if (!st.ok) {
            await this.cannotAccess(child, st.error);
            continue;
          }
          if (this.already(st.value)) continue;
          if (st.value.type === 'dir' && this.o.oneFs && st.value.dev !== dev) continue;
          const r = await this.walk(child, st.value, depth + 1, dev, held ?? undefined, d.name);
          if (st.value.type === 'dir') subdirs += r.total;
          else sum += r.total;
        }
      }
    } finally {
      held?.close();
    }
    const shown = this.o.separate ? sum : sum + subdirs;
    if (depth <= this.o.maxDepth) await this.print(shown, path);
    return { total: sum + subdirs };
  }
}

async function run(ctx: CallContext, { flags: f, operands: given, order }: CommandLine<typeof FLAGS>): Promise<number> {
  for (const o of order) {
    const why = REFUSED[o.name];
    if (why !== undefined) {
      await ctx.stderr.writeString(`du: ${why}\n`);
      return 1;
    }
  }
  // units: the last of -b/-k/-m/-B/-h/--si wins, as in GNU's option loop
  let units: Units = { kind: 'blocks', size: 1024, suffix: '' };
  let apparent = false;
  let follow: 'P' | 'L' | 'H' = 'P';
  let maxDepth = f.maxDepth ?? Infinity;
  for (const o of order) {
    switch (o.name) {
      case 'bytes':
        apparent = true;
        units = { kind: 'blocks', size: 1, suffix: '' };
        break;
      case 'apparent':
        apparent = true;
        break;
      case 'k':
        units = { kind: 'blocks', size: 1024, suffix: '' };
        break;
      case 'm':
        units = { kind: 'blocks', size: 1024 * 1024, suffix: '' };
        break;
      case 'human':
        units = { kind: 'human', base: 1024 };
        break;
      case 'si':
        units = { kind: 'human', base: 1000 };
        break;
      case 'blockSize':
        units = o.value;
        break;
      case 'deref':
        follow = 'L';
        break;
      case 'derefArgs':
        follow = 'H';
        break;
      case 'noDeref':
        follow = 'P';
        break;
    }
  }
  const all = f.all;
  const summarize = f.summarize;
  if (summarize && all) return writeUsageError(ctx, 'cannot both summarize and show all entries', 1);
  if (summarize && maxDepth !== Infinity) {
    if (maxDepth !== 0) {
      await ctx.stderr.writeString(`du: warning: summarizing conflicts with --max-depth=${maxDepth}\n`);
      return writeUsageError(ctx, '', 1);
    }
    await ctx.stderr.writeString('du: warning: summarizing is the same as using --max-depth=0\n');
  }
  if (summarize) maxDepth = 0;
  const operands = given.length > 0 ? given : ['.'];
  const opts: DuOptions = {
    all, apparent, units, total: f.total, maxDepth, countLinks: f.countLinks,
    separate: f.separate, follow, oneFs: f.oneFs, eol: f.null ? '\0' : '\n',
    hashAll: follow === 'L' || operands.length > 1,
  };
  const out = new OutputBuffer(ctx.stdout);
  const du = new Du(ctx, opts, out);
  for (const p of operands) {
    ctx.checkAbort();
    if (p === '') {
      await writeDiagnostic(ctx, out, 'du: invalid zero-length file name\n');
      du.status = 1;
      continue;
    }
    await du.operand(p);
  }
  if (opts.total) {
    const p = out.writeString(`${formatSize(du.total, units)}\ttotal${opts.eol}`);
    if (p) await p;
  }
  const fl = out.flush();
  if (fl) await fl;
  return du.status;
}

export const du = defineCommand({
  name: 'du',
  summary: 'estimate file space usage',
  help: DU_USAGE,
  flags: FLAGS,
  run,
});
