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

/**
 * The roots are opened on first use, not at creation: a run that never touches a file (most small
 * scripts) pays no realpath/open/fstat/close per root.
 */
class SandboxImpl implements Sandbox {
  private opened: SandboxCore | null = null;
  private closed = false;

  constructor(private readonly open: () => SandboxCore) {}

  private get core(): SandboxCore {
    if (this.opened === null) {
      this.opened = this.open();
      // used after close(): its descriptors are closed too, so every operation fails
      if (this.closed) this.opened.close();
    }
    return this.opened;
  }

  get roots(): readonly RootSpec[] {
    return this.core.roots.map((r) => r.spec);
  }

  at(cwd: string, pace?: () => void | Promise<void>): SandboxFS {
    return new SandboxView(this.core, cwd, pace);
  }

  contains(absPath: string): boolean {
    const r = this.core.walker.openDirectory(absPath);
    if (!r.ok) return false;
    r.value.release();
    return true;
  }

  close(): void {
    this.closed = true;
    this.opened?.close();
  }
}

export function createSandbox(specs: string[], opts: SandboxOptions = {}): Sandbox {
  return new SandboxImpl(() => new SandboxCore(specs, opts.mode ?? 'read-only', opts.onWarning ?? (() => {}), opts.native));
}
