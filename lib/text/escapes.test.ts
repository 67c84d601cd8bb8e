import { describe, expect, it } from 'vitest';
import { decodeAnsiC, decodeBArg, decodeEcho, decodePrintfFormatEscape } from './escapes.js';

const hi = (b: number) => String.fromCharCode(0xdc00 + b);

describe("$'…'", () => {
  it('decodes the simple escapes', () => {
    expect(decodeAnsiC('a\\tb\\n\\\\\\\'\\"\\?\\e\\E')).toBe('a\tb\n\\\'"?\x1b\x1b');
  });
  it('octal, hex and bytes above 0x7f (bash: \\x41\\xe9 → A 351)', () => {
    expect(decodeAnsiC('\\x41\\xe9|\\101|\\777|\\xfff')).toBe('A' + hi(0xe9) + '|A|' + hi(0xff) + '|' + hi(0xff) + 'f');
  });
  it('keeps unknown escapes and lone \\x \\u', () => {
    expect(decodeAnsiC('\\q|\\x|\\u|')).toBe('\\q|\\x|\\u|');
  });
  it('control characters (\\cA \\c? \\c[ \\c1 \\c\\\\)', () => {
    expect(decodeAnsiC('\\cA\\c?\\c[\\c1\\cz\\c\\\\x')).toBe('\x01\x7f\x1b\x11\x1a\x1cx');
  });
  it('a NUL ends the string', () => {
    expect(decodeAnsiC('a\\0b')).toBe('a');
    expect(decodeAnsiC('\\777|\\400|x')).toBe(hi(0xff) + '|');
    expect(decodeAnsiC('x\\u0y')).toBe('x');
  });
  it('\\u in the C locale (bash prints \\u00E9)', () => {
    expect(decodeAnsiC('\\u00e9|\\U1F600|\\u00411|\\U0041')).toBe('\\u00E9|\\U0001F600|A1|A');
    expect(decodeAnsiC('\\u00e9', { utf8: true })).toBe('é');
    expect(decodeAnsiC('\\ud800')).toBe('\\uD800');
  });
  it('trailing backslash and \\c at the end stay', () => {
    expect(decodeAnsiC('a\\')).toBe('a\\');
    expect(decodeAnsiC('\\c')).toBe('\\c');
  });
});

describe('echo -e', () => {
  it('\\0NNN only (\\101 stays)', () => {
    expect(decodeEcho('\\101|\\0101|\\x41|\\0777|\\08')).toEqual({ text: '\\101|A|A|' + hi(0xff) + '|\x008', stopped: false });
  });
  it('\\c stops', () => {
    expect(decodeEcho('a\\cb')).toEqual({ text: 'a', stopped: true });
  });
  it('unknown escapes stay', () => {
    expect(decodeEcho('\\q\\x\\xZ\\u\\"')).toEqual({ text: '\\q\\x\\xZ\\u\\"', stopped: false });
  });
});

describe('printf %b', () => {
  it('bare octal and \\" (bash: "A A \\" \\? \\\' | 377 | \\0 8 | \\0 | 001")', () => {
    expect(decodeBArg("\\x41\\u0041\\\"\\?\\'|\\777|\\08|\\0|\\1").text).toBe(
      'AA\\"\\?\\\'|' + hi(0xff) + '|\x008|\x00|\x01',
    );
  });
  it('warns about missing digits', () => {
    expect(decodeBArg('\\x|\\u')).toEqual({ text: '\\x|\\u', stopped: false, warnings: ['missing hex digit for \\x', 'missing unicode digit for \\u'] });
  });
});

describe('printf format escapes', () => {
  it('decodes one escape', () => {
    expect(decodePrintfFormatEscape('\\101x', 0)).toEqual({ text: 'A', next: 4 });
    expect(decodePrintfFormatEscape('\\08', 0)).toEqual({ text: '\0', next: 2 });
    // an unknown escape is the backslash alone; the next character is read on its own (`\%d`)
    expect(decodePrintfFormatEscape('\\c', 0)).toEqual({ text: '\\', next: 1 });
    expect(decodePrintfFormatEscape('\\%d', 0)).toEqual({ text: '\\', next: 1 });
    expect(decodePrintfFormatEscape('\\?', 0)).toEqual({ text: '?', next: 2 });
    expect(decodePrintfFormatEscape('\\x', 0)).toEqual({ text: '\\x', next: 2, error: 'missing hex digit for \\x' });
    expect(decodePrintfFormatEscape('\\U', 0)).toEqual({ text: '\\U', next: 2, error: 'missing unicode digit for \\U' });
  });
});
