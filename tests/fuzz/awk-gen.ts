// Generated awk programs and inputs for the differential fuzz against gawk (awk-diff.test.ts).
// Programs stay inside what both must agree on byte for byte: expressions over fields with mixed
// strnums, arithmetic, comparisons, printf formats, split/substr/index/match/length, arrays walked
// in a sorted order (an unsorted for-in order is the implementation's), control flow, getline-free
// I/O. Division by a possibly zero value is allowed: both must fail the same way.
import fc from 'fast-check';

/** field values: integers, decimals, strnum look-alikes, strings, blanks */
const fieldValue = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.integer({ min: -100000, max: 100000 }).map((i) => String(i / 100)),
  fc.constantFrom('0', '-0', '1e3', '1E-2', '.5', '5.', '0x1A', '010', '+7', 'abc', 'A1', 'x y', '', '1e', '+inf', '-nan', '3abc', '2.50', '1e308'),
  fc.stringMatching(/^[a-z]{1,5}$/),
);

/** an input file: up to 6 lines of up to 5 blank-separated fields */
export const inputArb: fc.Arbitrary<string> = fc
  .array(fc.array(fieldValue, { minLength: 0, maxLength: 5 }), { minLength: 0, maxLength: 6 })
  .map((lines) => lines.map((fs) => fs.filter((f) => f !== '' && !f.includes(' ')).join(' ') + '\n').join(''));

const VARS = ['x', 'y', 'n', 's'];

const leaf: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map((i) => `$${i}`),
  fc.constantFrom('$0', 'NF', 'NR', '$NF', 'x', 'y', 'n', 's', 'a["k"]', 'a[$1]', 'length($0)', 'length(a)'),
  fc.integer({ min: -20, max: 100 }).map(String),
  fc.constantFrom('0.5', '1e3', '0.1', '3.0', '"10"', '"abc"', '""', '"3x"', '" 4 "'),
);

/** expressions: binary operators, concatenation, builtins, the conditional */
const exprArb: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { maxDepth: 3, withCrossShrink: true },
    leaf,
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '%', '^', ' ', '<', '<=', '==', '!=', '>', '>=', '&&', '||'), tie('e')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('e'), fc.constantFrom('~', '!~'), fc.constantFrom('/[0-9]/', '/^a/', '"b"', '/x|y/', '/^-?[0-9]+$/')).map(([a, op, r]) => `(${a} ${op} ${r})`),
    tie('e').map((a) => `-(${a})`),
    tie('e').map((a) => `!(${a})`),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    fc.tuple(fc.constantFrom('length', 'int', 'toupper', 'tolower', 'sqrt', 'exp'), tie('e')).map(([f, a]) => (f === 'sqrt' || f === 'exp' ? `${f}(${a} % 50)` : `${f}(${a})`)),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([s, i, n]) => `substr(${s}, ${i}, ${n})`),
    fc.tuple(tie('e'), tie('e')).map(([s, t]) => `index(${s}, ${t})`),
    fc.tuple(tie('e'), fc.constantFrom('/[0-9]+/', '/[a-z]+/', '"."', '/b*/')).map(([s, r]) => `match(${s}, ${r})`),
    fc.tuple(tie('e'), fc.constantFrom('" "', '","', '/[0-9]/', '""', '"."')).map(([s, sep]) => `split(${s}, parts, ${sep})`),
    fc.tuple(fc.constantFrom(...FORMATS()), tie('e')).map(([f, a]) => `sprintf("${f}", ${a})`),
    fc.constantFrom(...VARS).chain((v) => tie('e').map((a) => `(${v} = ${a})`)),
    fc.constantFrom('x++', '++y', 'n--', 'x += 1', 'n *= 2'),
  ),
})).e;

function FORMATS(): string[] {
  return ['%d', '%i', '%5.2f', '%e', '%g', '%.3g', '%s', '%10s', '%-6s|', '%x', '%o', '%c', '%05d', '%+d', '%.0f', '%u', '%G', '%E', '%#x', '%.2s'];
}

const printArgs = fc.array(exprArb, { minLength: 1, maxLength: 3 });

const stmtArb: fc.Arbitrary<string> = fc.letrec<{ s: string }>((tie) => ({
  s: fc.oneof(
    { maxDepth: 2 },
    printArgs.map((as) => `print ${as.join(', ')}`),
    fc.tuple(fc.constantFrom(...FORMATS()), exprArb).map(([f, a]) => `printf "${f}\\n", ${a}`),
    fc.tuple(fc.constantFrom(...VARS), exprArb).map(([v, e]) => `${v} = ${e}`),
    exprArb.map((e) => `a[${e}]++`),
    fc.tuple(fc.integer({ min: 1, max: 4 }), exprArb).map(([i, e]) => `$${i} = ${e}`),
    fc.integer({ min: 0, max: 6 }).map((n) => `NF = ${n}`),
    fc.tuple(exprArb, tie('s'), tie('s')).map(([c, a, b]) => `if (${c}) { ${a} } else { ${b} }`),
    // a loop variable of its own, so nested loops cannot reset each other's
    fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 999999 }), tie('s')).map(([n, id, b]) => `for (l${id} = 0; l${id} < ${n}; l${id}++) { ${b} }`),
    fc.constantFrom('gsub(/[0-9]/, "#")', 'sub(/a/, "[&]")', 'gsub(/ /, "_")', 'n = gsub(/[a-z]/, "<&>", s)', 'print gensub(/([0-9])/, "<\\\\1>", "g")'),
  ),
})).s;

const patternArb = fc.oneof(
  fc.constant(''),
  fc.constantFrom('NR > 1', 'NF > 2', '$1 > 0', '$2 ~ /[0-9]/', '/a/', '$1 == $2', 'NR == 2, NR == 4', '!($3)', '$1 < "m"'),
);

const ruleArb = fc.tuple(patternArb, fc.array(stmtArb, { minLength: 1, maxLength: 3 })).map(([p, ss]) => `${p} { ${ss.join('; ')} }`);

/** a whole program: optional BEGIN, rules, an END that prints what was kept, sorted */
export const programArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fc.constantFrom('OFS = "-"', 'CONVFMT = "%.2g"', 'OFMT = "%.3f"', 'FS = ","', 'x = "5"; y = 2'), { nil: undefined }),
    fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([begin, rules, end]) =>
    [
      begin === undefined ? '' : `BEGIN { ${begin} }`,
      ...rules,
      end ? 'END { PROCINFO["sorted_in"] = "@ind_str_asc"; for (k in a) print k, a[k]; print x, y, n, s, NR }' : '',
    ]
      .filter((r) => r !== '')
      .join('\n') + '\n',
  );
