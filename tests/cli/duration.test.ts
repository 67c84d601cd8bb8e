import { expect, test } from 'vitest';
import { formatDuration, parseDuration } from '../../src/cli/duration.js';

test.each([
  ['100ms', 100e6],
  ['5s', 5e9],
  ['1m', 60e9],
  ['1h30m', 5400e9],
  ['1.5s', 1.5e9],
  ['250us', 250e3],
  ['250µs', 250e3],
  ['10ns', 10],
  ['0', 0],
  ['+2s', 2e9],
])('parseDuration(%s)', (text, ns) => {
  expect(parseDuration(text)).toEqual({ ok: true, ns });
});

test('parseDuration errors use Go wording', () => {
  expect(parseDuration('')).toEqual({ ok: false, error: 'time: invalid duration ""' });
  expect(parseDuration('abc')).toEqual({ ok: false, error: 'time: invalid duration "abc"' });
  expect(parseDuration('5')).toEqual({ ok: false, error: 'time: missing unit in duration "5"' });
  expect(parseDuration('5x')).toEqual({ ok: false, error: 'time: unknown unit "x" in duration "5x"' });
});

test.each([
  [5e9, '5s'],
  [100e6, '100ms'],
  [60e9, '1m0s'],
  [90e9, '1m30s'],
  [5400e9, '1h30m0s'],
  [1.5e9, '1.5s'],
  [250e3, '250µs'],
  [7, '7ns'],
  [0, '0s'],
])('formatDuration(%d) = %s', (ns, text) => {
  expect(formatDuration(ns)).toBe(text);
});
