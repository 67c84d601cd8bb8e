// Test harness for the write builtins (tee touch mkdir rm cp mv truncate logrotate) and ls: run a
// script through the real Runner over a fresh temp dir (a `:rw` root in remediation mode by
// default), or through real bash + GNU coreutils over an identical temp dir, and return stdout,
// stderr, status and a snapshot of the resulting tree, so that a test can assert both the output
// and what changed on disk — and compare the two byte for byte.
//
// Test-only code: it builds and inspects the temp dirs with node:fs and runs bash.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Runner } from '../../src/index.js';

export interface ScriptOptions {
  /** relative path → content (parents created); a value ending in '/' makes a directory */
  files?: Record<string, string>;
  /** 'remediation' (default) or 'read-only' */
  mode?: 'read-only' | 'remediation';
  /** the temp dir's root mode (default rw) */
  rootMode?: 'ro' | 'rw';
  /** extra root specs; '$D' is replaced by the temp dir */
  extraRoots?: string[];
  /** cwd relative to the temp dir */
  cwd?: string;
  stdin?: string;
  /** symlinks, hard links, chmod… after the files are written */
  setup?: (dir: string) => void;
}

export interface ScriptOutcome {
  stdout: string;
  stderr: string;
  code: number;
  /** `path type [size content]` lines, sorted; symlinks show their target */
  tree: string[];
}

export function makeTree(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-wb-')));
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(dir, rel);
    if (rel.endsWith('/')) {
      fs.mkdirSync(full, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  }
  return dir;
}

/** a readable snapshot of everything under dir (never follows links) */
export function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const full = rel === '' ? dir : path.join(dir, rel);
    for (const name of fs.readdirSync(full).sort()) {
      const r = rel === '' ? name : `${rel}/${name}`;
      const st = fs.lstatSync(path.join(dir, r));
      if (st.isSymbolicLink()) out.push(`${r} -> ${fs.readlinkSync(path.join(dir, r))}`);
      else if (st.isDirectory()) {
        out.push(`${r}/ ${(st.mode & 0o7777).toString(8)}`);
        walk(r);
      } else {
        const full = path.join(dir, r);
        const content = st.size <= 200 ? JSON.stringify(fs.readFileSync(full, 'latin1')) : `<${st.size} bytes>`;
        // a hard link may share its inode with a canary outside: put its access time back
        if (st.nlink > 1) fs.utimesSync(full, st.atime, st.mtime);
        out.push(`${r} ${st.size} ${content}${st.nlink > 1 ? ` nlink=${st.nlink}` : ''}`);
      }
    }
  };
  walk('');
  return out;
}

function cleanup(dir: string): void {
  // a test may have removed permissions: restore them so the dir can be removed
  spawnSync('chmod', ['-R', 'u+rwx', dir]);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** run `script` through rshell's Runner; `inspect` sees the dir before it is removed */
export async function runOurs(script: string, opts: ScriptOptions = {}, inspect?: (dir: string) => void): Promise<ScriptOutcome> {
  const dir = makeTree(opts.files);
  try {
    opts.setup?.(dir);
    const roots = [`${dir}:${opts.rootMode ?? 'rw'}`, ...(opts.extraRoots ?? []).map((r) => r.replaceAll('$D', dir))];
    const runner = new Runner({
      allowedPaths: roots,
      allowedCommands: 'all',
      cwd: opts.cwd === undefined ? dir : path.join(dir, opts.cwd),
      mode: opts.mode ?? 'remediation',
      env: { TZ: 'UTC' },
    });
    const r = await runner.run(script, { stdin: opts.stdin ?? '' });
    inspect?.(dir);
    return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.exitCode, tree: snapshot(dir) };
  } finally {
    cleanup(dir);
  }
}

/** run `script` with real bash and GNU coreutils (LANG=C, TZ=UTC) over an identical tree */
export function runBash(script: string, opts: ScriptOptions = {}, inspect?: (dir: string) => void): ScriptOutcome {
  const dir = makeTree(opts.files);
  try {
    opts.setup?.(dir);
    const r = spawnSync('bash', ['--norc', '-c', script], {
      cwd: opts.cwd === undefined ? dir : path.join(dir, opts.cwd),
      input: opts.stdin ?? '',
      env: { LANG: 'C', PATH: '/usr/bin:/bin', TZ: 'UTC' },
    });
    inspect?.(dir);
    return { stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), code: r.status ?? -1, tree: snapshot(dir) };
  } finally {
    cleanup(dir);
  }
}

/** both outcomes, for `expect(ours).toEqual(bash)` */
export async function bothWays(script: string, opts: ScriptOptions = {}): Promise<{ ours: ScriptOutcome; bash: ScriptOutcome }> {
  return { ours: await runOurs(script, opts), bash: runBash(script, opts) };
}
