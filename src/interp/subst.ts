// Command substitution `$(…)` / backquotes / `$(<file)`, and process substitution `<(…)` `>(…)`.

import type { CmdSubst, ProcSubst } from '../syntax/ast.js';
import type { Exec, Shell, Status } from './shell.js';
import { CollectingWriter, Pipe } from '../io/pipe.js';
import { decode } from '../io/encoding.js';
import { PipeClosedError } from '../io/errors.js';
import { compileStmts, runInSubshell } from './compile.js';
import { errorText } from '../../allowedpaths/index.js';
import { shellFs } from './fs-view.js';
import { expandWordFields } from './expand.js';

const compiled = new WeakMap<object, Exec>();

function execOf(node: CmdSubst | ProcSubst): Exec {
  let e = compiled.get(node);
  if (!e) {
    e = compileStmts(node.Stmts);
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

/** `$(<file)`: read the file directly */
function readFileSubst(sh: Shell, node: CmdSubst): string | null {
  if (node.Stmts.length !== 1) return null;
  const st = node.Stmts[0]!;
  if (st.Cmd !== null || st.Redirs.length !== 1 || st.Redirs[0]!.Op !== '<' || st.Negated) return null;
  const fields: string[] = [];
  expandWordFields(sh, st.Redirs[0]!.Word, fields);
  if (fields.length !== 1) return null;
  const r = shellFs(sh).readFile(fields[0]!, sh.rt.limits.maxCmdSubstBytes);
  if (!r.ok) {
    if (r.error.code !== 'EISDIR') sh.error(`${fields[0]}: ${errorText(r.error)}`);
    sh.lastSubstStatus = 1;
    sh.status = 1;
    return '';
  }
  sh.lastSubstStatus = 0;
  sh.status = 0;
  return finishText(sh, r.value);
}

export function runCmdSubst(sh: Shell, node: CmdSubst): string | Promise<string> {
  const direct = readFileSubst(sh, node);
  if (direct !== null) return direct;
  const limit = sh.rt.limits.maxCmdSubstBytes;
  const out = new CollectingWriter(limit, null, () =>
    sh.rt.breach(`command substitution output limit exceeded (maxCmdSubstBytes ${limit})`),
  );
  out.abort = sh.rt;
  const r = runInSubshell(sh, execOf(node), (sub) => {
    sub.fds[1] = { writer: out };
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
  const n = sh.rt.allocDevFd(reading ? { reader: pipe.reader } : { writer: pipe.writer });
  let r: Status;
  try {
    r = runInSubshell(sh, execOf(node), (sub) => {
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
