// gawk's command line: its getopt options (short clusters, `-Ffs`/`-F fs`, long options with
// `=` or a separate value, unambiguous prefixes), then the program text (unless -f/-e gave one)
// and the operands. What gawk would do that writes files, loads code or changes the language
// (--traditional, --posix, --bignum, --profile, --dump-variables, --load…) is refused with a
// message that says so.

export interface AwkOptions {
  fs: string | undefined;
  assigns: string[];
  /** -f files and -e texts, in order */
  sources: { kind: 'file' | 'text'; value: string }[];
  operands: string[];
  help: boolean;
  version: boolean;
}

export type OptionResult = { ok: true; opts: AwkOptions } | { ok: false; message: string; usage: boolean; status: number };

const LONG: [string, string][] = [
  ['assign', 'v'], ['bignum', 'M'], ['characters-as-bytes', 'b'], ['copyright', 'C'], ['debug', 'D'],
  ['dump-variables', 'd'], ['exec', 'E'], ['field-separator', 'F'], ['file', 'f'], ['gen-pot', 'g'], ['help', 'h'],
  ['include', 'i'], ['lint', 'L'], ['lint-old', 't'], ['load', 'l'], ['no-optimize', 's'], ['non-decimal-data', 'n'],
  ['optimize', 'O'], ['posix', 'P'], ['pretty-print', 'o'], ['profile', 'p'], ['re-interval', 'r'], ['sandbox', 'S'],
  ['source', 'e'], ['trace', 'I'], ['traditional', 'c'], ['use-lc-numeric', 'N'], ['version', 'V'],
];

/** letters that take an argument */
const WITH_ARG = new Set(['F', 'f', 'v', 'e', 'E', 'i', 'l']);
/** letters whose argument is optional (attached only) */
const OPT_ARG = new Set(['d', 'D', 'L', 'o', 'p']);
const NO_OP = new Set(['b', 'r', 's', 'O', 'S']);
const REFUSED: Record<string, string> = {
  c: '--traditional', P: '--posix', M: '--bignum', n: '--non-decimal-data', N: '--use-lc-numeric', d: '--dump-variables',
  D: '--debug', o: '--pretty-print', p: '--profile', l: '--load', g: '--gen-pot', L: '--lint', t: '--lint-old',
  I: '--trace', C: '--copyright',
};

export function parseAwkArgs(name: string, args: readonly string[]): OptionResult {
  const o: AwkOptions = { fs: undefined, assigns: [], sources: [], operands: [], help: false, version: false };
  let i = 0;
  const refuse = (letter: string): OptionResult => ({
    ok: false,
    message: `${name}: option ${REFUSED[letter]} is not supported by rshell's awk\n`,
    usage: false,
    status: 2,
  });
  const apply = (letter: string, value: string | undefined): OptionResult | null => {
    switch (letter) {
      case 'F': o.fs = value; return null;
      case 'v': o.assigns.push(value!); return null; // WITH_ARG letters always get a value
      case 'f': case 'i': case 'E': o.sources.push({ kind: 'file', value: value! }); return null;
      case 'e': o.sources.push({ kind: 'text', value: value! }); return null;
      case 'h': o.help = true; return null;
      case 'V': o.version = true; return null;
      default:
        if (NO_OP.has(letter)) return null;
        if (REFUSED[letter] !== undefined) return refuse(letter);
        return { ok: false, message: '', usage: true, status: 1 };
    }
  };
  while (i < args.length) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-' || !a.startsWith('-')) break;
    i++;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const word = a.slice(2, eq < 0 ? undefined : eq);
      const exact = LONG.find(([w]) => w === word);
      const matches = exact ? [exact] : LONG.filter(([w]) => w.startsWith(word));
      if (matches.length !== 1) return { ok: false, message: '', usage: true, status: 1 };
      const letter = matches[0]![1];
      let value: string | undefined = eq < 0 ? undefined : a.slice(eq + 1);
      if (WITH_ARG.has(letter) && value === undefined) {
        if (i >= args.length) {
          return { ok: false, message: `${name}: option '--${matches[0]![0]}' requires an argument\n`, usage: true, status: 1 };
        }
        value = args[i++];
      }
      const r = apply(letter, value);
      if (r !== null) return r;
      if (letter === 'E') break;
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (letter === 'W') {
        // -W long-option
        const rest = a.slice(k + 1) || args[i++];
        if (rest === undefined) return { ok: false, message: `${name}: option requires an argument -- W\n`, usage: true, status: 1 };
        const r = parseAwkArgs(name, [`--${rest}`]);
        if (!r.ok) return r;
        o.help ||= r.opts.help;
        o.version ||= r.opts.version;
        if (r.opts.fs !== undefined) o.fs = r.opts.fs;
        break;
      }
      if (WITH_ARG.has(letter)) {
        let value = a.slice(k + 1);
        if (value === '') {
          if (i >= args.length) return { ok: false, message: `${name}: option requires an argument -- ${letter}\n`, usage: true, status: 1 };
          value = args[i++]!;
        }
        const r = apply(letter, value);
        if (r !== null) return r;
        break;
      }
      if (OPT_ARG.has(letter)) return refuse(letter);
      const r = apply(letter, undefined);
      if (r !== null) return r;
    }
  }
  o.operands = args.slice(i);
  return { ok: true, opts: o };
}
