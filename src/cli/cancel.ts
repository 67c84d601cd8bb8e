// The CLI's cancellation switch for a run: flipped by Ctrl-C or by a closed stdout (execute.ts).
// An AbortController would do, but Node loads its AbortController and EventTarget modules at the
// first one, ~0.6 ms of every `rshell -c 'echo hi'`; the run needs only these three members.
import type { CancelSignal } from '../api.js';

export class CancelSwitch implements CancelSignal {
  aborted = false;
  private listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  /** cancels the run; each listener is called once, the first time only */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const listener of this.listeners.splice(0)) listener();
  }
}
