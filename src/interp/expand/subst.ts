// Command substitution `$(…)` / backquotes / `$(<file)`, and process substitution `<(…)` `>(…)`.

import type { CmdSubst, ProcSubst } from '../../syntax/ast.js';
import type { Exec, Shell, Status } from '../state/shell.js';
import { info } from '../state/source-info.js';
import { CollectingWriter, Pipe } from '../../../lib/io/pipe.js';
import { decode } from '../../../lib/io/encoding.js';
import { PipeClosedError } from '../../../lib/io/errors.js';
import { errorText } from '../../../allowedpaths/index.js';
import { readWhole } from '../state/fs-view.js';
import type { Result } from '../../../allowedpaths/types.js';
import { expandWordFields } from './expand.js';
import { withTape } from './tape.js';

const compiled = new WeakMap<object, Exec>();

function execOf(sh: Shell, node: CmdSubst | ProcSubst): Exec {
  let e = compiled.get(node);
  if (!e) {
    e = sh.rt.seam.compileStmts(node.Stmts);
    compiled.set(node, e);
  }
  return e;
}

/** bytes → the substitution's string: NULs dropped (with bash's warning), trailing newlines cut */
function finishText(sh: Shell, bytes: Uint8Array): string {
  let b = bytes;
  if (b.indexOf(0) >= 0) {
    sh.error('warning: command substitution: ignored null byte in input');
    b = b.filter((x) => x !== 0);
  }
  let end = b.length;
  while (end > 0 && b[end - 1] === 10) end--;
  return decode(b.subarray(0, end));
}

/** `$(<file)`: read the file directly (/dev/stdin and /dev/fd/N to their end) */
function readFileSubst(sh: Shell, node: CmdSubst): string | Promise<string> | null {
  if (node.Stmts.length !== 1) return null;
  const st = node.Stmts[0]!;
  if (st.Cmd !== null || st.Redirs.length !== 1 || st.Redirs[0]!.Op !== '<' || st.Negated) return null;
  const word = st.Redirs[0]!.Word;
  // the word gets a tape of its own: the enclosing expansion's tape must record this
  // substitution's result, not the word's own substitutions before it
  const f = withTape(sh, () => {
    const fields: string[] = [];
    expandWordFields(sh, word, fields);
    return fields;
  });
  if (f instanceof Promise) return f.then((fields) => (fields.length === 1 ? readPathSubst(sh, fields[0]!) : runSubstCommand(sh, node)));
  return f.length === 1 ? readPathSubst(sh, f[0]!) : null;
}

function readPathSubst(sh: Shell, path: string): string | Promise<string> {
  const r = readWhole(sh, path, sh.rt.limits.maxCmdSubstBytes);
  return r instanceof Promise ? r.then((x) => fileSubstText(sh, path, x)) : fileSubstText(sh, path, r);
}

function fileSubstText(sh: Shell, path: string, r: Result<Uint8Array>): string {
  if (!r.ok) {
    // a directory reads as nothing, with status 0 in bash (`$(< .)`)
    const dir = r.error.code === 'EISDIR';
    if (!dir) sh.error(`${path}: ${errorText(r.error)}`);
    sh.lastSubstStatus = dir ? 0 : 1;
    sh.status = sh.lastSubstStatus;
    return '';
  }
  sh.lastSubstStatus = 0;
  sh.status = 0;
  return finishText(sh, r.value);
}

export function runCmdSubst(sh: Shell, node: CmdSubst): string | Promise<string> {
  const direct = readFileSubst(sh, node);
  return direct !== null ? direct : runSubstCommand(sh, node);
}

/** `$(…)` in general: the commands run in a subshell whose stdout is collected */
function runSubstCommand(sh: Shell, node: CmdSubst): string | Promise<string> {
  const limit = sh.rt.limits.maxCmdSubstBytes;
  const out = new CollectingWriter(limit, null, () =>
    sh.rt.breach(`command substitution output limit exceeded (maxCmdSubstBytes ${limit})`),
  );
  out.abort = sh.rt;
  const r = sh.rt.seam.runInSubshell(sh, execOf(sh, node), (sub) => {
    sub.fds[1] = { writer: out };
    sub.traceDepth++;
    // $LINENO inside counts from the line of the command running it
    sub.lineOffset = sh.lineno + sh.lineOffset - info.substLineOf(node);
    if (!sh.shopt('inherit_errexit')) sub.setOpts.set('errexit', false);
  });
  const fin = (st: number): string => {
    sh.lastSubstStatus = st;
    sh.status = st;
    return finishText(sh, out.bytes());
  };
  const onErr = (e: unknown): string => {
    if (e instanceof PipeClosedError) return fin(141);
    throw e;
  };
  if (typeof r === 'number') return fin(r);
  return r.then(fin, onErr);
}

export function runProcSubst(sh: Shell, node: ProcSubst): string {
  const pipe = new Pipe(sh.rt);
  const reading = node.Op === '<(';
  const n = sh.rt.allocDevFd(reading ? { reader: pipe.reader } : { writer: pipe.writer }, (k) => Boolean(sh.fds[k]));
  let r: Status;
  try {
    r = sh.rt.seam.runInSubshell(sh, execOf(sh, node), (sub) => {
      if (reading) sub.fds[1] = { writer: pipe.writer };
      else sub.fds[0] = { reader: pipe.reader };
    });
  } catch (e) {
    if (!(e instanceof PipeClosedError)) throw e;
    r = 141;
  }
  const done = Promise.resolve(r)
    .catch((e) => {
      if (!(e instanceof PipeClosedError)) throw e;
      return 141;
    })
    .finally(() => {
      if (reading) pipe.closeWrite();
      else pipe.closeRead();
    });
  done.catch(() => undefined); // never an unhandled rejection, whoever awaits it
  // the consumer's end is closed when the command that used it ends
  const entry = {
    close: () => {
      if (reading) pipe.closeRead();
      else pipe.closeWrite();
      sh.rt.devFds.delete(n);
    },
    done,
  };
  (sh.procSubsts ??= []).push(entry);
  return `/dev/fd/${n}`;
}

/** close and await the process substitutions opened since `mark` (the current command's) */
export function settleProcSubsts(sh: Shell, mark: number): Promise<void> | void {
  const list = sh.procSubsts;
  if (!list || list.length <= mark) return;
  const mine = list.splice(mark);
  // `>(…)`: closing the writer lets the reader finish; `<(…)`: the writer sees EPIPE
  for (const p of mine) p.close();
  return Promise.all(mine.map((p) => p.done.catch(() => 0))).then(() => undefined);
}
