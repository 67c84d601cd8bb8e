// rg: ripgrep 13.0.0 as it behaves with stdout not a terminal (no heading, no colors, no line
// numbers unless -n), over the sandbox. Patterns are Rust regex syntax (rust-regex.ts), the walk
// is the `ignore` crate's (walk.ts), in name order (rg's own order is its threads'); errors are
// rg 13's (no `rg:` prefix; clap's for the command line). Exit: 0 a match, 1 none, 2 an error.

import { Buffer } from 'node:buffer';
import type { CallContext } from '../types.js';
import type { FsError } from '../../allowedpaths/types.js';
import { CLOSED_READER, EMPTY_READER } from '../../lib/io/pipe.js';
import { defineRawCommand, type RawCommandLine } from '../internal/raw-command.js';
import { readToEnd } from '../internal/inputs.js';
import { say } from '../internal/print.js';
import { parseArgs } from './args.js';
import { compileMatcher } from './matcher.js';
import { resolve, type RgOptions } from './options.js';
import { type BinaryMode, Searcher, type Sink } from './search.js';
import { typeDefinitions, typeList, typeMatcher } from './types.js';
import { RG_LONG_HELP, RG_SHORT_HELP } from './usage.js';
import { Walker } from './walk.js';

const ERRNO: Record<string, number> = { EPERM: 1, ENOENT: 2, EIO: 5, ENXIO: 6, EACCES: 13, EBUSY: 16, EEXIST: 17, ENOTDIR: 20, EISDIR: 21, EINVAL: 22, ENAMETOOLONG: 36, ELOOP: 40 };

/** Rust's io::Error text: `No such file or directory (os error 2)` */
export function ioError(e: FsError): string {
  const n = ERRNO[e.code];
  return n === undefined ? (e.detail ?? e.message) : `${e.message} (os error ${n})`;
}

class Output implements Sink {
  constructor(private readonly ctx: CallContext) {}
  push(s: string): void | Promise<void> {
    const w = this.ctx.stdout.write(Buffer.from(s, 'latin1'));
    return w ?? undefined;
  }
}

/** rg reads stdin when no path is given and stdin is a file or a pipe; rshell: any stdin given */
const stdinReadable = (ctx: CallContext): boolean => ctx.stdin !== EMPTY_READER && ctx.stdin !== CLOSED_READER;

async function readPatternFiles(ctx: CallContext, opts: RgOptions): Promise<string[] | string> {
  const out: string[] = [];
  for (const f of opts.patternFiles) {
    let bytes: Uint8Array;
    if (f === '-') {
      const r = await readToEnd(ctx.stdin, ctx.limits.maxFileBytes);
      if (!r.ok) return `-: ${r.message}\n`;
      bytes = r.bytes;
    } else {
      const r = ctx.fs.readFile(f, ctx.limits.maxFileBytes);
      if (!r.ok) return `${f}: ${ioError(r.error)}\n`;
      bytes = r.value;
    }
    const text = Buffer.from(bytes).toString('latin1');
    const lines = text.split('\n');
    if (text.endsWith('\n')) lines.pop();
    out.push(...lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)));
  }
  return out;
}

async function run(ctx: CallContext, line: RawCommandLine): Promise<number> {
  const parsed = parseArgs(line.args);
  if ('error' in parsed) {
    await say(ctx.stderr, parsed.error);
    return 2;
  }
  const help = parsed.order.find((o) => o.name === 'help');
  if (help !== undefined) {
    const w = ctx.stdout.write(Buffer.from(help.value === '-h' ? RG_SHORT_HELP : RG_LONG_HELP));
    if (w) await w;
    return 0;
  }
  if (parsed.order.some((o) => o.name === 'version')) return line.version();
  const r = resolve(parsed.order, parsed.positionals);
  if (!r.ok) {
    await say(ctx.stderr, r.text);
    return r.status;
  }
  const opts = r.opts;
  const defs = typeDefinitions(opts.typeAdds, opts.typeClears);
  if (typeof defs === 'string') {
    await say(ctx.stderr, defs);
    return 2;
  }
  if (opts.typeList) {
    const w = ctx.stdout.write(Buffer.from(typeList(defs), 'latin1'));
    if (w) await w;
    return 0;
  }
  const types = typeMatcher(defs, opts.types, opts.typesNot);
  if (typeof types === 'string') {
    await say(ctx.stderr, types);
    return 2;
  }
  const fromFiles = await readPatternFiles(ctx, opts);
  if (typeof fromFiles === 'string') {
    await say(ctx.stderr, fromFiles);
    return 2;
  }
  // patterns are byte strings: the UTF-8 of what was typed
  const patterns = [...opts.patterns.map((p) => Buffer.from(p, 'utf8').toString('latin1')), ...fromFiles];
  const compiled = opts.files ? null : compileMatcher(patterns, {
    fixed: opts.fixed, icase: opts.caseMode, word: opts.word, line: opts.line, multiline: opts.multiline, dotall: opts.multilineDotall,
  });
  if (compiled !== null && !compiled.ok) {
    await say(ctx.stderr, compiled.text);
    return 2;
  }
  // rg 13 searches nothing with -m 0
  if (opts.maxCount === 0 && !opts.files) return 1;
  return searchAll(ctx, opts, r.paths, types, compiled?.matcher ?? null);
}

async function searchAll(ctx: CallContext, opts: RgOptions, paths: string[], types: Exclude<ReturnType<typeof typeMatcher>, string>, matcher: import('./matcher.js').RgMatcher | null): Promise<number> {
  const out = new Output(ctx);
  let implicit = false;
  let stdinBytes: Uint8Array | null = null;
  if (paths.length === 0) {
    // rg reads stdin when it is a file or a pipe, and walks `.` when it is a terminal or
    // /dev/null; rshell cannot tell those apart, so an empty stdin counts as none
    if (!opts.files && stdinReadable(ctx)) {
      const all = await readToEnd(ctx.stdin, ctx.limits.maxFileBytes);
      if (!all.ok) {
        await say(ctx.stderr, `<stdin>: ${all.message}\n`);
        return 2;
      }
      if (all.bytes.length > 0) {
        stdinBytes = all.bytes;
        paths.push('-');
      }
    }
    implicit = paths.length === 0;
  }
  const firstIsFile = paths.length === 1 && paths[0] !== undefined && (paths[0] === '-' || (() => {
    const st = ctx.fs.stat(paths[0]!); // checked above
    return st.ok && st.value.type !== 'dir';
  })());
  const withFilename = opts.withFilename ?? (opts.vimgrep || implicit || paths.length > 1 || !firstIsFile);
  let matched = false;
  let errored = false;
  let listed = false;
  const report = async (text: string): Promise<void> => {
    errored = true;
    if (opts.noMessages) return;
    await say(ctx.stderr, text);
  };
  const searcher = matcher === null ? null : new Searcher(opts, matcher, out, withFilename, () => ctx.checkAbort());
  const latin = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');
  const sep = opts.pathSeparator;
  const shown = (display: string): string => latin(sep === null ? display : display.replaceAll('/', sep));

  const searchBytes = async (bytes: Uint8Array, display: string, binary: BinaryMode): Promise<boolean> => {
    if (searcher === null) return false;
    const res = await searcher.search(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), shown(display), opts.text ? 'text' : binary);
    if (res.matched) matched = true;
    return res.stop;
  };
  const searchFile = async (path: string, display: string, binary: BinaryMode): Promise<boolean> => {
    ctx.checkAbort();
    if (opts.files) {
      listed = true;
      if (opts.quiet) return true;
      const w = out.push(shown(display) + (opts.nullAfterPath ? '\0' : '\n'));
      if (w) await w;
      return opts.quiet;
    }
    const data = ctx.fs.readFile(path, ctx.limits.maxFileBytes);
    if (!data.ok) {
      await report(`${display}: ${ioError(data.error)}\n`);
      return false;
    }
    return searchBytes(data.value, display, binary);
  };
  const walker = new Walker(ctx, opts, types, {
    file: (path, display) => searchFile(path, display, opts.binary ? 'convert' : 'skip'),
    error: report,
  });
  await walker.loadExplicit();

  if (implicit) await walker.walkRoot('.', '');
  for (const p of paths) {
    if (p === '-') {
      const all = stdinBytes !== null ? { ok: true as const, bytes: stdinBytes } : await readToEnd(ctx.stdin, ctx.limits.maxFileBytes);
      if (!all.ok) {
        await report(`<stdin>: ${all.message}\n`);
        continue;
      }
      if (await searchBytes(all.bytes, '<stdin>', 'convert')) break;
      continue;
    }
    const st = ctx.fs.stat(p);
    if (!st.ok) {
      // rg's single-threaded walker (walkdir) wraps the error; the parallel one does not
      const single = opts.sort !== 'none' || opts.threads === 1;
      await report(`${p}: ${single ? `IO error for operation on ${p}: ` : ''}${ioError(st.error)}\n`);
      continue;
    }
    if (st.value.type === 'dir') {
      if (await walker.walkRoot(p, p)) break;
      continue;
    }
    if (await searchFile(p, p, 'convert')) break;
  }
  if (opts.json && searcher !== null) {
    const w = out.push(searcher.stats.summary());
    if (w) await w;
  }
  if (opts.files) matched = listed;
  if (matched && (opts.quiet || !errored)) return 0;
  return errored ? 2 : 1;
}

export const rg = defineRawCommand({ name: 'rg', summary: 'recursively search for a regex pattern (ripgrep)', help: RG_LONG_HELP, run });
