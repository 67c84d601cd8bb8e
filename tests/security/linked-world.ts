// The per-test world that sed.test.ts and write-builtins.test.ts share: a remediation world with
// links to the outside planted (plus a hard link to the outside canary), hooks that check after
// every case that the outside and the `:ro` root are as they were, and a `run` that executes a
// script through the real Runner with `$O`, `$RO` and `$R` replaced by the world's directories.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { Runner } from '../../src/index.js';
import { CANARY, expectOutsideUntouched, makeWorld, type World } from './fixture.js';
import { plantLinks } from './links.js';
import { snapshot } from './write-builtins-harness.js';

export type RunMode = 'read-only' | 'remediation';

export interface RunOutcome {
  code: number;
  out: string;
  err: string;
}

export interface LinkedWorld {
  /** the current test's world (a fresh one per test) */
  readonly world: World;
  /** run a script in the world; neither stream may show the canary */
  run(mode: RunMode, script: string): Promise<RunOutcome>;
}

/** Registers the beforeEach/afterEach hooks; call once at the top level of a test file. */
export function useLinkedWorld(): LinkedWorld {
  let w: World | undefined;
  let roBefore: string[] = [];
  const world = (): World => {
    if (w === undefined) throw new Error('linked world used outside a test');
    return w;
  };
  beforeEach(() => {
    w = makeWorld({ mode: 'remediation' });
    plantLinks(w);
    fs.linkSync(path.join(w.outside, 'secret.txt'), path.join(w.root, 'hardlink.txt'));
    roBefore = snapshot(w.roRoot);
  });
  afterEach(() => {
    const current = world();
    try {
      expectOutsideUntouched(current);
      expect(snapshot(current.roRoot)).toEqual(roBefore);
      expect(fs.readFileSync(path.join(current.outside, 'secret.txt'), 'utf8')).toContain(CANARY);
    } finally {
      current.cleanup();
      w = undefined;
    }
  });

  // `$RO` before `$R`, or `$RO` would read as the root followed by an `O`
  const expand = (s: string, at: World): string =>
    s.replaceAll('$O', at.outside).replaceAll('$RO', at.roRoot).replaceAll('$R', at.root);

  return {
    get world() {
      return world();
    },
    async run(mode, script) {
      const at = world();
      const specs = mode === 'remediation' ? [`${at.root}:rw`, `${at.roRoot}:ro`] : [at.root, `${at.roRoot}:ro`];
      const runner = new Runner({ allowedPaths: specs, allowedCommands: 'all', cwd: at.root, mode });
      const res = await runner.run(expand(script, at));
      const r = { code: res.exitCode, out: res.stdout ?? '', err: res.stderr ?? '' };
      expect(r.out).not.toContain(CANARY);
      expect(r.err).not.toContain(CANARY);
      return r;
    },
  };
}
