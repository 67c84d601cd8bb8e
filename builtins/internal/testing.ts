// Test harness for builtins: run one Command with in-memory streams against a real sandbox over a
// fresh temp directory.
//
//   const r = await runBuiltin(grep, ['-n', 'b', 'f.txt'], { files: { 'f.txt': 'a\nb\n' } });
//   expect(r).toEqual({ ... })  // r.stdout, r.stderr (decoded), r.code, r.stdoutBytes
//
// Options: stdin (string or bytes), files (relative path → content; parents created), cwd (a
// subdirectory of the temp dir), env (what ctx.getEnv sees), chunkSize (stdin chunking,
// to exercise chunk boundaries), limits (override the defaults), name (argv[0], e.g. 'egrep').
//
// Test-only code: it creates and removes the temp directory with node:fs. The sandbox is the real
// one (allowedpaths `createSandbox`, read-only root = the temp dir). `chunkSize` applies to stdin;
// files are read in the sandbox reader's own chunks.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CallContext, Command, Limits } from '../types.js';
import type { SandboxFS } from '../../allowedpaths/types.js';
import type { ByteReader, ByteWriter } from '../../lib/io/streams.js';
import { decode, encode } from '../../lib/io/encoding.js';
import { createSandbox } from '../../allowedpaths/index.js';

export interface RunOptions {
  stdin?: string | Uint8Array;
  files?: Record<string, string | Uint8Array>;
  /** relative to the temp dir */
  cwd?: string;
  env?: Record<string, string>;
  chunkSize?: number;
  limits?: Partial<Limits>;
  name?: string;
  /** called with the temp dir after files are written (make symlinks, chmod, fifos…) */
  setup?: (dir: string) => void;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
  stdoutBytes: Uint8Array;
}

export const DEFAULT_TEST_LIMITS: Limits = {
  maxLineBytes: 1 << 20,
  maxSortBytes: 256 << 20,
  maxFileBytes: 256 << 20,
};

/** A ByteReader over fixed bytes, handed out in chunks of `chunkSize`. */
export function bytesReader(data: Uint8Array, chunkSize = 65536): ByteReader {
  let pos = 0;
  return {
    read(): Uint8Array | null {
      if (pos >= data.length) return null;
      const end = Math.min(data.length, pos + chunkSize);
      const chunk = data.subarray(pos, end);
      pos = end;
      return chunk;
    },
  };
}

/** A ByteWriter collecting everything written. */
export class CollectingWriter implements ByteWriter {
  private parts: Uint8Array[] = [];
  private size = 0;
  closed = false;
  write(chunk: Uint8Array): void {
    // copy: the caller may reuse its buffer
    this.parts.push(chunk.slice());
    this.size += chunk.length;
  }
  writeString(s: string): void {
    this.write(encode(s));
  }
  flush(): void {}
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let off = 0;
    for (const p of this.parts) {
      out.set(p, off);
      off += p.length;
    }
    return out;
  }
}

function toBytes(v: string | Uint8Array): Uint8Array {
  return typeof v === 'string' ? encode(v) : v;
}

/** Make a temp dir with `files`; returns its real path. */
export function makeTempTree(files: Record<string, string | Uint8Array> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-bt-')));
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(dir, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, toBytes(content));
  }
  return dir;
}

export async function runBuiltin(cmd: Command, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const dir = makeTempTree(opts.files);
  try {
    opts.setup?.(dir);
    const cwd = opts.cwd === undefined ? dir : path.join(dir, opts.cwd);
    const sandbox = createSandbox([dir]);
    const sandboxFs: SandboxFS = sandbox.at(cwd);
    const closeSandbox = (): void => sandbox.close();
    const stdout = new CollectingWriter();
    const stderr = new CollectingWriter();
    const env = opts.env ?? {};
    const controller = new AbortController();
    const ctx: CallContext = {
      name: opts.name ?? cmd.name,
      stdin: bytesReader(toBytes(opts.stdin ?? ''), opts.chunkSize),
      stdout,
      stderr,
      cwd,
      fs: sandboxFs,
      getEnv: (n) => env[n],
      exportedEnv: () => Object.entries(env),
      signal: controller.signal,
      limits: { ...DEFAULT_TEST_LIMITS, ...opts.limits },
      mode: 'read-only',
      procPath: '/proc',
      exec: () => Promise.resolve(127),
      runShellText: () => Promise.resolve(127),
      checkAbort: () => {},
    };
    let code: number;
    try {
      code = await cmd.run(ctx, args);
    } finally {
      closeSandbox();
    }
    const stdoutBytes = stdout.bytes();
    return { stdout: decode(stdoutBytes), stderr: decode(stderr.bytes()), code, stdoutBytes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
