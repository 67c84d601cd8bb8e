// gnulib's posix2_version(): which POSIX.2 edition coreutils conforms to, from _POSIX2_VERSION.
// sort, uniq and tail accept the obsolete `+POS` operands unless it names 1003.1-2001 exactly.

/** the build default (coreutils 9.1 as Debian 12 ships it conforms to POSIX.1-2008) */
const DEFAULT_POSIX2_VERSION = 200809;
const INT_MAX = 2147483647;
const INT_MIN = -2147483648;

/** _POSIX2_VERSION when it is a whole strtol number (blanks and a sign allowed), else the default */
export function posix2Version(getEnv: (name: string) => string | undefined): number {
  const s = getEnv('_POSIX2_VERSION');
  if (s === undefined || s === '' || !/^[ \t\n\v\f\r]*[-+]?[0-9]+$/.test(s)) return DEFAULT_POSIX2_VERSION;
  const v = Number(s.trim());
  return v < INT_MIN ? INT_MIN : Math.min(v, INT_MAX);
}

/** false only for 200112 <= version < 200809 (sort.c's and tail.c's traditional_usage, uniq.c's strict_posix2) */
export function obsoletePlusAllowed(getEnv: (name: string) => string | undefined): boolean {
  const v = posix2Version(getEnv);
  return !(v >= 200112 && v < 200809);
}
