// bash's legal_number (strtoimax with blanks around): the numbers its builtins and `test` take.

const INTMAX = 2n ** 63n - 1n;

/**
 * bash's legal_number (strtoimax): optional blanks, a sign, decimal digits, optional blanks; no
 * value past intmax_t. null when the text is not one.
 */
export function legalNumber(s: string): bigint | null {
  const m = /^[ \t\n\v\f\r]*([-+]?[0-9]+)[ \t\n\v\f\r]*$/.exec(s);
  if (!m) return null;
  const v = BigInt(m[1]!);
  return v > INTMAX || v < -INTMAX - 1n ? null : v;
}

/** a legal_number that fits a C int and is not negative (read -n/-u, mapfile -u), else null */
export function nonNegativeInt(s: string, max = 2147483647n): number | null {
  const v = legalNumber(s);
  return v === null || v < 0n || v > max ? null : Number(v);
}
