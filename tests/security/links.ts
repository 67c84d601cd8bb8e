// The hostile symlinks planted inside the root for the escape suites.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { World } from './fixture.js';

export function plantLinks(w: World): void {
  const L = (target: string, at: string): void => fs.symlinkSync(target, path.join(w.root, at));
  L('/etc/passwd', 'abs_passwd');
  L(path.join(w.outside, 'secret.txt'), 'abs_secret');
  L('../outside/secret.txt', 'rel_secret');
  L('../../outside/secret.txt', 'dir/rel_secret2');
  L('../outside', 'out_dir');
  L(w.outside, 'abs_out_dir');
  L('/', 'slash');
  L('..', 'up');
  L('../..', 'dir/upup');
  L('chain2', 'chain1');
  L('chain3', 'chain2');
  L('../outside/secret.txt', 'chain3');
  L('loop2', 'loop1');
  L('loop1', 'loop2');
  L('self', 'self');
  L('../outside/missing.txt', 'dangling_out');
  L('/nonexistent-rshell/x', 'dangling_abs');
  L('nothing.txt', 'dangling_in');
  L('/proc/self/root', 'proc_root');
  L('/proc/self/cwd', 'proc_cwd');
  L('/proc/self/fd', 'proc_fd');
  L('/dev/fd', 'dev_fd');
  L('/dev/stdin', 'dev_stdin');
  L('dir/deep', 'ds');
  L('dir/../../outside/secret.txt', 'tricky');
  L('../../../outside', 'dir/deep/escape');
  L('../roroot', 'to_ro');
  L('../roroot/../outside/secret.txt', 'via_ro_escape');
  fs.symlinkSync('../outside/secret.txt', path.join(w.roRoot, 'back'));
  L('../roroot/back', 'hop');
  L('/tmp', 'tmp_link');
  L('../', 'dotdot_slash');
  L(`${w.root}/../outside/secret.txt`, 'abs_dotdot');
  L(`${w.root}/up/outside/secret.txt`, 'abs_via_up');
  L('ds/../../../outside/secret.txt', 'via_ds');
  L('hello.txt', 'to_hello');
  L('dir', 'to_dir');
  // a chain of 41 links inside the root: one hop too many
  for (let i = 0; i < 41; i++) L(`long${i + 1}`, `long${i}`);
  fs.writeFileSync(path.join(w.root, 'long41'), 'end of chain\n');
  // a chain of 39 links: still fine
  for (let i = 0; i < 39; i++) L(`ok${i + 1}`, `ok${i}`);
  fs.writeFileSync(path.join(w.root, 'ok39'), 'reachable\n');
}
