// cat: concatenate files to standard output (GNU coreutils 9.1 behaviour and wording).
// Plain cat streams chunks through untouched; any decorating option goes through CatRenderer,
// whose state carries across files as GNU's does.

import type { CallContext } from '../types.js';
import { defineCommand, flag, type CommandLine } from '../internal/command.js';
import { forEachInput } from '../internal/input-loop.js';
import { borrowChunkBuffer, readChunkInto, returnChunkBuffer, type Input } from '../internal/inputs.js';
import type { OutputBuffer } from '../internal/output.js';
import { quotef } from '../internal/quote.js';
import { CatRenderer, type CatOptions } from './render.js';
import { CAT_USAGE } from './usage.js';

// long options in GNU cat's table order (the ambiguity message lists them in this order)
const FLAGS = {
  numberNonblank: flag.boolean('-b --number-nonblank'),
  number: flag.boolean('-n --number'),
  squeezeBlank: flag.boolean('-s --squeeze-blank'),
  showNonprinting: flag.boolean('-v --show-nonprinting'),
  showEnds: flag.boolean('-E --show-ends'),
  showTabs: flag.boolean('-T --show-tabs'),
  showAll: flag.boolean('-A --show-all'),
  e: flag.boolean('-e'),
  t: flag.boolean('-t'),
  unbuffered: flag.boolean('-u'),
};

async function run(ctx: CallContext, { flags: f, operands }: CommandLine<typeof FLAGS>): Promise<number> {
  const all = f.showAll;
  const opts: CatOptions = {
    number: f.number || f.numberNonblank,
    numberNonblank: f.numberNonblank,
    squeezeBlank: f.squeezeBlank,
    showEnds: f.showEnds || all || f.e,
    showTabs: f.showTabs || all || f.t,
    showNonprinting: f.showNonprinting || all || f.e || f.t,
  };
  const decorated =
    opts.number || opts.squeezeBlank || opts.showEnds || opts.showTabs || opts.showNonprinting;
  const renderer = decorated ? new CatRenderer(opts) : undefined;
  // plain cat reads every file into one buffer of its own (the output copies what it keeps)
  const buf = renderer === undefined ? borrowChunkBuffer() : undefined;
  try {
    return await forEachInput(ctx, {
      tool: 'cat',
      operands: operands.length === 0 ? ['-'] : operands,
      openError: (name, msg) => `cat: ${quotef(name)}: ${msg}`,
      // cat names the operand as given, '-' included
      readError: (operand, _shown, msg) => `cat: ${quotef(operand)}: ${msg}`,
      body: (input, out) => (buf !== undefined ? copyPlain(input, out, buf) : copyRest(input, out, renderer, input.reader.read())),
      finish: renderer === undefined ? undefined : (out) => renderer.finish(out),
    });
  } finally {
    if (buf !== undefined) returnChunkBuffer(buf);
  }
}

type Chunk = ReturnType<Input['reader']['read']>;

/**
 * Plain cat of one input, synchronously for as long as nothing has to be waited for (a regular
 * file read into an output that takes it): most files are done without a promise. Chunks land in
 * `buf` when the reader can fill it; a write that must be waited for is awaited before the next
 * read, so `buf` is never refilled while the output may still hold a view of it.
 */
function copyPlain(input: Input, out: OutputBuffer, buf: Uint8Array): true | Promise<true> {
  for (;;) {
    const chunk = readChunkInto(input.reader, buf);
    if (chunk instanceof Promise) return copyRest(input, out, undefined, chunk);
    if (chunk === null) return true;
    const p = out.write(chunk);
    if (p) return p.then(() => copyPlain(input, out, buf));
  }
}

/** the rest of an input from `first` on, waiting where needed (and every chunk of cat -v & co) */
async function copyRest(input: Input, out: OutputBuffer, renderer: CatRenderer | undefined, first: Chunk): Promise<true> {
  let chunk = first;
  for (;;) {
    if (chunk instanceof Promise) chunk = await chunk;
    if (chunk === null) return true;
    if (renderer !== undefined) {
      await renderer.render(chunk, out);
    } else {
      const p = out.write(chunk);
      if (p) await p;
    }
    chunk = input.reader.read();
  }
}

export const cat = defineCommand({
  name: 'cat',
  summary: 'concatenate files and print on the standard output',
  help: CAT_USAGE,
  flags: FLAGS,
  run,
});
