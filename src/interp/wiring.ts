// Connects the language utilities (brace.ts, glob.ts) to the interpreter's bridges, once.
import { setBraceExpander } from './brace-bridge.js';
import { setGlobber } from './glob-bridge.js';
import { BraceLimitError, expandBraces } from './brace.js';
import { expandGlob, isGlobError } from './glob.js';
import { shellFs } from './fs-view.js';
import { RunAbortedError } from '../../lib/io/errors.js';

let installed = false;

export function installLanguageUtilities(): void {
  if (installed) return;
  installed = true;
  setBraceExpander((w) => {
    try {
      return expandBraces(w);
    } catch (e) {
      if (e instanceof BraceLimitError) throw new RunAbortedError('limit', e.message);
      throw e;
    }
  });
  setGlobber((sh, pattern) => {
    const r = expandGlob(pattern, shellFs(sh), {
      dotglob: sh.shopt('dotglob'),
      nocaseglob: sh.shopt('nocaseglob'),
      globstar: sh.shopt('globstar'),
      extglob: sh.shopt('extglob'),
      globskipdots: sh.shopt('globskipdots'),
      budget: sh.rt.globBudget,
    });
    if (isGlobError(r)) return sh.rt.breach(r.error);
    return r;
  });
}
