// A ShellContext over in-memory streams and variables, for the shell builtins' unit tests.
import type { SandboxFS } from '../../../allowedpaths/types.js';
import { decode, encode } from '../../../lib/io/encoding.js';
import type { ByteReader, ByteWriter } from '../../../lib/io/streams.js';
import type { ShellContext, ShellVars } from '../state/shell-api.js';

export class MemoryWriter implements ByteWriter {
  chunks: Uint8Array[] = [];
  closed = false;
  write(chunk: Uint8Array): void {
    this.chunks.push(chunk.slice());
  }
  writeString(s: string): void {
    this.write(encode(s));
  }
  flush(): void {}
  bytes(): Uint8Array {
    const n = this.chunks.reduce((a, c) => a + c.length, 0);
    const out = new Uint8Array(n);
    let o = 0;
    for (const c of this.chunks) {
      out.set(c, o);
      o += c.length;
    }
    return out;
  }
  text(): string {
    return decode(this.bytes());
  }
}

/** yields the input in chunks of `chunkSize` bytes (to exercise chunk boundaries) */
export class MemoryReader implements ByteReader {
  private pos = 0;
  constructor(
    private readonly data: Uint8Array,
    private readonly chunkSize = 1 << 16,
  ) {}
  read(): Uint8Array | null {
    if (this.pos >= this.data.length) return null;
    const c = this.data.subarray(this.pos, this.pos + this.chunkSize);
    this.pos += c.length;
    return c;
  }
}

export interface FakeOptions {
  stdin?: string;
  chunkSize?: number;
  vars?: Record<string, string>;
  arrays?: Record<string, string[]>;
  readonly?: string[];
  positional?: string[];
  set?: Record<string, boolean>;
  shopt?: Record<string, boolean>;
  cwd?: string;
  fs?: Partial<SandboxFS>;
  kinds?: Record<string, 'keyword' | 'function' | 'builtin' | 'command'>;
  commands?: { name: string; summary: string; usage?: string }[];
  /** function definitions (as declare -f prints them) for type */
  functions?: Record<string, string>;
  /** extra readable descriptors (read -u, mapfile -u) */
  fds?: Record<number, string>;
}

export interface Fake {
  ctx: ShellContext;
  stdout: MemoryWriter;
  stderr: MemoryWriter;
  vars: Map<string, string>;
  arrays: Map<string, string[]>;
  cwd(): string;
}

export function fakeContext(o: FakeOptions = {}): Fake {
  const stdout = new MemoryWriter();
  const stderr = new MemoryWriter();
  const vars = new Map(Object.entries(o.vars ?? {}));
  const arrays = new Map(Object.entries(o.arrays ?? {}));
  const ro = new Set(o.readonly ?? []);
  let cwd = o.cwd ?? '/work';
  const shellVars: ShellVars = {
    get: (n) => vars.get(n) ?? arrays.get(n)?.[0],
    set: (n, v) => {
      if (ro.has(n)) return `${n}: readonly variable`;
      arrays.delete(n);
      vars.set(n, v);
      return undefined;
    },
    setArray: (n, vs) => {
      if (ro.has(n)) return `${n}: readonly variable`;
      vars.delete(n);
      arrays.set(n, vs.slice());
      return undefined;
    },
    getArray: (n) => {
      const v = vars.get(n);
      return arrays.get(n) ?? (v === undefined ? undefined : [v]);
    },
    unset: (n) => {
      if (ro.has(n)) return `${n}: cannot unset: readonly variable`;
      vars.delete(n);
      arrays.delete(n);
      return undefined;
    },
    isSet: (n) => vars.has(n) || arrays.has(n),
    isReadonly: (n) => ro.has(n),
    positional: () => o.positional ?? [],
    isFunction: (n) => o.kinds?.[n] === 'function',
    commandKind: (n) => o.kinds?.[n],
    setElement: (n, index, value) => {
      if (ro.has(n)) return `${n}: readonly variable`;
      const arr = arrays.get(n) ?? [];
      arr[Number(index)] = value;
      arrays.set(n, arr);
      return undefined;
    },
    functionText: (n) => o.functions?.[n],
  };
  const fdReaders = new Map(Object.entries(o.fds ?? {}).map(([k, v]) => [Number(k), new MemoryReader(encode(v))]));
  const stdin = new MemoryReader(encode(o.stdin ?? ''), o.chunkSize);
  const ctx: ShellContext = {
    name: 'test',
    // the builtins tested over this context never reach the interpreter's state
    get shell(): never {
      throw new Error('fakeContext: no interpreter state');
    },
    stdin,
    stdout,
    stderr,
    get cwd() {
      return cwd;
    },
    fs: { cwd, ...(o.fs ?? {}) } as SandboxFS,
    getEnv: (n) => vars.get(n),
    exportedEnv: () => [...vars.entries()],
    signal: new AbortController().signal,
    limits: { maxLineBytes: 1 << 20, maxSortBytes: 1 << 20, maxFileBytes: 1 << 20 },
    mode: 'read-only',
    procPath: '/proc',
    exec: async () => 0,
    runShellText: async () => 0,
    checkAbort: () => undefined,
    vars: shellVars,
    options: { set: new Map(Object.entries(o.set ?? {})), shopt: new Map(Object.entries(o.shopt ?? {})) },
    chdir: (abs) => {
      vars.set('OLDPWD', vars.get('PWD') ?? cwd);
      vars.set('PWD', abs);
      cwd = abs;
    },
    listCommands: () => (o.commands ?? []).map(({ name, summary }) => ({ name, summary })),
    commandUsage: (n) => o.commands?.find((c) => c.name === n)?.usage,
    fd: (n) => {
      const reader = fdReaders.get(n);
      return reader === undefined ? undefined : { reader };
    },
  };
  return { ctx, stdout, stderr, vars, arrays, cwd: () => cwd };
}
