// bash's help texts for the builtins and keywords rshell implements: `NAME --help` (text on stdout,
// status 2, as bash) and `help NAME`. The texts (about 45 KB, generated into ./texts.ts) load with
// import() on first use, so a script that never asks for help never parses them: in the CLI bundle
// they are a lazy chunk of their own.

import { BadFdError } from '../../../lib/io/pipe.js';
import type { ByteWriter } from '../../../lib/io/streams.js';

export type HelpTexts = typeof import('./texts.js');
let loading: Promise<HelpTexts> | undefined;

/** the texts module, loaded once (the `help` builtin derives its -s/-d/-m forms with ./forms.ts) */
export function loadHelpTexts(): Promise<HelpTexts> {
  return (loading ??= import('./texts.js'));
}

/** bash's status after printing a builtin's --help */
export const HELP_STATUS = 2;

/**
 * `NAME --help`: bash's help text for NAME on `out`, then status 2. The status is a promise (the
 * texts load asynchronously); callers return it as the builtin's status.
 */
export async function writeBuiltinHelp(out: ByteWriter, name: string): Promise<number> {
  const text = (await loadHelpTexts()).HELP_TEXTS.get(name);
  if (text === undefined) throw new Error(`no help text for builtin ${name}`);
  try {
    await out.writeString(text);
  } catch (e) {
    // bash does not check this write (`continue --help >&-` is silent, status 2); a closed
    // pipe still ends the writer as usual
    if (!(e instanceof BadFdError)) throw e;
  }
  return HELP_STATUS;
}

/** the topic names that have a text (tests, and the lead's wiring of dirs/pushd/popd) */
export async function helpTopicNames(): Promise<string[]> {
  return [...(await loadHelpTexts()).HELP_TEXTS.keys()];
}
