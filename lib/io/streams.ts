// Byte streams. stdin/stdout/stderr and pipes carry Uint8Array; words and variables are JS strings.
// They convert at the edges with UTF-8 plus surrogateescape (see encoding.ts).
//
// Synchronous fast path: `write` returns undefined when the bytes were taken at once, and a Promise
// only when the caller must wait (a full pipe). `read` likewise returns a chunk (or null at EOF)
// directly when one is ready. Callers `await` only real promises:
//   let r = w.write(b); if (r) await r;
//
// A write to a pipe whose reader has gone throws PipeClosedError (bash's SIGPIPE; the interpreter
// turns it into status 141 for that stage). A write or read after the run was cancelled or timed out
// throws the run's AbortError. Builtins do not catch these.

export interface ByteWriter {
  /**
   * Takes the bytes of `chunk`. A writer never keeps a reference to `chunk` past the call (or, when
   * it returns a promise, past that promise's settling): whatever it keeps, it copies. Callers may
   * therefore refill and reuse one output buffer for every write, as long as they await each write.
   */
  write(chunk: Uint8Array): void | Promise<void>;
  /** encode (surrogateescape UTF-8) and write */
  writeString(s: string): void | Promise<void>;
  /** push buffered bytes to the sink */
  flush(): void | Promise<void>;
  /** true once the reading side is gone */
  readonly closed: boolean;
}

export interface ByteReader {
  /** the next chunk, or null at end of input */
  read(): Uint8Array | null | Promise<Uint8Array | null>;
  /**
   * Optional: give back the unconsumed end of the last chunk, so that the next command reading the
   * same stream starts right after what this one used. Readers over regular files should implement
   * it: GNU head (and grep -m, bash's read) reposition a seekable stdin with lseek, which is what
   * makes `{ head -n1; cat; } < file` work. Pipes leave it out (GNU loses those bytes too).
   */
  unread?(rest: Uint8Array): void;
  /**
   * Optional, for pipes and here-documents: give back bytes that bash's `read`/`mapfile` would never
   * have taken (they read a pipe one byte at a time). Only those shell builtins call it; GNU tools
   * reading a pipe lose the rest of their buffer, so they must not.
   */
  pushBack?(rest: Uint8Array): void;
}
