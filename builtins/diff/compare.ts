// compare_files and diff_dirs of GNU diff 3.8 (src/diff.c, src/dir.c): which pairs are compared,
// the messages for files only in one directory, for type mismatches and for errors, and the
// comparison of one pair (diff_2_files): binary files, the edit script, its output.

import { Buffer } from 'node:buffer';
import type { CallContext } from '../types.js';
import type { FileInfo, FsError } from '../../allowedpaths/types.js';
import type { OutputBuffer } from '../internal/output.js';
import { openInput, readToEnd } from '../internal/inputs.js';
import { commandBudget, memoryExhausted } from '../internal/budget.js';
import { matchPattern } from '../../lib/pattern/pattern.js';
import { zoneAt } from '../../lib/time/timezone.js';
import { analyze, prepareText } from './analyze.js';
import { anyChange, Color, Out, printScript, type FormatOptions } from './format.js';
import type { Settings } from './options.js';
import { printSideBySide } from './side.js';

export interface RunPlan {
  settings: Settings;
  brief: boolean;
  reportIdentical: boolean;
  recursive: boolean;
  newFile: boolean;
  unidirectionalNewFile: boolean;
  noDereference: boolean;
  text: boolean;
  minimal: boolean;
  speedLargeFiles: boolean;
  stripTrailingCr: boolean;
  ignoreCase: boolean;
  ignoreBlankLines: boolean;
  ignoreLine: ((line: string) => boolean) | null;
  functionLine: ((line: string) => boolean) | null;
  expandTabs: boolean;
  initialTab: boolean;
  suppressBlankEmpty: boolean;
  suppressCommonLines: boolean;
  leftColumn: boolean;
  mergeAssist: boolean;
  ignoreFileNameCase: boolean;
  excludes: string[];
  colors: string[] | null;
  /** the option words, each with a leading space, for the `diff …` line of recursive runs */
  switches: string;
}

/** one side of a comparison (GNU's struct file_data, as far as compare_files needs it) */
interface Side {
  name: string;
  /** 'none': nonexistent (or treated so by -N/-P); 'error': stat failed */
  state: 'unopened' | 'stdin' | 'none' | 'error';
  error?: FsError;
  info: FileInfo | null;
  /** the type as compare_files sees it (a nonexistent side takes the other's) */
  type: FileInfo['type'] | null;
  /** same as side 0 (same name) */
  sameAsFirst?: boolean;
}

interface Parent {
  names: [string, string];
  infos: [FileInfo | null, FileInfo | null];
  parent: Parent | null;
}

const FILE_TYPE: Record<FileInfo['type'], string> = {
  file: 'regular file', dir: 'directory', symlink: 'symbolic link', fifo: 'fifo', socket: 'socket',
  char: 'character special file', block: 'block special file',
};

function fileTypeText(s: Side): string {
  if (s.type === 'file' && (s.info === null || s.info.size === 0)) return 'regular empty file';
  return s.type === null ? 'regular empty file' : FILE_TYPE[s.type];
}

/** gnulib file_name_concat as diff uses it: DIR/NAME, no doubled slash */
function join(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

function baseName(p: string): string {
  const t = p.replace(/\/+$/, '');
  const i = t.lastIndexOf('/');
  return i < 0 ? t : t.slice(i + 1);
}

/** c_escape of util.c: names with spaces or control bytes in double quotes, C escapes */
export function cEscape(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  let must = false;
  let out = '';
  const esc: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 34: '"', 92: '\\' };
  for (const c of bytes) {
    if (c === 0x20) {
      must = true;
      out += ' ';
    } else if (esc[c] !== undefined) {
      must = true;
      out += '\\' + esc[c]!;
    } else if (c < 32 || c >= 128) {
      must = true;
      out += '\\' + ((c >> 6) & 3).toString() + ((c >> 3) & 7).toString() + (c & 7).toString();
    } else out += String.fromCharCode(c);
  }
  return must ? `"${out}"` : name;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** the header's time: `%Y-%m-%d %H:%M:%S.%N %z`, or for -c in the C locale `%a %b %e %T %Y` */
function stamp(ms: number, tz: string | undefined, posixContext: boolean): string {
  const secs = Math.floor(ms / 1000);
  const ns = Math.min(999_999_999, Math.round((ms - secs * 1000) * 1e6));
  const zone = zoneAt(tz, secs);
  const d = new Date((secs + zone.offset) * 1000);
  const time = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  if (posixContext) {
    return `${DAYS[d.getUTCDay()]!} ${MONTHS[d.getUTCMonth()]!} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${d.getUTCFullYear()}`;
  }
  const off = Math.abs(zone.offset);
  const z = `${zone.offset < 0 ? '-' : '+'}${pad2(Math.floor(off / 3600))}${pad2(Math.floor((off % 3600) / 60))}`;
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${time}.${String(ns).padStart(9, '0')} ${z}`;
}

export class Comparer {
  private readonly out: Out;
  private readonly budget: number;

  constructor(
    private readonly ctx: CallContext,
    private readonly plan: RunPlan,
    private readonly sink: OutputBuffer,
  ) {
    this.out = new Out(plan.colors);
    this.budget = commandBudget(ctx);
  }

  private get robust(): boolean {
    return this.plan.settings.style !== 'ed' && this.plan.settings.style !== 'forward-ed';
  }

  /** stdout text (GNU's message()) */
  private async message(text: string): Promise<void> {
    this.out.b.text(text);
    await this.drain();
  }

  private async drain(): Promise<void> {
    if (this.out.b.len === 0) return;
    const p = this.sink.write(this.out.b.take());
    if (p) await p;
  }

  /** `diff: TEXT` on stderr, after the stdout so far */
  private async error(text: string): Promise<void> {
    await this.drain();
    const f = this.sink.flush();
    if (f) await f;
    const p = this.ctx.stderr.writeString(`${this.ctx.name}: ${text}\n`);
    if (p) await p;
  }

  private label(f: 0 | 1, s: Side): string {
    return this.plan.settings.labels[f] ?? s.name;
  }

  compareTop(name0: string, name1: string): Promise<number> {
    return this.compare(null, name0, name1);
  }

  private statOf(name: string): { info: FileInfo } | { error: FsError } {
    const r = this.plan.noDereference ? this.ctx.fs.lstat(name) : this.ctx.fs.stat(name);
    return r.ok ? { info: r.value } : { error: r.error };
  }

  private async compare(parent: Parent | null, n0: string | null, n1: string | null): Promise<number> {
    const plan = this.plan;
    this.ctx.checkAbort();
    if (parent !== null && !((n0 !== null && n1 !== null) || (plan.unidirectionalNewFile && n1 !== null) || plan.newFile)) {
      const name = n0 ?? n1!;
      await this.message(`Only in ${parent.names[n0 === null ? 1 : 0]}: ${name}\n`);
      return 1;
    }
    const name0 = n0 ?? n1!;
    const name1 = n1 ?? n0!;
    const sides: [Side, Side] = [
      { name: parent ? join(parent.names[0], name0) : name0, state: n0 === null ? 'none' : 'unopened', info: null, type: null },
      { name: parent ? join(parent.names[1], name1) : name1, state: n1 === null ? 'none' : 'unopened', info: null, type: null },
    ];
    for (const f of [0, 1] as const) {
      const s = sides[f];
      if (s.state === 'none') continue;
      if (f === 1 && s.name === sides[0].name) {
        s.state = sides[0].state;
        s.info = sides[0].info;
        s.error = sides[0].error;
        s.sameAsFirst = true;
      } else if (s.name === '-') {
        s.state = 'stdin';
      } else {
        const r = this.statOf(s.name);
        if ('info' in r) s.info = r.info;
        else {
          s.state = 'error';
          s.error = r.error;
        }
      }
      s.type = s.state === 'stdin' ? 'fifo' : (s.info?.type ?? null);
    }
    for (const f of [0, 1] as const) {
      const s = sides[f];
      const o = sides[1 - f]!;
      if (!(plan.newFile || (f === 0 && plan.unidirectionalNewFile))) continue;
      const empty = s.state === 'unopened' && s.info !== null && s.info.type === 'file' && (s.info.mode & 0o777) === 0 && s.info.size === 0;
      const absent = s.state === 'error' && s.error?.code === 'ENOENT' && parent === null && (o.state === 'unopened' || o.state === 'stdin');
      if (empty || absent) {
        s.state = 'none';
        s.info = null;
      }
    }
    for (const f of [0, 1] as const) {
      const s = sides[f];
      if (s.state === 'none') s.type = sides[1 - f]!.type;
    }
    let status = 0;
    for (const s of sides) {
      if (s.state === 'error') {
        await this.error(`${s.name}: ${s.error!.message}`);
        status = 2;
      }
    }
    const isDir = (f: 0 | 1): boolean => sides[f].type === 'dir';
    if (status === 0 && parent === null && isDir(0) !== isDir(1)) {
      const fnm = isDir(0) ? 1 : 0;
      const dirArg = (1 - fnm) as 0 | 1;
      const fname = sides[fnm].name;
      if (fname === '-') throw new FatalError("cannot compare '-' to a directory");
      const target = join(sides[dirArg].name, baseName(fname));
      sides[dirArg].name = target;
      const r = this.statOf(target);
      if ('info' in r) {
        sides[dirArg].info = r.info;
        sides[dirArg].type = r.info.type;
      } else {
        await this.error(`${target}: ${r.error.message}`);
        status = 2;
      }
    }
    if (status !== 0) return status;
    if (sides[0].state === 'none' && sides[1].state === 'none') return 0;
    const sameFiles = sides[0].state !== 'none' && sides[1].state !== 'none' && sameFile(sides[0], sides[1]);
    const noDiffMeansNoOutput = plan.settings.style !== 'sdiff' || plan.suppressCommonLines;
    if (sameFiles && noDiffMeansNoOutput) {
      // identical without reading
    } else if (isDir(0) && isDir(1)) {
      if (parent !== null && !plan.recursive) {
        await this.message(`Common subdirectories: ${sides[0].name} and ${sides[1].name}\n`);
      } else status = await this.diffDirs(parent, sides);
    } else if (isDir(0) || isDir(1) || (parent !== null && !(isRegOrLink(sides[0]) && isRegOrLink(sides[1])))) {
      if (sides[0].state === 'none' || sides[1].state === 'none') {
        if ((isDir(0) || isDir(1)) && plan.recursive && (plan.newFile || (plan.unidirectionalNewFile && sides[0].state === 'none'))) {
          status = await this.diffDirs(parent, sides);
        } else {
          await this.message(`Only in ${parent!.names[sides[0].state === 'none' ? 1 : 0]}: ${name0}\n`);
          status = 1;
        }
      } else {
        await this.message(`File ${this.label(0, sides[0])} is a ${fileTypeText(sides[0])} while file ${this.label(1, sides[1])} is a ${fileTypeText(sides[1])}\n`);
        status = 1;
      }
    } else if (sides[0].type === 'symlink' || sides[1].type === 'symlink') {
      if (sides[0].type === 'symlink' && sides[1].type === 'symlink') {
        const l0 = this.ctx.fs.readlink(sides[0].name);
        const l1 = l0.ok ? this.ctx.fs.readlink(sides[1].name) : l0;
        if (!l0.ok) {
          await this.error(`${sides[0].name}: ${l0.error.message}`);
          status = 2;
        } else if (!l1.ok) {
          await this.error(`${sides[1].name}: ${l1.error.message}`);
          status = 2;
        } else if (l0.value !== l1.value) {
          await this.message(`Symbolic links ${sides[0].name} and ${sides[1].name} differ\n`);
          status = 1;
        }
      } else {
        await this.message(`File ${this.label(0, sides[0])} is a ${fileTypeText(sides[0])} while file ${this.label(1, sides[1])} is a ${fileTypeText(sides[1])}\n`);
        status = 1;
      }
    } else {
      status = await this.diff2Files(parent, sides, sameFiles);
    }
    if (status === 0) {
      if (plan.reportIdentical && !isDir(0)) await this.message(`Files ${this.label(0, sides[0])} and ${this.label(1, sides[1])} are identical\n`);
    }
    return status;
  }

  private async diffDirs(parent: Parent | null, sides: [Side, Side]): Promise<number> {
    const loops = (f: 0 | 1): boolean => {
      const me = sides[f].info;
      for (let p = parent; p !== null; p = p.parent) {
        const i = p.infos[f];
        if (me !== null && i !== null && i.dev === me.dev && i.ino === me.ino) return true;
      }
      return false;
    };
    if ((sides[0].state === 'none' || loops(0)) && (sides[1].state === 'none' || loops(1))) {
      await this.error(`${sides[sides[0].state === 'none' ? 1 : 0].name}: recursive directory loop`);
      return 2;
    }
    const lists: string[][] = [[], []];
    let val = 0;
    for (const f of [0, 1] as const) {
      if (sides[f].state === 'none') continue;
      const r = this.ctx.fs.readdir(sides[f].name);
      if (!r.ok) {
        await this.error(`${sides[f].name}: ${r.error.message}`);
        val = 2;
        continue;
      }
      lists[f] = r.value.map((e) => e.name).filter((n) => !this.excluded(n));
    }
    if (val !== 0) return val;
    const cmp = this.plan.ignoreFileNameCase ? (a: string, b: string): number => byteCmp(a.toLowerCase(), b.toLowerCase()) || byteCmp(a, b) : byteCmp;
    const [a, b] = lists as [string[], string[]];
    a.sort(cmp);
    b.sort(cmp);
    let i = 0;
    let j = 0;
    const start = this.plan.settings.startingFile;
    if (start !== undefined && parent === null) {
      while (i < a.length && cmp(a[i]!, start) < 0) i++;
      while (j < b.length && cmp(b[j]!, start) < 0) j++;
    }
    const me: Parent = { names: [sides[0].name, sides[1].name], infos: [sides[0].info, sides[1].info], parent };
    while (i < a.length || j < b.length) {
      const order = i >= a.length ? 1 : j >= b.length ? -1 : cmp(a[i]!, b[j]!);
      const v = await this.compare(me, order > 0 ? null : a[i++]!, order < 0 ? null : b[j++]!);
      if (val < v) val = v;
    }
    return val;
  }

  private excluded(name: string): boolean {
    return this.plan.excludes.some((g) => matchPattern(name, g));
  }

  private async readSide(s: Side): Promise<Uint8Array | FsError | 'too-big'> {
    if (s.state === 'none') return new Uint8Array(0);
    const r = openInput(this.ctx, s.name);
    if (!r.ok) return r.error;
    try {
      const got = await readToEnd(r.value.reader, this.budget);
      if (!got.ok) return got.message === 'File too large' ? 'too-big' : { code: 'EIO', message: got.message };
      return got.bytes;
    } finally {
      r.value.close();
    }
  }

  private async diff2Files(parent: Parent | null, sides: [Side, Side], sameFiles: boolean): Promise<number> {
    const plan = this.plan;
    const raw0 = await this.readSide(sides[0]);
    if (raw0 === 'too-big') throw new FatalError(memoryExhausted('diff', this.budget).replace(/^diff: /, '').trimEnd());
    if (!(raw0 instanceof Uint8Array)) {
      await this.error(`${sides[0].name}: ${raw0.message}`);
      return 2;
    }
    const raw1 = sameFiles || sides[1].sameAsFirst ? raw0 : await this.readSide(sides[1]);
    if (raw1 === 'too-big' || (raw1 instanceof Uint8Array && raw0.length + raw1.length > this.budget)) {
      throw new FatalError(memoryExhausted('diff', this.budget).replace(/^diff: /, '').trimEnd());
    }
    if (!(raw1 instanceof Uint8Array)) {
      await this.error(`${sides[1].name}: ${raw1.message}`);
      return 2;
    }
    const names: [string, string] = [this.label(0, sides[0]), this.label(1, sides[1])];
    if (!plan.text && (looksBinary(raw0, sides[0]) || looksBinary(raw1, sides[1]))) {
      if (bytesEqual(raw0, raw1)) return 0;
      await this.message(`${plan.brief ? 'Files' : 'Binary files'} ${names[0]} and ${names[1]} differ\n`);
      return 1;
    }
    const s = plan.settings;
    const t0 = prepareText(raw0, plan.stripTrailingCr);
    const t1 = raw1 === raw0 ? t0 : prepareText(raw1, plan.stripTrailingCr);
    const budgetUse = raw0.length + raw1.length + 48 * (t0.lines + t1.lines);
    if (budgetUse > this.budget) throw new FatalError(memoryExhausted('diff', this.budget).replace(/^diff: /, '').trimEnd());
    const robust = this.robust;
    const checkAbort = (): void => this.ctx.checkAbort();
    const { changes } = analyze(t0, t1, {
      ignoreCase: plan.ignoreCase, whiteSpace: s.whiteSpace, tabSize: s.tabSize, minimal: plan.minimal,
      speedLargeFiles: plan.speedLargeFiles, horizon: s.horizon, robust, checkAbort,
    });
    const fo: FormatOptions = {
      style: s.style, context: s.context, initialTab: plan.initialTab, expandTabs: plan.expandTabs, tabSize: s.tabSize,
      suppressBlankEmpty: plan.suppressBlankEmpty, ignoreBlankLines: plan.ignoreBlankLines, whiteSpace: s.whiteSpace,
      ignoreLine: plan.ignoreLine, functionLine: plan.functionLine, robust,
    };
    const changed = anyChange(fo, t0, t1, changes);
    let status = changed ? 1 : 0;
    if (plan.brief) {
      if (changed) await this.message(`Files ${names[0]} and ${names[1]} differ\n`);
    } else if (changed || !(s.style !== 'sdiff' || plan.suppressCommonLines)) {
      let begun = false;
      const out = this.out;
      const begin = (): void => {
        if (begun) return;
        begun = true;
        const e0 = cEscape(sides[0].name === names[0] ? names[0] : names[0]);
        const e1 = cEscape(names[1]);
        if (parent !== null) out.b.text(`diff${plan.switches} ${cEscape(sides[0].name)} ${cEscape(sides[1].name)}\n`);
        if (s.style === 'context' || s.style === 'unified') {
          this.header(s.style === 'unified' ? '---' : '***', 0, sides[0], e0);
          this.header(s.style === 'unified' ? '+++' : '---', 1, sides[1], e1);
        }
      };
      if (s.style === 'sdiff') {
        begin();
        printSideBySide(out, { ...fo, width: s.width, leftColumn: plan.leftColumn, suppressCommon: plan.suppressCommonLines, mergeAssist: plan.mergeAssist }, t0, t1, changes, checkAbort);
      } else printScript(out, fo, t0, t1, changes, { begin }, checkAbort);
      await this.drain();
    }
    if (!robust) {
      for (const f of [0, 1] as const) {
        const t = f === 0 ? t0 : t1;
        if (t.missingNewline) {
          await this.error(`${names[f]}: No newline at end of file\n`);
          status = 2;
        }
      }
    }
    return status;
  }

  private header(mark: string, f: 0 | 1, s: Side, escaped: string): void {
    const out = this.out;
    out.color(Color.header);
    const label = this.plan.settings.labels[f];
    if (label !== undefined) out.b.text(`${mark} ${label}`);
    else {
      const ms = s.state === 'stdin' ? Date.now() : (s.info?.mtimeMs ?? 0);
      out.b.text(`${mark} ${escaped}\t${stamp(ms, this.ctx.getEnv('TZ'), this.plan.settings.style === 'context')}`);
    }
    out.color(Color.reset);
    out.b.byte(0x0a);
  }
}

/** a fatal error inside the comparison (GNU's fatal(): the message, status 2) */
export class FatalError extends Error {}

function isRegOrLink(s: Side): boolean {
  return s.type === 'file' || s.type === 'symlink';
}

function sameFile(a: Side, b: Side): boolean {
  if (a.state === 'stdin' && b.state === 'stdin') return true;
  if (a.info === null || b.info === null) return false;
  // an identity rshell cannot know (ino 0: the pipes of process substitution) is never the same
  // file; real pipes have inodes of their own, so GNU diff compares them
  if (a.info.ino === 0 || b.info.ino === 0) return false;
  return a.info.dev === b.info.dev && a.info.ino === b.info.ino && a.info.mode === b.info.mode && a.info.size === b.info.size && a.info.mtimeMs === b.info.mtimeMs;
}

function byteCmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** io.c's sip: a NUL in the first buffer (a block's worth) read */
function looksBinary(bytes: Uint8Array, s: Side): boolean {
  const block = Math.max(8, s.info?.blksize || 4096);
  const n = Math.min(bytes.length, block);
  return bytes.subarray(0, n).indexOf(0) !== -1;
}
