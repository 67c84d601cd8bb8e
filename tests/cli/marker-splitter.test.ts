import { expect, test } from 'vitest';
import { MarkerSplitter } from '../../src/cli/marker-splitter.js';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

function collect() {
  const chunks: string[] = [];
  return { chunks, target: { write: (c: Uint8Array) => {
      chunks.push(dec(c));
      return true;
    } } };
}

test('forwards everything when no marker appears', () => {
  const { chunks, target } = collect();
  const s = new MarkerSplitter(target, enc('@@MARK'));
  s.write(enc('hello\n'));
  s.write(enc('world@'));
  expect(chunks.join('')).toBe('hello\nworld');
  expect(dec(s.finish())).toBe('');
  expect(chunks.join('')).toBe('hello\nworld@');
  expect(s.sawMarker).toBe(false);
});

test('splits at a marker that spans chunks', () => {
  const { chunks, target } = collect();
  const s = new MarkerSplitter(target, enc('@@MARK'));
  for (const c of ['out', 'put@', '@MA', 'RK rest', ' more']) s.write(enc(c));
  expect(chunks.join('')).toBe('output');
  expect(s.sawMarker).toBe(true);
  expect(dec(s.finish())).toBe('@@MARK rest more');
});

test('a false start is released', () => {
  const { chunks, target } = collect();
  const s = new MarkerSplitter(target, enc('@@MARK'));
  s.write(enc('a@@MA'));
  s.write(enc('X@@MARK'));
  expect(chunks.join('')).toBe('a@@MAX');
  expect(dec(s.finish())).toBe('@@MARK');
});
