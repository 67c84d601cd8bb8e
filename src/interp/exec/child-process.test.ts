import { describe, expect, it } from 'vitest';
import { Runtime } from '../state/runtime.js';
import { SEAM } from '../runner.js';
import { DEFAULT_LIMITS } from '../state/limits.js';
import { Shell } from '../state/shell.js';
import { ATTR, newVariable } from '../state/vars.js';
import { CollectingWriter } from '../../../lib/io/pipe.js';
import { callContext } from './dispatch.js';
import { runText } from './run-text.js';

const text = (w: CollectingWriter): string => Buffer.from(w.bytes()).toString('latin1');

/** a shell with X exported, Y not, a function f, positional parameters and set -e */
async function parent(): Promise<{ sh: Shell; out: CollectingWriter; err: CollectingWriter }> {
  const rt = new Runtime({ limits: DEFAULT_LIMITS, sandbox: null, allowed: 'all', mode: 'read-only', procPath: '/proc', timeoutMs: 0, seam: SEAM });
  const sh = new Shell(rt);
  const out = new CollectingWriter();
  const err = new CollectingWriter();
  sh.fds = [{ reader: { read: () => null } }, { writer: out }, { writer: err }];
  sh.cwd = '/';
  sh.vars.frames[0]!.set('IFS', newVariable(' \t\n', 0));
  sh.vars.frames[0]!.set('X', newVariable('x', ATTR.export));
  sh.vars.frames[0]!.set('Y', newVariable('y', 0));
  sh.positional = ['p1'];
  await runText(sh, 'f() { echo in-f; }; set -e', 'test');
  return { sh, out, err };
}

describe('runShellText: a command string run as sh -c would (awk system(), pipes)', () => {
  it('sees exported variables only: no functions, positional parameters or set options', async () => {
    const { sh, out, err } = await parent();
    const status = await callContext(sh, 'awk').runShellText('echo "[$X][$Y][$#][$0][$-]"; f; false; echo after; exit 3');
    expect(text(out)).toBe('[x][][0][sh][hB]\nafter\n');
    expect(text(err)).toBe('f: command not found\n');
    expect(status).toBe(3);
  });

  it('changes made by the child stay in the child', async () => {
    const { sh, out } = await parent();
    await callContext(sh, 'awk').runShellText('X=changed; cd /tmp; g() { :; }');
    await runText(sh, 'echo "$X $PWD"; declare -F g || echo no-g', 'test');
    expect(text(out)).toBe('x \nno-g\n');
  });

  it('takes its streams and the environment changes env would make', async () => {
    const { sh, out } = await parent();
    const mine = new CollectingWriter();
    const s = await callContext(sh, 'env').runShellText('echo "[$X][$Z]"; exit 7', { stdout: mine, env: { clear: true, set: [['Z', 'z']] } });
    expect([text(mine), text(out), s]).toEqual(['[][z]\n', '', 7]);
  });

  it('a syntax error is the child\'s, with status 2', async () => {
    const { sh, err } = await parent();
    const s = await callContext(sh, 'awk').runShellText('echo (');
    expect(s).toBe(2);
    expect(text(err)).toMatch(/^sh: -c: line [0-9]+: syntax error/);
  });
});
