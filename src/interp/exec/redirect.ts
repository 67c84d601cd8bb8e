// Redirections: < << <<- <<< > >> >| &> &>> n>&m n<&m n>&- <> for fds 0–1023, and bash's named
// form `{var}>file`, which opens the lowest free descriptor from 10 up, puts its number in var and
// keeps it open after the command (the script closes it with `{var}>&-`).
// Reads go through the sandbox; writes (and `<>`, read-write) go to /dev/null always, and to files
// only in remediation mode inside `:rw` roots (the sandbox enforces it). The shell's descriptor table is changed in
// place and restored after the command (or kept, for `exec` without a command).

import type { Redirect, Word } from '../../syntax/ast.js';
import type { Exec, Fd, Shell, Status } from '../state/shell.js';
import { expandAssignValue, expandHeredoc, expandWordFields, literalText, withTape } from '../expand/expand.js';
import { BytesReader, failingReader, nullWriterFor } from '../../../lib/io/pipe.js';
import { encode } from '../../../lib/io/encoding.js';
import { errorText } from '../../../allowedpaths/index.js';
import { shellFs, shellFdOf } from '../state/fs-view.js';
import { info } from '../state/source-info.js';
import { settleProcSubsts } from '../expand/subst.js';
import { andThen } from '../state/status.js';
import { assignScalar, lookupResolved, readScalar } from '../expand/var-access.js';
import { ATTR } from '../state/vars.js';

export interface RedirState {
  saved: (Fd | null)[];
  opened: { close(): void }[];
  /** descriptors a `{var}` redirection opened: they outlive the command */
  kept: [number, Fd | null][] | null;
}

interface Planned {
  r: Redirect;
  /** the expanded target (file name, fd word, here-doc body) */
  target: string;
  /** set when the target did not expand to exactly one word */
  ambiguous?: boolean;
}

/** a quoted delimiter (any quote or backslash) keeps the body literal; an expansion is not a quote */
function quotedDelimiter(w: Word): boolean {
  return w.Parts.some((p) => p.type === 'SglQuoted' || p.type === 'DblQuoted' || (p.type === 'Lit' && p.Value.includes('\\')));
}

function plan(sh: Shell, redirs: readonly Redirect[]): Planned[] {
  const out: Planned[] = [];
  for (const r of redirs) {
    switch (r.Op) {
      case '<<':
      case '<<-': {
        // bash-compat parse: bash's parse-time warning (a here-doc ended by the end of the script)
        if (r.Warning !== undefined) sh.error(r.Warning);
        const body = r.Hdoc;
        let text = '';
        if (body) {
          if (quotedDelimiter(r.Word)) {
            text = body.Parts.length === 1 && body.Parts[0]!.type === 'Lit' ? body.Parts[0]!.Value : info.heredocText(body);
            if (r.Op === '<<-') text = text.replace(/^\t+/gm, '');
            // a parser that kept the closing delimiter line in the body: drop it
            const delim = literalText(r.Word);
            if (delim !== null && text.endsWith('\n' + delim)) text = text.slice(0, text.length - delim.length);
          }
          else text = expandHeredoc(sh, body);
        }
        if (text.length > sh.rt.limits.maxHeredocBytes) {
          sh.rt.breach(`heredoc: content exceeds maximum size (${sh.rt.limits.maxHeredocBytes} bytes)`);
        }
        out.push({ r, target: text });
        break;
      }
      case '<<<':
        // expanded as an assignment's value is: tilde after `:`, ${a[@]#…} joined with IFS[0]
        out.push({ r, target: expandAssignValue(sh, r.Word) + '\n' });
        break;
      case '>&':
      case '<&': {
        const fields: string[] = [];
        expandWordFields(sh, r.Word, fields);
        out.push({ r, target: fields[0] ?? '', ambiguous: fields.length !== 1 });
        break;
      }
      default: {
        const fields: string[] = [];
        expandWordFields(sh, r.Word, fields);
        out.push({ r, target: fields[0] ?? '', ambiguous: fields.length !== 1 });
      }
    }
  }
  return out;
}

/** open the redirections; a number is the failing status (message printed) */
export function applyRedirects(sh: Shell, redirs: readonly Redirect[]): RedirState | number | Promise<RedirState | number> {
  const p = withTape(sh, () => plan(sh, redirs), redirs);
  return p instanceof Promise ? p.then((x) => open(sh, x)) : open(sh, p);
}

export function restoreRedirects(sh: Shell, st: RedirState): void {
  sh.fds = st.saved;
  if (st.kept !== null) {
    sh.fds = sh.fds.slice();
    for (const [n, fd] of st.kept) setFd(sh, n, fd);
  }
  for (const o of st.opened) {
    try {
      o.close();
    } catch {
      // closing never fails the command
    }
  }
}

const DUP_RE = /^([0-9]+)(-?)$/;

/** the highest descriptor a script can use (bash's usual ulimit -n is 1024) */
const MAX_FD = 1023;

function open(sh: Shell, planned: Planned[]): RedirState | number {
  const st: RedirState = { saved: sh.fds, opened: [], kept: null };
  sh.fds = sh.fds.slice();
  for (const p of planned) {
    const err = openOne(sh, p, st);
    if (err !== null) {
      // bash reports it through the redirections made so far (`2>&1 >&9` says so on stdout)
      sh.error(err);
      sh.fds = st.saved;
      for (const o of st.opened) o.close();
      return 1;
    }
  }
  return st;
}

function setFd(sh: Shell, n: number, fd: Fd | null): void {
  while (sh.fds.length <= n) sh.fds.push(null);
  sh.fds[n] = fd;
}

/** the number of the descriptor a `{name}` redirection names: its variable's value, or a new one */
function namedFd(sh: Shell, name: string, closing: boolean): number | string {
  if (closing) {
    const v = readScalar(sh, name);
    if (v === undefined) return `${name}: ambiguous redirect`;
    // bash closes nothing, quietly, when the value is not a number
    return /^[0-9]+$/.test(v) ? Number(v) : -1;
  }
  if (((lookupResolved(sh, name)?.attrs ?? 0) & ATTR.readonly) !== 0) return `${name}: readonly variable\n${name}: cannot assign fd to variable`;
  let n = 10;
  while (sh.fds[n] || sh.rt.devFds.has(n)) n++;
  // the table ends where bash's usual limit does (ulimit -n 1024): no unbounded growth in a loop
  if (n > MAX_FD) return 'redirection error: cannot duplicate fd: Too many open files';
  return n;
}

function openOne(sh: Shell, p: Planned, st: RedirState): string | null {
  const r = p.r;
  const op = r.Op;
  const named = r.N !== null && r.N.Value.charCodeAt(0) === 123 ? r.N.Value.slice(1, -1) : null;
  if (named !== null) return openNamed(sh, p, st, named);
  const explicit = r.N ? Number(r.N.Value) : -1;
  if (explicit > MAX_FD) return `${explicit}: Bad file descriptor`;
  const readOp = op === '<' || op === '<<' || op === '<<-' || op === '<<<' || op === '<&' || op === '<>';
  const n = explicit >= 0 ? explicit : readOp ? 0 : 1;

  if (op === '<<' || op === '<<-' || op === '<<<') {
    setFd(sh, n, { reader: new BytesReader(encode(p.target)) });
    return null;
  }
  if (p.ambiguous) return `${info.textOf(r.Word)}: ambiguous redirect`;
  const target = p.target;

  if (op === '>&' || op === '<&') {
    if (target === '-') {
      setFd(sh, n, null);
      return null;
    }
    const m = DUP_RE.exec(target);
    if (m) {
      const src = Number(m[1]);
      if (src === n && m[2] !== '-') return null; // `3>&3`: nothing to do, even when closed
      const fd = sh.fds[src] ?? undefined;
      if (!fd || (op === '>&' && !fd.writer) || (op === '<&' && !fd.reader)) return `${badDupName(r, n, target)}: Bad file descriptor`;
      setFd(sh, n, fd);
      if (m[2] === '-') setFd(sh, src, null);
      return null;
    }
    if (op === '<&') return `${target}: ambiguous redirect`;
    // `>&file` is `&>file`
    return openWrite(sh, target, '>&', explicit < 0 ? [1, 2] : [n], false, st, r);
  }
  if (op === '<>') return openReadWrite(sh, target, n, st, r);
  if (op === '<') {
    const fdn = shellFdOf(target);
    if (fdn >= 0) {
      const e: Fd | undefined = sh.fds[fdn] ?? sh.rt.devFds.get(fdn);
      if (!e?.reader) return `${target}: No such file or directory`;
      setFd(sh, n, { reader: e.reader, path: e.path });
      return null;
    }
    const fs = shellFs(sh);
    const res = fs.open(target);
    if (!res.ok) return `${target}: ${errorText(res.error)}`;
    st.opened.push(res.value);
    // bash opens a directory fine; the command then fails on read(2) with EISDIR (`cat: -: Is a directory`)
    if (res.value.info.type === 'dir') setFd(sh, n, { reader: failingReader('EISDIR', 'Is a directory'), name: target, path: fs.abs(target) });
    else setFd(sh, n, { reader: res.value, name: target });
    return null;
  }
  const fds = op === '&>' || op === '&>>' ? [1, 2] : [n];
  const append = op === '>>' || op === '&>>';
  return openWrite(sh, target, op, fds, append, st, r);
}

/** `{name}>file` and the rest: open on a descriptor of its own, name it, keep it (the `{name}` is p.r.N) */
function openNamed(sh: Shell, p: Planned, st: RedirState, name: string): string | null {
  const closing = (p.r.Op === '>&' || p.r.Op === '<&') && p.target === '-' && !p.ambiguous;
  const n = namedFd(sh, name, closing);
  if (typeof n === 'string') return n;
  if (n < 0) return null;
  const opened = st.opened.length;
  const err = openOne(sh, { ...p, r: { ...p.r, N: { ...p.r.N!, Value: String(n) } } }, st);
  // bash words a failed dup of a named descriptor twice (its fcntl, then the redirection)
  if (err !== null) return err.endsWith(': Bad file descriptor') && !closing ? `redirection error: cannot duplicate fd: Bad file descriptor\n${err}` : err;
  // what it opened stays open until the run ends, unless the script closes it
  sh.rt.lingering.push(...st.opened.splice(opened));
  (st.kept ??= []).push([n, sh.fds[n] ?? null]);
  if (!closing) assignScalar(sh, name, String(n));
  return null;
}

/**
 * What bash names in a failed dup's message: a literal `>&9` names 9; a word that expanded to
 * a number (`>&$n`) is named by its text when it duplicates onto the default descriptor, and by
 * the descriptor it duplicates onto otherwise (bash's redirection_error guesses so).
 */
function badDupName(r: Redirect, n: number, target: string): string {
  const parts = r.Word.Parts;
  if (parts.length === 1 && parts[0]!.type === 'Lit') return target.replace(/-$/, '');
  return n === (r.Op === '>&' ? 1 : 0) ? info.textOf(r.Word) : String(n);
}

function openWrite(
  sh: Shell,
  target: string,
  op: string,
  fds: number[],
  append: boolean,
  st: RedirState,
  r: Redirect,
): string | null {
  if (target === '/dev/null') {
    const w = nullWriterFor(sh.rt);
    for (const f of fds) setFd(sh, f, { writer: w, name: '/dev/null', path: '/dev/null' });
    return null;
  }
  const fdn = shellFdOf(target);
  if (fdn >= 0) {
    const e: Fd | undefined = sh.fds[fdn] ?? sh.rt.devFds.get(fdn);
    // not open: Linux has no /dev/fd/N then (bash reports the failed open)
    if (!e) return `${target}: No such file or directory`;
    if (!e.writer) return `${target}: Bad file descriptor`;
    for (const f of fds) setFd(sh, f, { writer: e.writer, path: e.path });
    return null;
  }
  if (sh.rt.mode !== 'remediation') {
    const shownOp = (r.N ? r.N.Value : '') + (op === '>&' ? '>' : op);
    return `${shownOp} ${target}: file redirection is only supported for /dev/null`;
  }
  const noclobber = sh.opt('noclobber') && op !== '>|' && !append;
  const fs = shellFs(sh);
  if (noclobber) {
    const s = fs.stat(target);
    if (s.ok && s.value.type === 'file') return `${target}: cannot overwrite existing file`;
  }
  const res = fs.openWrite(target, { append, truncate: !append, create: true });
  if (!res.ok) return `${target}: ${res.error.detail ?? errorText(res.error)}`;
  st.opened.push(res.value);
  const path = fs.abs(target);
  for (const f of fds) setFd(sh, f, { writer: res.value, name: target, path });
  return null;
}

/**
 * `[n]<>word`: one descriptor for reading and writing, sharing one position (created when missing,
 * never truncated). Like `>`, a file needs remediation mode and a `:rw` root; /dev/null always opens.
 */
function openReadWrite(sh: Shell, target: string, n: number, st: RedirState, r: Redirect): string | null {
  const fdn = shellFdOf(target);
  if (fdn >= 0) {
    const e: Fd | undefined = sh.fds[fdn] ?? sh.rt.devFds.get(fdn);
    if (!e) return `${target}: No such file or directory`;
    setFd(sh, n, { reader: e.reader, writer: e.writer, path: e.path });
    return null;
  }
  if (sh.rt.mode !== 'remediation' && target !== '/dev/null') {
    return `${r.N ? r.N.Value : ''}<> ${target}: file redirection is only supported for /dev/null`;
  }
  const fs = shellFs(sh);
  const res = fs.openReadWrite ? fs.openReadWrite(target) : null;
  if (res === null) return `${target}: Permission denied`;
  if (!res.ok) return `${target}: ${res.error.detail ?? errorText(res.error)}`;
  st.opened.push(res.value);
  setFd(sh, n, { reader: res.value, writer: res.value, name: target });
  return null;
}

/** wrap a compound command with its redirections */
export function withRedirects(redirs: readonly Redirect[], body: Exec): Exec {
  const bodyWithRedirects = redirectedBody(redirs, body);
  return (sh) => {
    const mark = sh.procSubsts ? sh.procSubsts.length : 0;
    const r = bodyWithRedirects(sh);
    // `{ …; } > >(cmd)`: the substitution's writer closes when the compound command ends, and
    // the command waits for it (as call.ts does for a simple command's)
    const settle = (s: number): Status => {
      if (sh.procSubsts === null || sh.procSubsts.length <= mark) return s;
      const w = settleProcSubsts(sh, mark);
      return w ? w.then(() => s) : s;
    };
    return andThen(r, settle);
  };
}

function redirectedBody(redirs: readonly Redirect[], body: Exec): Exec {
  return (sh) => {
    const st = applyRedirects(sh, redirs);
    const run = (rs: RedirState | number): Status => {
      if (typeof rs === 'number') return rs;
      let r: Status;
      try {
        r = body(sh);
      } catch (e) {
        restoreRedirects(sh, rs);
        throw e;
      }
      if (typeof r === 'number') {
        restoreRedirects(sh, rs);
        return r;
      }
      return r.then(
        (v) => {
          restoreRedirects(sh, rs);
          return v;
        },
        (e) => {
          restoreRedirects(sh, rs);
          throw e;
        },
      );
    };
    return st instanceof Promise ? st.then(run) : run(st);
  };
}

/** `exec` with only redirections: they stay in effect */
export function applyPermanent(sh: Shell, redirs: readonly Redirect[]): Status {
  const st = applyRedirects(sh, redirs);
  const keep = (rs: RedirState | number): number => {
    if (typeof rs === 'number') return rs;
    // files opened by `exec >f` stay open until the run ends
    sh.rt.lingering.push(...rs.opened);
    return 0;
  };
  return st instanceof Promise ? st.then(keep) : keep(st);
}
