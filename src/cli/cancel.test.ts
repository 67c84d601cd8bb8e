import { describe, expect, it } from 'vitest';
import { CancelSwitch } from './cancel.js';

describe('CancelSwitch', () => {
  it('calls each listener once, on the first abort only', () => {
    const sw = new CancelSwitch();
    const calls: string[] = [];
    sw.addEventListener('abort', () => calls.push('a'));
    sw.addEventListener('abort', () => calls.push('b'));
    expect(sw.aborted).toBe(false);
    sw.abort();
    sw.abort();
    expect(sw.aborted).toBe(true);
    expect(calls).toEqual(['a', 'b']);
  });
  it('a removed listener is not called; one added after the abort never is', () => {
    const sw = new CancelSwitch();
    const calls: string[] = [];
    const gone = () => calls.push('gone');
    sw.addEventListener('abort', gone);
    sw.removeEventListener('abort', gone);
    sw.removeEventListener('abort', () => undefined);
    sw.abort();
    sw.addEventListener('abort', () => calls.push('late'));
    expect(calls).toEqual([]);
  });
});
