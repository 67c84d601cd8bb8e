// One input of paste, read chunk by chunk through a ChunkReader and consumed a piece at a time:
// paste takes one line from each input in turn, so each input keeps its place in its current
// chunk between turns. Memory is one chunk per input, whatever the line lengths: a line that spans
// chunks is written out as it is read, never assembled.
//
// Several `-` operands share one LineSource (GNU reads them all from the one stdin stream, taking
// lines in turn). End of input and read failures are sticky: once stdin has ended, every `-` sees
// the end on its next turn (GNU clears the EOF flag and read(2) returns 0 again); once a read has
// failed, every later read fails the same way (GNU's read of a directory fails each time, so
// `paste - - < dir` reports the error once per `-`).

import type { FsError } from '../../allowedpaths/types.js';
import { ChunkReader, readFailure, type Input } from '../internal/inputs.js';

const EMPTY = new Uint8Array(0);

/** what a turn finds: bytes to consume, the end of the input, or a read failure */
export type Availability = 'data' | 'end' | FsError;

export class LineSource {
  /** the unconsumed bytes are chunk[pos, chunk.length) */
  chunk: Uint8Array = EMPTY;
  /** a DataView over exactly `chunk`, for copyBytes */
  view: DataView = new DataView(EMPTY.buffer);
  pos = 0;
  private ended = false;
  private failure: FsError | undefined;
  private readonly reader: ChunkReader;

  constructor(
    /** the operand as given, for messages (`-` for stdin, as GNU names it) */
    readonly name: string,
    private readonly input: Input,
    buffer?: Uint8Array,
  ) {
    this.reader = new ChunkReader(input.reader, buffer);
  }

  /** 'data' when chunk[pos] exists, reading the next chunk if the current one is used up */
  available(): Availability | Promise<Availability> {
    if (this.pos < this.chunk.length) return 'data';
    if (this.failure !== undefined) return this.failure;
    if (this.ended) return 'end';
    let got: Uint8Array | null | Promise<Uint8Array | null>;
    try {
      got = this.reader.read();
    } catch (e) {
      return this.fail(e);
    }
    if (got instanceof Promise) return got.then((c) => this.accept(c), (e: unknown) => this.fail(e));
    return this.accept(got);
  }

  private accept(c: Uint8Array | null): Availability | Promise<Availability> {
    if (c === null) {
      this.ended = true;
      this.chunk = EMPTY;
      this.pos = 0;
      return 'end';
    }
    this.chunk = c;
    this.view = new DataView(c.buffer, c.byteOffset, c.length);
    this.pos = 0;
    // a reader may hand out an empty chunk: look again rather than call it the end
    return c.length === 0 ? this.available() : 'data';
  }

  private fail(e: unknown): FsError {
    const failure = readFailure(e);
    if (failure === undefined) throw e;
    this.failure = failure;
    this.chunk = EMPTY;
    this.pos = 0;
    return failure;
  }

  close(): void {
    this.reader.release();
    this.input.close();
  }
}
