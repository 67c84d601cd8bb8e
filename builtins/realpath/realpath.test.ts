import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gnuIn, rshellIn } from '../../tests/harness/same-dir.js';
import { pathPrefix, relativePath } from '../internal/canonicalize.js';

// realpath and readlink on one tree, GNU and rshell in the same directory (absolute names agree)
let dir = '';
beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-realpath-')));
  fs.mkdirSync(path.join(dir, 'd/sub'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'f'), 'x');
  fs.symlinkSync('f', path.join(dir, 'l'));
  fs.symlinkSync('nope', path.join(dir, 'dl'));
  fs.symlinkSync('loop', path.join(dir, 'loop'));
  fs.symlinkSync('d/sub', path.join(dir, 'ds'));
  fs.symlinkSync(path.join(dir, 'd'), path.join(dir, 'abs'));
  fs.symlinkSync('../f', path.join(dir, 'd/up'));
  fs.symlinkSync('/etc/passwd', path.join(dir, 'out'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const NAMES = 'l dl nope nope/x f/ f/x ds/.. loop abs/sub d/up ./d//sub/../ "" /';
const SCRIPTS = [
  `realpath ${NAMES}; echo "status=$?"`,
  `realpath -e ${NAMES}; echo "status=$?"`,
  `realpath -m ${NAMES} nope/../x; echo "status=$?"`,
  `realpath -s ds/.. l nope/x f/x; echo "status=$?"`,
  `realpath -q nope/x l; echo "status=$?"`,
  'realpath -z f l | od -c',
  'realpath --relative-to=d f d/sub/x ds; realpath --relative-base=d f d/sub ds d',
  'realpath --relative-to=d/sub --relative-base=d d/x f d/sub/y; realpath --relative-to=nope f; realpath --relative-to=nope/x f; echo "status=$?"',
  'realpath; echo "status=$?"; realpath --bogus; echo "status=$?"',
  `readlink ${NAMES}; echo "status=$?"`,
  `readlink -v f nope loop l; echo "status=$?"`,
  'readlink -n l; echo; readlink -n l l; readlink -z l | od -c',
  `readlink -f ${NAMES}; echo "status=$?"`,
  `readlink -e ${NAMES}; echo "status=$?"`,
  `readlink -m ${NAMES}; echo "status=$?"`,
  'readlink -v -f nope/x f/x loop; echo "status=$?"; readlink -f -q -v nope/x; readlink -v -s nope; echo "status=$?"',
  'readlink; echo "status=$?"',
];

describe('realpath and readlink: same as GNU', () => {
  for (const script of SCRIPTS) {
    it(script, async () => {
      expect(await rshellIn(dir, script)).toEqual(gnuIn(dir, script));
    });
  }
});

describe('the sandbox', () => {
  it('a link out of the roots is refused as any access is', async () => {
    const r = await rshellIn(dir, 'realpath out /etc/passwd; echo "status=$?"; readlink out; readlink -f out; echo "status=$?"');
    expect(r.stdout).toBe(`status=1\n/etc/passwd\nstatus=1\n`);
    expect(r.stderr).toBe('realpath: out: Permission denied\nrealpath: /etc/passwd: Permission denied\n');
  });
});

describe('helpers', () => {
  it('relativePath and pathPrefix', () => {
    expect(relativePath('/a/b/c', '/a/x')).toBe('../b/c');
    expect(relativePath('/a', '/a')).toBe('.');
    expect(relativePath('/', '/a/b')).toBe('../..');
    expect(pathPrefix('/', '/x')).toBe(true);
    expect(pathPrefix('/a', '/ab')).toBe(false);
  });
});
