// Unit tests of the small pure pieces: path splitting, root specs, error texts.
import { describe, expect, it } from 'vitest';
import { errorText, formatFsError, fsError } from './errors.js';
import { fromNode } from './errors.js';
import { absolutePath, cleanAbsolute, nativePath, normalizeKeepDots, splitPath } from './paths.js';
import { parseSpec } from './roots.js';

describe('splitPath', () => {
  it.each([
    ['a/b', { absolute: false, comps: ['a', 'b'], dirOnly: false }],
    ['/a//b/', { absolute: true, comps: ['a', 'b'], dirOnly: true }],
    ['./a/./b/.', { absolute: false, comps: ['a', 'b'], dirOnly: true }],
    ['a/..', { absolute: false, comps: ['a', '..'], dirOnly: true }],
    ['..', { absolute: false, comps: ['..'], dirOnly: true }],
    ['.', { absolute: false, comps: [], dirOnly: true }],
    ['/', { absolute: true, comps: [], dirOnly: true }],
    ['a', { absolute: false, comps: ['a'], dirOnly: false }],
  ])('%s', (p, want) => expect(splitPath(p)).toEqual(want));
});

describe('lexical helpers', () => {
  it('cleanAbsolute / absolutePath', () => {
    expect(cleanAbsolute('/a/./b/../c//')).toBe('/a/c');
    expect(cleanAbsolute('/../..')).toBe('/');
    expect(absolutePath('/w/x', '../y')).toBe('/w/y');
    expect(absolutePath('/w', '/abs/./p')).toBe('/abs/p');
  });
  it('normalizeKeepDots keeps ..', () => {
    expect(normalizeKeepDots('//dev/./null')).toBe('/dev/null');
    expect(normalizeKeepDots('/dev/../dev/null')).toBe('/dev/../dev/null');
  });
  it('nativePath turns surrogate-escaped bytes back into bytes', () => {
    expect(nativePath('plain/é')).toBe('plain/é');
    const b = nativePath('x\udcff');
    expect(Buffer.isBuffer(b) && [...b]).toEqual([0x78, 0xff]);
    expect(nativePath('😀')).toBe('😀');
  });
});

describe('parseSpec', () => {
  it.each([
    ['/a', { path: '/a', mode: 'ro' }],
    ['/a:ro', { path: '/a', mode: 'ro' }],
    ['/a:rw', { path: '/a', mode: 'rw' }],
    ['/a:b', { path: '/a:b', mode: 'ro' }],
    ['/a:b:rw', { path: '/a:b', mode: 'rw' }],
    [':rw', { path: ':rw', mode: 'ro' }],
  ])('%s', (s, want) => expect(parseSpec(s)).toEqual(want));
});

describe('errors', () => {
  it('GNU texts', () => {
    expect(errorText(fsError('ENOENT'))).toBe('No such file or directory');
    expect(errorText(fsError('EACCES', 'hard links are not supported as write targets'))).toBe(
      'hard links are not supported as write targets',
    );
    expect(formatFsError('cat', 'x', fsError('EISDIR'))).toBe('cat: x: Is a directory');
  });
  it('node errors fold onto the contract codes with the OS text', () => {
    expect(fromNode(Object.assign(new Error(), { code: 'ENOSPC' }))).toEqual({ code: 'EIO', message: 'No space left on device' });
    expect(fromNode(Object.assign(new Error(), { code: 'EFBIG' }))).toEqual({ code: 'EINVAL', message: 'File too large' });
    expect(fromNode(new Error('no code'))).toEqual({ code: 'EIO', message: 'Input/output error' });
    expect(fromNode(Object.assign(new Error(), { code: 'ELOOP' }))).toEqual({ code: 'ELOOP', message: 'Too many levels of symbolic links' });
  });
});
