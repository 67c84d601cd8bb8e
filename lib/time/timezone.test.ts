import { describe, expect, it } from 'vitest';
import { strftime } from './strftime.js';
import { zoneAt } from './timezone.js';

// 2019-05-16 03:49:59 UTC (summer in Europe and North America)
const MAY = 1557978599;

describe('zoneAt', () => {
  it('is UTC without TZ', () => {
    expect(zoneAt(undefined, MAY)).toEqual({ offset: 0, abbrev: 'UTC' });
    expect(zoneAt('', MAY)).toEqual({ offset: 0, abbrev: 'UTC' });
    expect(zoneAt(':', MAY)).toEqual({ offset: 0, abbrev: 'UTC' });
  });
  it('reads IANA zones with their DST (as glibc with tzdata)', () => {
    expect(zoneAt('Portugal', MAY)).toEqual({ offset: 3600, abbrev: 'WEST' });
    expect(zoneAt(':Europe/Paris', 0)).toEqual({ offset: 3600, abbrev: 'CET' });
    expect(zoneAt('America/Los_Angeles', MAY)).toEqual({ offset: -7 * 3600, abbrev: 'PDT' });
    expect(zoneAt('EST5EDT', MAY)).toEqual({ offset: -4 * 3600, abbrev: 'EDT' });
    expect(zoneAt('Asia/Kolkata', MAY)).toEqual({ offset: 5.5 * 3600, abbrev: 'IST' });
    expect(zoneAt('GMT', MAY)).toEqual({ offset: 0, abbrev: 'GMT' });
  });
  it('reads a POSIX rule without DST, its offset west of UTC', () => {
    expect(zoneAt('UTC0', MAY)).toEqual({ offset: 0, abbrev: 'UTC' });
    expect(zoneAt('JST-9', MAY)).toEqual({ offset: 9 * 3600, abbrev: 'JST' });
    expect(zoneAt('GMT+3', MAY)).toEqual({ offset: -3 * 3600, abbrev: 'GMT' });
    expect(zoneAt('<+03>-3', MAY)).toEqual({ offset: 3 * 3600, abbrev: '+03' });
  });
  it('takes an unknown name as UTC under that name (glibc)', () => {
    expect(zoneAt('Foo', MAY)).toEqual({ offset: 0, abbrev: 'Foo' });
  });
});

describe('strftime in a zone', () => {
  it('shifts the wall clock and %z/%Z, not %s', () => {
    expect(strftime('%F %T %Z %z %s', MAY, 'Portugal')).toBe('2019-05-16 04:49:59 WEST +0100 1557978599');
    expect(strftime('%c', MAY, 'America/Los_Angeles')).toBe('Wed May 15 20:49:59 2019');
    expect(strftime('%F %T %Z %z', MAY)).toBe('2019-05-16 03:49:59 UTC +0000');
  });
});
