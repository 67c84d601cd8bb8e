// Differential check of basename/dirname against the GNU binaries with arguments as raw bytes.
// spawnSync would re-encode a lone surrogate as U+FFFD, so the GNU side runs through bash with
// every argument spelled as $'\xNN…' (ANSI-C quoting yields the exact bytes). Test-only.
import { describe, it, expect } from 'vitest';
import { decode } from '../../lib/io/encoding.js';
import { runGnuBytes } from '../../tests/harness/gnu-bytes.js';

describe('raw-byte GNU runner', () => {
  it('passes invalid UTF-8 through unchanged', () => {
    expect(runGnuBytes('basename', [new Uint8Array([0x61, 0x2f, 0xff, 0x0a])]).stdout).toBe(decode(new Uint8Array([0xff, 0x0a, 0x0a])));
  });
});
