// Feeding one input to a digest, chunk by chunk through one reused buffer, so a file of any size
// is hashed in bounded memory. The run's deadline is checked every few MB.

import type { CallContext } from '../../types.js';
import { ChunkReader, type Input } from '../inputs.js';

/** bytes between two deadline checks */
const ABORT_CHECK_BYTES = 8 << 20;

export interface Feedable {
  update(chunk: Uint8Array): unknown;
}

/** feeds every chunk of `input` to `sink`; a read failure throws (see inputs.ts readFailure) */
export async function feedInput(ctx: CallContext, input: Input, sink: Feedable): Promise<void> {
  const chunks = new ChunkReader(input.reader);
  let sinceCheck = 0;
  try {
    for (;;) {
      let chunk = chunks.read();
      if (chunk instanceof Promise) chunk = await chunk;
      if (chunk === null) break;
      sink.update(chunk);
      sinceCheck += chunk.length;
      if (sinceCheck >= ABORT_CHECK_BYTES) {
        sinceCheck = 0;
        ctx.checkAbort();
      }
    }
  } finally {
    chunks.release();
  }
}
