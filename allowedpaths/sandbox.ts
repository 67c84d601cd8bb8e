// createSandbox(): parse and open the roots, hand out views bound to a working directory.

import { SandboxCore, type SandboxMode } from './core.js';
import type { Native } from './native.js';
import type { RootSpec, Sandbox, SandboxFS } from './types.js';
import { SandboxView } from './view.js';

export interface SandboxOptions {
  mode?: SandboxMode;
  /** receives `AllowedPaths: skipping "<p>": <reason>` for unusable roots */
  onWarning?: (msg: string) => void;
  /** tests only: force a resolution strategy (e.g. the portable fallback) */
  native?: Native;
}

class SandboxImpl implements Sandbox {
  readonly roots: readonly RootSpec[];

  constructor(private readonly core: SandboxCore) {
    this.roots = core.roots.map((r) => r.spec);
  }

  at(cwd: string): SandboxFS {
    return new SandboxView(this.core, cwd);
  }

  contains(absPath: string): boolean {
    const r = this.core.walker.openDirectory(absPath);
    if (!r.ok) return false;
    r.value.release();
    return true;
  }

  close(): void {
    this.core.close();
  }
}

export function createSandbox(specs: string[], opts: SandboxOptions = {}): Sandbox {
  const core = new SandboxCore(specs, opts.mode ?? 'read-only', opts.onWarning ?? (() => {}), opts.native);
  return new SandboxImpl(core);
}
