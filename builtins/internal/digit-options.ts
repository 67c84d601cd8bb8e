// head and tail put the digits 0-9 in their getopt option string only to reject them after the
// first argument ("invalid trailing option -- 5", "option used in invalid context -- 5"). getopt
// reports whichever problem comes first, so when the shared flags parser fails on a later token we
// look again, in getopt's order, for a digit option that came before it.

export interface OptionShape {
  /** short options that take a value, e.g. 'cns' */
  valueShorts: string;
  /** short options that take an optional attached value, e.g. 'f' (-fname) */
  optionalShorts?: string;
  /** every known short option letter */
  knownShorts: string;
  /** long options that take a separate value when no '=' is given */
  valueLongs: string[];
  /** every known long option name (for prefix matching) */
  knownLongs: string[];
}

/** the first digit met as an option before any unknown short option, if any */
export function firstDigitOption(args: readonly string[], shape: OptionShape): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (arg.length < 2 || arg[0] !== '-') continue;
    if (arg[1] === '-') {
      if (arg.includes('=')) continue;
      const name = arg.slice(2);
      const matches = shape.knownLongs.filter((l) => l.startsWith(name));
      const exact = shape.knownLongs.includes(name) ? [name] : matches;
      if (exact.length !== 1) return undefined; // unknown or ambiguous: getopt fails here first
      if (shape.valueLongs.includes(exact[0]!)) i++;
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const ch = arg[j]!;
      if (ch >= '0' && ch <= '9') return ch;
      if (!shape.knownShorts.includes(ch)) return undefined;
      if (shape.optionalShorts?.includes(ch)) break;
      if (shape.valueShorts.includes(ch)) {
        if (j === arg.length - 1) i++;
        break;
      }
    }
  }
  return undefined;
}
