// Where the embedder's rules, approver and audit hook (RunnerOptions.rules / approve / onCommand)
// meet a command: dispatch calls in here only when the run has a policy (Runtime.policy), so a run
// without one pays a single null check per command.
//
// Rules are judged on the words after expansion at the point of dispatch (state/rules.ts), which
// every path to a command goes through: the script's own commands, `command`/`builtin`, and
// ctx.exec / ctx.runShellText (env, xargs, find -exec, awk's command strings). A refused command
// does not run: `NAME: refused by policy (REASON)`, status 126.

import type { ApprovalRequest, CommandDecision, CommandEvent, Rule } from '../../api.js';
import { encode } from '../../../lib/io/encoding.js';
import type { ByteWriter } from '../../../lib/io/streams.js';
import type { SandboxFS } from '../../../allowedpaths/types.js';
import type { Policy } from '../state/runtime.js';
import type { Verdict } from '../state/rules.js';
import type { Shell, Status } from '../state/shell.js';
import { andThen } from '../state/status.js';

/** the refusal status: found but not run (bash's "cannot execute") */
const REFUSED = 126;

/**
 * Run `invoke` (the command's own run) under the policy: judge the rules, ask the approver for
 * `ask`, refuse `deny`, and report one audit event when an audit hook is set.
 */
export function policed(sh: Shell, argv: string[], kind: CommandEvent['kind'], invoke: (audit: Audit | null) => Status): Status {
  const p = sh.rt.policy!; // the caller checked it
  const verdict = p.rules === null ? null : p.rules.judge(argv, sh.cwd);
  if (verdict === null || verdict.action === 'allow') return audited(sh, p, argv, kind, verdict?.rule, 'allowed', invoke);
  if (verdict.action === 'deny') return refuse(sh, p, argv, kind, verdict, verdict.rule.reason, 'denied');
  if (p.approve === null) return refuse(sh, p, argv, kind, verdict, 'approval required', 'not-approved');
  return askFirst(sh, p, argv, kind, verdict, invoke);
}

async function askFirst(sh: Shell, p: Policy, argv: string[], kind: CommandEvent['kind'], verdict: Verdict, invoke: (audit: Audit | null) => Status): Promise<number> {
  const answer = await ask(sh, p, { argv: argv.slice(), cwd: sh.cwd, rule: verdict.rule });
  sh.rt.checkAbort();
  if (answer !== true) return refuse(sh, p, argv, kind, verdict, answer === 'timeout' ? 'approval timed out' : 'not approved', 'not-approved');
  return audited(sh, p, argv, kind, verdict.rule, 'approved', invoke);
}

/** the approver's answer: true, false, or 'timeout'; the run's abort ends the wait */
function ask(sh: Shell, p: Policy, request: ApprovalRequest): Promise<boolean | 'timeout'> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (v: boolean | 'timeout'): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sh.rt.signal.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const onAbort = (): void => done(false);
    const timer = setTimeout(() => done('timeout'), p.approvalTimeoutMs);
    sh.rt.signal.addEventListener('abort', onAbort, { once: true });
    try {
      Promise.resolve(p.approve!(request)).then(
        (v) => done(v === true),
        () => done(false),
      );
    } catch {
      done(false);
    }
  });
}

function refuse(sh: Shell, p: Policy, argv: string[], kind: CommandEvent['kind'], v: Verdict, reason: string | undefined, decision: CommandDecision): number {
  sh.error(`${v.words.join(' ')}: refused by policy${reason ? ` (${reason})` : ''}`);
  if (p.onCommand !== null) emit(p, sh, argv, kind, decision, v.rule, Date.now(), 0, REFUSED, null);
  return REFUSED;
}

/** run a function with an audit event (rules judge the commands inside it, not the call) */
export function auditedCall(sh: Shell, argv: string[], invoke: () => Status): Status {
  const p = sh.rt.policy!; // the caller checked it
  return audited(sh, p, argv, 'function', undefined, 'allowed', invoke);
}

/** report a command the allowed-commands list refused (the audit sees every attempt) */
export function auditNotAllowed(sh: Shell, argv: string[]): void {
  const p = sh.rt.policy;
  if (p !== null && p.onCommand !== null) emit(p, sh, argv, 'unknown', 'not-allowed', undefined, Date.now(), 0, 127, null);
}

function audited(sh: Shell, p: Policy, argv: string[], kind: CommandEvent['kind'], rule: Rule | undefined, decision: CommandDecision, invoke: (audit: Audit | null) => Status): Status {
  if (p.onCommand === null) return invoke(null);
  const audit = new Audit();
  const saved = sh.fds;
  const out = saved[1]?.writer;
  const err = saved[2]?.writer;
  sh.fds = saved.slice();
  if (out) sh.fds[1] = { ...saved[1], writer: audit.count(out, 1) };
  if (err) sh.fds[2] = { ...saved[2], writer: audit.count(err, 2) };
  const start = Date.now();
  const t0 = performance.now();
  const finish = (status: number): number => {
    // a command that replaced the descriptor table (exec >f) keeps its change
    if (sh.fds[1]?.writer === audit.wrapped[1] && sh.fds[2]?.writer === audit.wrapped[2]) sh.fds = saved;
    emit(p, sh, argv, kind, decision, rule, start, performance.now() - t0, status, audit);
    return status;
  };
  let r: Status;
  try {
    r = invoke(audit);
  } catch (e) {
    finish(1);
    throw e;
  }
  return andThen(r, finish);
}

function emit(p: Policy, sh: Shell, argv: string[], kind: CommandEvent['kind'], decision: CommandDecision, rule: Rule | undefined, startMs: number, durationMs: number, exitCode: number, a: Audit | null): void {
  const event: CommandEvent = {
    argv: argv.slice(),
    cwd: sh.cwd,
    kind,
    decision,
    startMs,
    durationMs,
    exitCode,
    stdoutBytes: a?.bytes[1] ?? 0,
    stderrBytes: a?.bytes[2] ?? 0,
    read: a ? [...a.read] : [],
    written: a ? [...a.written] : [],
  };
  if (rule !== undefined) event.rule = rule;
  try {
    p.onCommand!(event);
  } catch {
    // the embedder's hook failing must not change what the script does
  }
}

/** what one command wrote and opened, counted while it runs */
export class Audit {
  readonly bytes = [0, 0, 0];
  readonly wrapped: (ByteWriter | undefined)[] = [];
  readonly read = new Set<string>();
  readonly written = new Set<string>();

  count(inner: ByteWriter, fd: 1 | 2): ByteWriter {
    const bytes = this.bytes;
    const w: ByteWriter = {
      write(chunk) {
        bytes[fd]! += chunk.length;
        return inner.write(chunk);
      },
      writeString(s) {
        const b = encode(s);
        bytes[fd]! += b.length;
        return inner.write(b);
      },
      flush: () => inner.flush(),
      get closed() {
        return inner.closed;
      },
    };
    this.wrapped[fd] = w;
    return w;
  }

  /** the sandbox view, recording the absolute paths opened for reading and for writing */
  recordFs(fs: SandboxFS): SandboxFS {
    const note = (set: Set<string>, path: unknown): void => {
      if (typeof path === 'string') set.add(fs.abs(path));
    };
    return new Proxy(fs, {
      get: (target, key, receiver) => {
        const v = Reflect.get(target, key, receiver) as unknown;
        if (typeof v !== 'function') return v;
        const set = READS.has(key as string) ? this.read : WRITES.has(key as string) ? this.written : null;
        if (set === null) return (v as (...a: unknown[]) => unknown).bind(target);
        return (...args: unknown[]) => {
          const r = (v as (...a: unknown[]) => unknown).apply(target, args);
          if (isOk(r)) {
            note(set, args[0]);
            if (key === 'rename') note(set, args[1]);
          }
          return r;
        };
      },
    });
  }
}

const READS = new Set(['open', 'readFile', 'openDir', 'readdir']);
const WRITES = new Set(['openWrite', 'openReadWrite', 'mkdir', 'unlink', 'rmdir', 'rename', 'truncate', 'utimes', 'chmod', 'symlink', 'link', 'mkdtemp']);

function isOk(r: unknown): boolean {
  return typeof r === 'object' && r !== null && (r as { ok?: unknown }).ok === true;
}
