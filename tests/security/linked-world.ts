// The remediation world with links to the outside planted that several security suites share,
// with hooks that check after every case that the outside is as it was, and a `run` that executes
// a script through the real Runner with `$O`, `$RO` and `$R` replaced by the world's directories.
//
//   useLinkedWorld()        a fresh world per test, plus a hard link to the outside canary; also
//                           checks the `:ro` root (sed.test.ts, write-builtins.test.ts)
//   useSharedLinkedWorld()  one world for the whole file and two runners over it, `ro` (read-only
//                           mode) and `rw` (remediation) (scripts.test.ts, walkers.test.ts)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
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

// `$RO` before `$R`, or `$RO` would read as the root followed by an `O`
const expand = (s: string, at: World): string =>
  s.replaceAll('$O', at.outside).replaceAll('$RO', at.roRoot).replaceAll('$R', at.root);

function hardLinkToCanary(w: World): void {
  fs.linkSync(path.join(w.outside, 'secret.txt'), path.join(w.root, 'hardlink.txt'));
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
    hardLinkToCanary(w);
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

export interface SharedLinkedWorld {
  /** the file's world */
  readonly world: World;
  /** run a script with the read-only (`ro`) or the remediation (`rw`) runner */
  run(runner: 'ro' | 'rw', script: string): Promise<RunOutcome>;
  /** the script text `run` hands the runner */
  expand(script: string): string;
}

/**
 * Registers beforeAll/afterAll (one world for the file) and an afterEach that checks the outside;
 * call once at the top level of a test file.
 */
export function useSharedLinkedWorld(opts: { hardLink: boolean }): SharedLinkedWorld {
  let w: World | undefined;
  let runners: Record<'ro' | 'rw', Runner> | undefined;
  const world = (): World => {
    if (w === undefined) throw new Error('shared linked world used outside its test file');
    return w;
  };
  beforeAll(() => {
    const at = makeWorld({ mode: 'remediation' });
    plantLinks(at);
    if (opts.hardLink) hardLinkToCanary(at);
    runners = {
      ro: new Runner({ allowedPaths: [at.root, `${at.roRoot}:ro`], allowedCommands: 'all', cwd: at.root }),
      rw: new Runner({ allowedPaths: [`${at.root}:rw`, `${at.roRoot}:ro`], allowedCommands: 'all', cwd: at.root, mode: 'remediation' }),
    };
    w = at;
  });
  afterAll(() => world().cleanup());
  afterEach(() => expectOutsideUntouched(world()));
  return {
    get world() {
      return world();
    },
    async run(runner, script) {
      if (runners === undefined) throw new Error('shared linked world used outside its test file');
      const res = await runners[runner].run(expand(script, world()));
      return { code: res.exitCode, out: res.stdout ?? '', err: res.stderr ?? '' };
    },
    expand: (script) => expand(script, world()),
  };
}
