// A monotonic clock in milliseconds for deadlines, yields and `time`. Not performance.now():
// the first use of the `performance` global loads Node's perf_hooks (about a millisecond of every
// CLI start-up, issue #7); process.hrtime reads the same clock without it.
export function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}
