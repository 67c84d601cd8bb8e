// binutils strings reads a numeric option (`-8`) oddly: its getopt loop only remembers optind
// when it meets a digit, and after the loop parses argv[optind - 1] + 1 — in the argv getopt has
// by then permuted (options first, operands after). So `strings -8 f` reads "8", but
// `strings f -8` reads "f" minus its first character ("invalid integer argument ..."), `-a8`
// reads "a8" and `-8a` reads argv[0] ("trings"). This module finds that text, to match.

// short options that take an argument (binutils: "adfhHn:wot:e:T:s:U:Vv0123456789")
const SHORT_WITH_ARG = new Set(['n', 't', 'e', 'T', 's', 'U']);
// long options and whether they take an argument, in the table getopt_long matches prefixes in
const LONG: Record<string, boolean> = {
  all: false, bytes: true, data: false, encoding: true, help: false, 'include-all-whitespace': false,
  'output-separator': true, 'print-file-name': false, radix: true, target: true, unicode: true, version: false,
};

function longTakesArg(name: string): boolean {
  const exact = LONG[name];
  if (exact !== undefined) return exact;
  const hits = Object.keys(LONG).filter((k) => k.startsWith(name));
  return hits.length === 1 && LONG[hits[0]!] === true;
}

/**
 * The text strings parses for its numeric option, or undefined when none was given. `args`
 * excludes the program name; `posixlyCorrect` stops the scan at the first operand.
 */
export function numericOptionText(args: readonly string[], posixlyCorrect: boolean): string | undefined {
  const options: string[] = [];
  const operands: string[] = [];
  let numericOpt = 0; // GNU's optind (argv[0] is the program) when it last met a digit
  let k = 0;
  for (; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      options.push(a);
      k++;
      break;
    }
    if (a.length < 2 || a[0] !== '-') {
      if (posixlyCorrect) break;
      operands.push(a);
      continue;
    }
    options.push(a);
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq < 0 && longTakesArg(a.slice(2)) && k + 1 < args.length) options.push(args[++k]!);
      continue;
    }
    // getopt's index of this element doesn't change with permutation: everything before it
    // (options and skipped operands alike) stays before it
    const index = k + 1;
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if (c >= '0' && c <= '9') numericOpt = j === a.length - 1 ? index + 1 : index;
      else if (SHORT_WITH_ARG.has(c)) {
        if (j === a.length - 1 && k + 1 < args.length) options.push(args[++k]!);
        break;
      }
    }
  }
  if (numericOpt === 0) return undefined;
  const permuted = ['strings', ...options, ...operands, ...args.slice(k)];
  return (permuted[numericOpt - 1] ?? '').slice(1);
}
