// Race helper (run by race.test.ts as a separate process): swaps <dir>/<name> between the real
// object and a symlink to <target>, as fast as it can, until killed.
import * as fs from 'node:fs';
const [dir, name, target] = process.argv.slice(2);
const p = (n) => `${dir}/${n}`;
fs.symlinkSync(target, p(`${name}.link`));
let swaps = 0;
process.on('SIGTERM', () => {
  process.stdout.write(String(swaps));
  process.exit(0);
});
process.stdout.write('ready\n');
for (;;) {
  try {
    fs.renameSync(p(name), p(`${name}.real`));
    fs.renameSync(p(`${name}.link`), p(name));
    fs.renameSync(p(name), p(`${name}.link`));
    fs.renameSync(p(`${name}.real`), p(name));
    swaps++;
  } catch {
    // a rename lost a race with itself: keep going
  }
  if (swaps % 256 === 0) await new Promise((r) => setImmediate(r)); // let SIGTERM in
}
