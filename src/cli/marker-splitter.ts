// A WritableLike that forwards bytes to a target until a marker appears, and keeps the marker and
// everything after it. The REPL session uses it to separate a script's output from the state dump
// appended to the script. Bytes that could be the start of the marker are held back until the
// next chunk (or `finish()`), so a marker split across chunks is still found.
import type { WritableLike } from '../api.js';

export class MarkerSplitter implements WritableLike {
  private held: Uint8Array = new Uint8Array(0);
  private tail: Uint8Array[] = [];
  private found = false;

  constructor(
    private readonly target: WritableLike,
    private readonly marker: Uint8Array,
  ) {}

  write(chunk: Uint8Array, cb?: (err?: Error | null) => void): boolean {
    if (this.found) {
      this.tail.push(chunk.slice());
      cb?.(null);
      return true;
    }
    const data = this.held.length > 0 ? concat(this.held, chunk) : chunk;
    const at = indexOf(data, this.marker);
    if (at >= 0) {
      this.found = true;
      this.held = new Uint8Array(0);
      this.tail.push(data.slice(at));
      return this.forward(data.subarray(0, at), cb);
    }
    const keep = partialSuffix(data, this.marker);
    this.held = data.slice(data.length - keep);
    return this.forward(data.subarray(0, data.length - keep), cb);
  }

  once(event: 'drain', listener: () => void): unknown {
    return this.target.once?.(event, listener);
  }

  /** the marker was seen */
  get sawMarker(): boolean {
    return this.found;
  }

  /** release held-back bytes; returns the captured marker-and-after bytes */
  finish(): Uint8Array {
    if (this.held.length > 0) {
      this.target.write(this.held);
      this.held = new Uint8Array(0);
    }
    return concat(...this.tail);
  }

  private forward(bytes: Uint8Array, cb?: (err?: Error | null) => void): boolean {
    if (bytes.length === 0) {
      cb?.(null);
      return true;
    }
    return this.target.write(bytes.slice(), cb) !== false;
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  if (needle.length === 0) return 0; // an empty marker is found at once
  const first = needle[0]!;
  outer: for (let i = hay.indexOf(first); i >= 0 && i + needle.length <= hay.length; i = hay.indexOf(first, i + 1)) {
    for (let k = 1; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/** the length of the longest suffix of `data` that is a proper prefix of `marker` */
function partialSuffix(data: Uint8Array, marker: Uint8Array): number {
  const max = Math.min(marker.length - 1, data.length);
  for (let len = max; len > 0; len--) {
    let match = true;
    for (let k = 0; k < len; k++) {
      if (data[data.length - len + k] !== marker[k]) {
        match = false;
        break;
      }
    }
    if (match) return len;
  }
  return 0;
}
