// rand/srand, strftime/mktime, the bitwise functions, sub/gensub replacement text and the
// sorted_in orders against gawk 5.2.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gawk, gawkAnswers, hasGawk } from '../../../tests/harness/gawk-oracle.js';
import {
  and, AwkRandom, compl, expandGensub, expandSubRepl, looksNumeric, lshift, mktime, numToStr, or, rshift, sortedInCompare, strftime, strToNum, xor,
  type AwkSortValue, type SortEntry, asortCompare,
} from './index.js';

const d = describe.skipIf(!hasGawk);

const g17 = (x: number): string => x.toPrecision(17);

d('rand and srand', () => {
  it('the default sequence, seeded sequences and srand return values', () => {
    const prog = 'BEGIN { for (i = 0; i < 50; i++) printf "%.17g\\n", rand(); print srand(1); for (i = 0; i < 5; i++) printf "%.17g\\n", rand();'
      + ' print srand(42); for (i = 0; i < 50; i++) printf "%.17g\\n", rand(); print srand(-1); printf "%.17g\\n", rand(); print srand(2.9); printf "%.17g\\n", rand();'
      + ' print srand(4294967297); printf "%.17g\\n", rand(); print srand(1e20); printf "%.17g\\n", rand(); print srand(0); printf "%.17g\\n", rand(); print srand("12abc"); printf "%.17g\\n", rand() }';
    const want = gawk(['-e', prog]).out;
    const r = new AwkRandom();
    const out: string[] = [];
    for (let i = 0; i < 50; i++) out.push(g17(r.rand()));
    out.push(numToStr(r.srand(1), '%.6g'));
    for (let i = 0; i < 5; i++) out.push(g17(r.rand()));
    out.push(numToStr(r.srand(42), '%.6g'));
    for (let i = 0; i < 50; i++) out.push(g17(r.rand()));
    for (const s of [-1, 2.9, 4294967297, 1e20, 0, strToNum('12abc')]) {
      out.push(numToStr(r.srand(s), '%.6g'));
      out.push(g17(r.rand()));
    }
    expect(out.join('\n') + '\n').toBe(want.replace(/^(0\.\d+)$/gm, (m) => g17(Number(m))));
  });

  it('many seeds', () => {
    const seeds = Array.from({ length: 200 }, (_, i) => i * 7919 + (i % 3 === 0 ? 1e9 : 0));
    const want = gawkAnswers('{ srand($1); printf "%.17g %.17g\\x01", rand(), rand() }', seeds.map(String));
    const got = seeds.map((s) => {
      const r = new AwkRandom();
      r.srand(s);
      return `${g17(r.rand())} ${g17(r.rand())}`;
    });
    expect(got).toEqual(want.map((w) => w.split(' ').map((x) => g17(Number(x))).join(' ')));
  });

  it('srand() takes the time it is given and returns the previous seed', () => {
    const r = new AwkRandom();
    expect(r.srand()).toBe(1);
    expect(r.srand(undefined, 1700000000.7)).toBe(0);
    expect(r.srand(5)).toBe(1700000000);
  });
});

d('strftime and mktime', () => {
  // (before 1970 and far ahead ICU has no zone abbreviations: time.ts says so)
  const times = [0, 86400 * 40 + 3600 * 5 + 61, 951782400, 1234567890, 1700000000, 1710054000, 1730613600, 2147483648, 4102444800];
  const formats = ['%a %b %e %H:%M:%S %Z %Y', '%A %B %d %j %U %W %V %G %g %u %w', '%c|%x|%X|%D|%F|%T|%R|%r', '%I %l %p %P %k %M %S %s %y %C',
    '%10Y|%-d|%_H|%05e|%^a|%#Z|%Ec|%Oe|%+|%q|%%|%n|%t|%z|%h', '%-j %_j %0e %-5d| %^B %#b %-y %3S', 'no conversions', '%', 'x%'];
  for (const tz of [undefined, 'UTC', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'JST-9']) {
    it(`strftime TZ=${tz ?? '(unset)'}`, () => {
      const lines = formats.flatMap((f) => times.flatMap((t) => [`${f}\t${t}\t0`, `${f}\t${t}\t1`]));
      const want = gawkAnswers('BEGIN{FS="\\t"} { printf "%s\\x01", strftime($1, $2, $3 + 0) }', lines, tz === undefined ? {} : { TZ: tz });
      const got = lines.map((l) => {
        const [f, t, u] = l.split('\t');
        return strftime(f!, Number(t), u === '1', tz);
      });
      expect(lines.map((l, i) => [l, got[i], want[i]]).filter((r) => r[1] !== r[2]).slice(0, 6)).toEqual([]);
    });
  }
  for (const tz of [undefined, 'UTC', 'America/New_York', 'Europe/London', 'Asia/Tokyo']) {
    it(`mktime TZ=${tz ?? '(unset)'}`, () => {
      const specs = ['2024 03 10 02 30 00', '2024 13 40 25 61 61', '2024 1 1 0 0 0 1', '2024 7 1 0 0 0 0', '2024 7 1 0 0 0 1', 'x', '2024 1 1 0 0', '1970 1 1 0 0 0',
        '1969 12 31 23 59 59', '2024 0 0 0 0 0', '2024 -1 -1 -1 -1 -1', '  2000 2 29 12 0 0', '2000 2 29 12 0 0 junk', '2024 11 03 01 30 00', '2024 3 31 1 30 0',
        '1900 1 1 0 0 0', '3000 1 1 0 0 0', '+2024 +1 +1 0 0 0', '2024 1 1 0 0 0 -1', '10000 1 1 0 0 0', '2024.5 1 1 0 0 0'];
      const lines = specs.flatMap((s) => [`${s}\t0`, `${s}\t1`]);
      const want = gawkAnswers('BEGIN{FS="\\t"} { printf "%d\\x01", mktime($1, $2 + 0) }', lines, tz === undefined ? {} : { TZ: tz });
      const got = lines.map((l) => {
        const [s, u] = l.split('\t');
        return String(mktime(s!, u === '1', tz));
      });
      expect(lines.map((l, i) => [l, got[i], want[i]]).filter((r) => r[1] !== r[2]).slice(0, 6)).toEqual([]);
    });
  }
});

d('bitwise functions', () => {
  it('values and results as gawk prints them', () => {
    const pairs: [number, number][] = [[0, 0], [1, 2], [255, 15], [2 ** 53, 1], [2 ** 63, 3], [2 ** 64, 1], [1e30, 1], [3.9, 1.9], [12345678901234, 40], [1, 63], [1, 64], [1, 65], [2 ** 62, 2], [0.5, 0]];
    const lines = pairs.map(([a, b]) => `${g17(a)} ${g17(b)}`);
    const want = gawkAnswers('{ printf "%d %d %d %d %d %d %d %d\\x01", and($1, $2), or($1, $2), xor($1, $2), lshift($1, $2), rshift($1, $2), compl($1), and($1, $2, 7), xor($1, $2, 5) }', lines);
    const num = (r: number | { fatal: string }): string => (typeof r === 'number' ? numToStr(r, '%.6g') : r.fatal);
    const got = pairs.map(([a, b]) => [and([a, b]), or([a, b]), xor([a, b]), lshift([a, b]), rshift([a, b]), compl([a]), and([a, b, 7]), xor([a, b, 5])].map(num).join(' '));
    expect(got).toEqual(want);
  });

  it.each([
    ['and(-1, 3)', () => and([-1, 3])], ['and(1, -2, -3)', () => and([1, -2, -3])], ['or(1, -2.5)', () => or([1, -2.5])], ['xor(-1e30, 1)', () => xor([-1e30, 1])],
    ['lshift(-1, 2)', () => lshift([-1, 2])], ['rshift(1, -0.5)', () => rshift([1, -0.5])], ['compl(-1)', () => compl([-1])],
  ])('%s is fatal as in gawk', (expr, f) => {
    const r = f();
    const err = gawk(['-e', `BEGIN { print ${expr} }`]).err.replace(/^gawk: cmd\. line:1: /, '');
    expect(typeof r === 'number' ? r : r.fatal + '\n').toBe(err);
  });
});

d('replacement text', () => {
  const repls = ['x', '&', '\\&', '\\\\&', '\\\\\\&', '\\\\\\\\&', '\\\\\\\\', 'a\\b', '\\', '[&]', '&&', '\\0', '\\1', '\\2', '\\3', '\\9', '\\q', '\\\\1', '<\\1|\\2|\\0>', 'end\\'];
  it('sub and gsub', () => {
    const want = gawkAnswers('{ s = "aXbbXc"; t = s; sub(/b+/, $0, s); gsub(/X/, $0, t); printf "%s|%s\\x01", s, t }', repls);
    const got = repls.map((r) => `aX${expandSubRepl(r, 'bb')}Xc|a${expandSubRepl(r, 'X')}bb${expandSubRepl(r, 'X')}c`);
    expect(got).toEqual(want);
  });
  it('gensub', () => {
    const want = gawkAnswers('{ printf "%s|%s\\x01", gensub(/(b)(x)?(c)/, $0, "g", "abcd"), gensub(/b/, $0, 1, "abc") }', repls);
    const got = repls.map((r) => `a${expandGensub(r, 'bc', [undefined, 'b', undefined, 'c'])}d|a${expandGensub(r, 'b', [undefined])}c`);
    expect(got).toEqual(want);
  });
});

d('sorted_in and asort orders', () => {
  const keys = ['10', '9', '2', 'a', 'B', 'b', '', '1e1', '-1', '0x1', ' 3', 'abc', '010', '+inf', '-nan'];
  const vals = ['5', 'x', '10', '9', '', 'X', '2.0', 'abc', '-1', '1e1', '5', 'x', '3', '+nan', '1e400'];
  const entries: SortEntry[] = keys.map((k, i) => {
    const v = vals[i]!;
    const value: AwkSortValue = { str: v, num: strToNum(v), isNum: looksNumeric(v), isArray: false };
    return [k, value];
  });
  const orders = ['@ind_str_asc', '@ind_str_desc', '@ind_num_asc', '@ind_num_desc', '@val_str_asc', '@val_str_desc', '@val_num_asc', '@val_num_desc', '@val_type_asc', '@val_type_desc'];
  it.each(orders)('%s', (order) => {
    // values come from split(), so they are strnums where they look numeric, as the entries say
    const prog = `BEGIN { nk = split("${keys.join('|')}", k, "|"); split("${vals.join('|')}", v, "|"); for (i = 1; i <= nk; i++) a[k[i]] = v[i];`
      + ` a["sub"]["x"] = 1; PROCINFO["sorted_in"] = "${order}"; for (i in a) printf "%s=%s;", i, (isarray(a[i]) ? "<array>" : a[i]); print "" }`;
    const want = gawk(['-e', prog]).out;
    const cmp = sortedInCompare(order);
    expect(cmp).not.toBeNull();
    const all: SortEntry[] = [...entries, ['sub', { str: '', num: 0, isNum: false, isArray: true }]];
    const got = all.sort(cmp!).map(([k, v]) => `${k}=${v.isArray ? '<array>' : v.str};`).join('') + '\n';
    expect(got).toBe(want);
  });
  it('asort and asorti defaults, @unsorted and function names', () => {
    expect(asortCompare('asort', '')).not.toBeNull();
    expect(sortedInCompare('@unsorted')).toBeNull();
    expect(sortedInCompare('cmp_func')).toBeNull();
    const prog = `BEGIN { n = split("${vals.join('|')}", v, "|"); asort(v); for (i = 1; i <= n; i++) printf "%s;", v[i]; print "" }`;
    const want = gawk(['-e', prog]).out;
    const es: SortEntry[] = vals.map((v, i) => [String(i + 1), { str: v, num: strToNum(v), isNum: looksNumeric(v), isArray: false }]);
    expect(es.sort(asortCompare('asort', '')!).map((e) => e[1].str + ';').join('') + '\n').toBe(want);
  });
  it('a random property: orders are total and antisymmetric', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })), { maxLength: 20 }), fc.constantFrom(...orders), (pairs, order) => {
        const cmp = sortedInCompare(order)!;
        const es: SortEntry[] = pairs.map(([k, v]) => [k, { str: v, num: strToNum(v), isNum: looksNumeric(v), isArray: false }]);
        for (const a of es) for (const b of es) expect(Math.sign(cmp(a, b)) + Math.sign(cmp(b, a)) === 0).toBe(true);
      }),
    );
  });
});
