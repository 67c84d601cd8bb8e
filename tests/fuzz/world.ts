// The fuzz's world: a temporary base with the sandboxed root (rw) and, beside it, a canary
// directory `outside` whose files hold a secret no run may print, and whose tree (names, contents,
// sizes, modification times) no run may change. Nothing may appear in the base besides the two.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CANARY = 'CANARY-FUZZ-4b1d2e';
/** part of the name of a canary file the generator never names: seen only if a listing leaked */
export const UNNAMED = 'c4n4ry';

export interface FuzzWorld {
  base: string;
  root: string;
  outside: string;
  /** the root back to its first contents (each run starts from them, so a failure replays alone) */
  resetRoot(): void;
  /** what changed outside the root since the world was made: '' when nothing */
  outsideChanges(): string;
  /** the root's files that hold the canary's secret or name (copied in from outside) */
  leakedIntoRoot(): string[];
  cleanup(): void;
}

/** every entry under dir, with what a change would alter */
function snapshot(dir: string, skip: string): string {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (p === skip) continue;
      const st = fs.lstatSync(p);
      const head = `${path.relative(dir, p)} ${st.mode.toString(8)} ${st.size} ${st.mtimeMs} ${st.nlink}`;
      if (e.isDirectory()) {
        out.push(head);
        walk(p);
      } else if (e.isFile()) out.push(`${head} ${fs.readFileSync(p, 'utf8')}`);
      else out.push(`${head} ${e.isSymbolicLink() ? fs.readlinkSync(p) : 'special'}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

export function makeFuzzWorld(): FuzzWorld {
  // tmpfs when there is one: the root is made anew for every run, ten times faster there
  const tmp = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const base = fs.realpathSync(fs.mkdtempSync(path.join(tmp, 'rshell-fuzz-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(outside, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'secret.txt'), `${CANARY} secret\n`);
  fs.writeFileSync(path.join(outside, 'sub', 'secret2.txt'), `${CANARY} secret2\n`);
  fs.writeFileSync(path.join(outside, `unnamed-${UNNAMED}`), `${CANARY} unnamed\n`);
  const resetRoot = (): void => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(path.join(root, 'd1', 'd2'), { recursive: true });
    fs.writeFileSync(path.join(root, 'f1'), 'foo\nbar\nfoo\n');
    fs.writeFileSync(path.join(root, 'f2'), 'a b\nx|y\n');
    fs.writeFileSync(path.join(root, 'd1', 'f3'), 'abc\n');
  };
  resetRoot();
  const before = snapshot(base, root);
  return {
    base,
    root,
    outside,
    resetRoot,
    outsideChanges() {
      const now = snapshot(base, root);
      if (now === before) return '';
      const a = new Set(before.split('\n'));
      const b = new Set(now.split('\n'));
      return [...[...a].filter((l) => !b.has(l)).map((l) => `- ${l}`), ...[...b].filter((l) => !a.has(l)).map((l) => `+ ${l}`)].join('\n');
    },
    leakedIntoRoot() {
      const out: string[] = [];
      const walk = (d: string): void => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.name.includes(UNNAMED)) out.push(p);
          if (e.isDirectory()) walk(p);
          else if (e.isFile()) {
            // the first MB is enough: the secret is a line at the start of each canary
            const fd = fs.openSync(p, 'r');
            const buf = Buffer.alloc(1 << 20);
            const n = fs.readSync(fd, buf, 0, buf.length, 0);
            fs.closeSync(fd);
            const text = buf.subarray(0, n).toString('latin1');
            if (text.includes(CANARY) || text.includes(UNNAMED)) out.push(p);
          }
        }
      };
      walk(root);
      return out;
    },
    cleanup() {
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
