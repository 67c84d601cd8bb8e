// The deliberate exceptions: a few character devices outside the roots that scripts may use.
// Matched on the exact absolute path (after collapsing '//' and '/./'; a path with '..' never
// matches), then verified on the opened descriptor so a look-alike file cannot stand in.
//   /dev/null     read (EOF at once) and write (discard), in every mode
//   /dev/zero, /dev/random, /dev/urandom   read only; endless, so the caller's output and time
//                 budgets bound them (FileReader hands out one 64 KiB chunk per read()).

import type * as fs from 'node:fs';

export interface DeviceRule {
  readonly path: string;
  readonly writable: boolean;
  /** Linux makedev(major, minor) as glibc encodes small numbers: major << 8 | minor */
  readonly rdev: number;
}

const RULES: ReadonlyMap<string, DeviceRule> = new Map(
  (
    [
      ['/dev/null', true, (1 << 8) | 3],
      ['/dev/zero', false, (1 << 8) | 5],
      ['/dev/random', false, (1 << 8) | 8],
      ['/dev/urandom', false, (1 << 8) | 9],
    ] as const
  ).map(([path, writable, rdev]) => [path, { path, writable, rdev }]),
);

export function deviceRule(normalizedPath: string): DeviceRule | undefined {
  return RULES.get(normalizedPath);
}

export function deviceList(): readonly DeviceRule[] {
  return [...RULES.values()];
}

/** is this stat the genuine device (a character device, with the expected numbers on Linux) */
export function isGenuineDevice(rule: DeviceRule, st: fs.Stats): boolean {
  if (!st.isCharacterDevice()) return false;
  return process.platform !== 'linux' || st.rdev === rule.rdev;
}
