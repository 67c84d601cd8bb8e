// Text compiled and run at run time in the current shell: eval, source and traps. A syntax error
// comes after the complete commands before it have run, as bash reads such text a command at a
// time (src/syntax/chunks.ts); the messages are bash's, each line after `eval: `, the sourced
// file's name or the trap's.

import { CTL, type Shell, type Status } from '../state/shell.js';
import { lineCol, parse, ParseError, type Node } from '../../syntax/index.js';
import { commandsBefore } from '../../syntax/chunks.js';
import { extglobSyntaxMessage, firstExtGlob, mayHoldExtGlob } from './extglob-syntax.js';
import { compileStmts } from './eval-support.js';
import { andThen } from '../state/status.js';
import { firstUnderErrexit } from '../state/errors.js';

/**
 * parse and run text in the current shell (eval, source, traps). A syntax error comes after the
 * complete commands before it have run, as bash reads the text a command at a time (chunks.ts).
 */
export function runText(sh: Shell, text: string, what: string, lineBase = 0): Status {
  let exec: ReturnType<typeof compileText>;
  let syntaxError: ParseError | null = null;
  // bash's lines, each after `eval: ` or the sourced file's name (or the trap's); status 2
  const say = (msg: string): number => {
    // eval and source in a condition run with errexit off (bash's execute_builtin)
    const errexit = sh.setOpts.errexit && sh.noErrexit === 0;
    const lines = firstUnderErrexit(sh, msg, errexit);
    if (lines !== '') sh.error(lines.split('\n').map((l) => `${what}: ${l}`).join('\n'));
    if (errexit) {
      sh.ctl = CTL.exit;
      sh.status = 2;
    }
    return 2;
  };
  const report = (e: ParseError): number => say(e.bashMessage(lineBase));
  try {
    exec = compileText(text, lineBase, sh.rt.limits.maxScriptNodes);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    const before = commandsBefore(text, e);
    if (!before) return report(e);
    try {
      exec = compileText(before, lineBase, sh.rt.limits.maxScriptNodes);
    } catch {
      return report(e);
    }
    syntaxError = e;
  }
  const badGlob = sh.shopt('extglob') ? null : extglobOf.get(exec);
  if (badGlob) {
    // parsed with extglob off, as bash would: a syntax error, nothing of the text runs
    const line = lineCol(text, badGlob.Pos).line;
    return say(extglobSyntaxMessage(line, text.split('\n')[line - 1] ?? ''));
  }
  if (sh.subshellDepth + sh.evalDepth >= sh.rt.limits.maxSubshellDepth * 16) {
    sh.rt.breach(`eval nesting limit exceeded`);
  }
  sh.evalDepth++;
  // run as a condition, the text runs with errexit off (bash's execute_builtin)
  const quiet = sh.noErrexit > 0 ? 1 : 0;
  sh.quietReports += quiet;
  let r: Status;
  try {
    r = exec(sh);
  } catch (e) {
    sh.evalDepth--;
    sh.quietReports -= quiet;
    throw e;
  }
  return andThen(r, (s) => {
    sh.evalDepth--;
    sh.quietReports -= quiet;
    return syntaxError !== null && sh.ctl === CTL.none ? report(syntaxError) : s;
  });
}

const compiledTexts = new Map<string, ReturnType<typeof compileStmts>>();
/** each compiled text's first extended glob: a syntax error while extglob is off */
const extglobOf = new WeakMap<object, Node | null>();

export function compileText(text: string, lineBase = 0, maxNodes = Infinity): ReturnType<typeof compileStmts> {
  const key = lineBase + ':' + text;
  const hit = compiledTexts.get(key);
  if (hit) return hit;
  const file = parse(text, { maxNodes });
  const exec = compileStmts(file.Stmts, file, text, lineBase);
  extglobOf.set(exec, mayHoldExtGlob(text) ? firstExtGlob(file.Stmts) : null);
  if (compiledTexts.size > 512) compiledTexts.clear();
  compiledTexts.set(key, exec);
  return exec;
}
