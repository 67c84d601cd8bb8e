// A monotonic clock in milliseconds for deadlines, yields and `time`. Not performance.now():
// the first use of the `performance` global loads Node's perf_hooks (about a millisecond of every
// CLI start-up, issue #7); process.hrtime reads the same clock without it.
export function monotonicMs(): number {
  // indexed, not destructured: before V8 optimises it, `const [s, ns] = …` runs the array
  // iterator protocol and allocates an iterator and its results on every call (issue 7)
  const t = process.hrtime();
  return t[0]! * 1e3 + t[1]! / 1e6;
}
