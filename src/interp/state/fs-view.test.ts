// What the run's own descriptors are to `test`: bash stats the real descriptor behind /dev/stdin.
// A run given no stdin reads as /dev/null and is that character device (as bash run with stdin
// from /dev/null, the scenarios' case); a string or a stream given as stdin is a pipe.
import { describe, expect, it } from 'vitest';
import { Runner } from '../../index.js';

const SCRIPT = 'for op in -c -p -f -r -w; do [ $op /dev/stdin ]; printf %s $?; done; echo';

describe('/dev/stdin of the run', () => {
  it('no stdin: a character device (/dev/null)', async () => {
    const r = await new Runner({ allowedCommands: 'all' }).run(SCRIPT);
    expect(r.stdout).toBe('01100\n');
  });

  it('a string: a pipe', async () => {
    const r = await new Runner({ allowedCommands: 'all' }).run(SCRIPT, { stdin: 'x\n' });
    expect(r.stdout).toBe('10100\n');
  });

  it('stdout of the run (the caller\'s sink) is a pipe', async () => {
    const r = await new Runner({ allowedCommands: 'all' }).run('[ -p /dev/stdout ]; echo $?; [ -p /dev/fd/2 ]; echo $?');
    expect(r.stdout).toBe('0\n0\n');
  });
});
