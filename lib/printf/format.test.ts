import { describe, expect, it } from 'vitest';
import { formatPrintf } from './format.js';

const out = (f: string, ...a: string[]) => formatPrintf(f, a).output;
const p = (f: string, ...a: string[]) => {
  const r = formatPrintf(f, a);
  return { output: r.output, errors: r.errors, status: r.status };
};

// every expectation below was observed with bash 5.2 (LANG=C)
describe('printf integers', () => {
  it('parses like bash', () => {
    expect(p('%d|', 'abc', '12abc', ' 7', '0x1f', '010', '-3', '+4', "'A", '"B')).toEqual({
      output: '0|12|7|31|8|-3|4|65|66|', errors: ['abc: invalid number', '12abc: invalid number'], status: 1,
    });
    expect(p('%d\n', '99999999999999999999')).toEqual({ output: '9223372036854775807\n', errors: ['warning: 99999999999999999999: Numerical result out of range'], status: 0 });
    expect(out('%d\n', '-99999999999999999999')).toBe('-9223372036854775808\n');
    expect(p('%d\n', '0x1g')).toEqual({ output: '1\n', errors: ['0x1g: invalid hex number'], status: 1 });
    expect(p('%d\n', '0x')).toEqual({ output: '0\n', errors: ['0x: invalid hex number'], status: 1 });
    expect(p('%d\n', '08')).toEqual({ output: '0\n', errors: ['08: invalid octal number'], status: 1 });
    expect(p('%d\n', '1 ')).toEqual({ output: '1\n', errors: ['1 : invalid number'], status: 1 });
    expect(p('%i\n', '1.5')).toEqual({ output: '1\n', errors: ['1.5: invalid number'], status: 1 });
    expect(out('%d\n', '')).toBe('0\n');
    expect(out('%d\n', ' -0x10')).toBe('-16\n');
    expect(out('%d\n', '0377')).toBe('255\n');
    expect(out('%d\n', "'é")).toBe('195\n');
  });
  it('unsigned conversions', () => {
    expect(out('%u %x %o %X\n', '-1', '-1', '-1', '255')).toBe('18446744073709551615 ffffffffffffffff 1777777777777777777777 FF\n');
    expect(out('%u\n', '18446744073709551615')).toBe('18446744073709551615\n');
    expect(p('%u\n', '18446744073709551616')).toEqual({ output: '18446744073709551615\n', errors: ['warning: 18446744073709551616: Numerical result out of range'], status: 0 });
    expect(out('%x\n', '-9223372036854775809')).toBe('7fffffffffffffff\n');
    expect(out('%o\n', '0x10')).toBe('20\n');
    expect(out('%x\n', '  12')).toBe('c\n');
  });
  it('flags, width, precision', () => {
    expect(out('%5.2f|%-6s|%06d|%+d|% d|%#x|%#o\n', '3.14159', 'ab', '42', '5', '5', '255', '8')).toBe(' 3.14|ab    |000042|+5| 5|0xff|010\n');
    expect(out('%*d|%-*d|%.*f\n', '5', '1', '4', '2', '2', '3.14159')).toBe('    1|2   |3.14\n');
    expect(out('%10.3d|%-+5d|%05s|\n', '7', '3', 'ab')).toBe('       007|+3   |   ab|\n');
    expect(out('%.3d\n', '-5')).toBe('-005\n');
    expect(out('%+.3d %x\n', '5', '-0')).toBe('+005 0\n');
    expect(out('%-05d|\n', '3')).toBe('3    |\n');
    expect(out('%.3x|%#.3o|%#x\n', '10', '8', '0')).toBe('00a|010|0\n');
    expect(out('%ld %lld %hd\n', '1', '2', '3')).toBe('1 2 3\n');
  });
});

describe('printf floats', () => {
  it('formats', () => {
    expect(out('%e %E %g %G\n', '12345.678', '0.0001', '0.0001', '1e20')).toBe('1.234568e+04 1.000000E-04 0.0001 1E+20\n');
    expect(out('%.2f %.2f %.0f %.0f\n', '0.125', '0.375', '2.5', '3.5')).toBe('0.12 0.38 2 4\n');
    expect(out('%.0f %.0f\n', '0.5', '1.5')).toBe('0 2\n');
    expect(out('%.20f\n', '0.1')).toBe('0.10000000000000000000\n');
    expect(out('%e\n', '9.9999999')).toBe('1.000000e+01\n');
    expect(out('%g\n', '0.00001234')).toBe('1.234e-05\n');
    expect(out('%G\n', '1e-10')).toBe('1E-10\n');
    expect(out('%.0e %#.0e %#.0f\n', '5', '5', '5')).toBe('5e+00 5.e+00 5.\n');
    expect(out('%f\n', '0x1p3')).toBe('8.000000\n');
    expect(out('%f\n', "'A")).toBe('65.000000\n');
    expect(out('%g %g %g %g\n', '100000', '1000000', '1e-5', '123456789')).toBe('100000 1e+06 1e-05 1.23457e+08\n');
    expect(out('%#g %#.3g\n', '1', '1')).toBe('1.00000 1.00\n');
    expect(out('%.3e\n', '0')).toBe('0.000e+00\n');
    expect(out('%f %f %f\n', 'inf', '-inf', 'nan')).toBe('inf -inf nan\n');
    expect(out('%-+08.3f|\n', '3.14159')).toBe('+3.142  |\n');
    expect(out('%08.3f|% 08.3f|\n', '-3.14159', '3.1')).toBe('-003.142| 003.100|\n');
    expect(out('%f %d|\n', '-0', '-0')).toBe('-0.000000 0|\n');
    expect(out('%a\n', '1')).toBe('0x8p-3\n');
    // glibc's %g when rounding carries into a new digit
    expect(out('%#.3g|%.3g|%#.3g|%#.3g|%#.2g|%#.3g|%#.1g|%#.3g|%g\n', '99.96', '99.96', '999.9995', '9.9996', '9.96', '0.00099996', '9.6', '999.6', '999999.5')).toBe(
      '100.|100|1.e+03|10.0|10.|0.00100|1.e+01|1.e+03|1e+06\n',
    );
    expect(out('%#.4g|%.4g|%#.2g|%#.3g|%#.5g|%.2g|%#.3g\n', '0.99996', '0.99996', '0.0999', '9999', '99999.9', '0.0999', '0.000099996')).toBe(
      '1.000|1|0.10|1.00e+04|1.e+05|0.1|0.000100\n',
    );
    expect(out('%f\n', '1e400').startsWith('10000000000000000000')).toBe(true);
  });
  it('errors', () => {
    expect(p('%f\n', 'abc')).toEqual({ output: '0.000000\n', errors: ['abc: invalid number'], status: 1 });
    expect(p('%f\n', '1.5abc')).toEqual({ output: '1.500000\n', errors: ['1.5abc: invalid number'], status: 1 });
  });
});

describe('printf strings and format handling', () => {
  it('reuses the format', () => {
    expect(out('%s %s\n', 'a', 'b', 'c')).toBe('a b\nc \n');
    expect(out('x\n', 'extra')).toBe('x\n');
    expect(out('%%|\n', 'a', 'b')).toBe('%|\n');
    expect(out('%s|%d|%s|', 'a', '1')).toBe('a|1||');
    expect(out('%d %s\n')).toBe('0 \n');
    expect(out('%s\n', '--', 'x')).toBe('--\nx\n');
  });
  it('bad formats', () => {
    expect(p('%z')).toEqual({ output: '', errors: ["`%z': missing format character"], status: 1 });
    expect(p('abc%')).toEqual({ output: 'abc', errors: ["`%': missing format character"], status: 1 });
    expect(p('%y|')).toEqual({ output: '', errors: ["`y': invalid format character"], status: 1 });
    expect(p('%5%|\n')).toEqual({ output: '', errors: ["`%': invalid format character"], status: 1 });
    expect(p('%2$s %1$s\n', 'a', 'b')).toEqual({ output: '', errors: ["`$': invalid format character"], status: 1 });
  });
  it('%c %s precision and byte widths', () => {
    expect(out('%c%c|\n', 'hello', '')).toBe('h\0|\n');
    expect(out('%c|%5c|', '', '')).toBe('\0|    \0|');
    expect(out('%.3s|%10.2s|\n', 'abcdef', 'xyz')).toBe('abc|        xy|\n');
    expect(out('%-5c|\n', 'x')).toBe('x    |\n');
    expect(out('%5.1s|\n', 'abc')).toBe('    a|\n');
    expect(out('%.s|\n', 'abc')).toBe('|\n');
    expect(out('%10s|%-10s|\n', 'é', 'é')).toBe('        é|é        |\n');
    expect(out('%c|\n', 'é')).toBe('\udcc3|\n');
    expect(out('%c\n', '65')).toBe('6\n');
  });
  it('%b and escapes', () => {
    expect(out('%b\n', 'a\\tb\\n')).toBe('a\tb\n\n');
    expect(out('%b|%s\n', 'x\\cy', 'z')).toBe('x');
    expect(out('%-5.2b|\n', 'abc')).toBe('ab   |\n');
    expect(out('%s\n', '\\x41')).toBe('\\x41\n');
    expect(out('a\\cb\n')).toBe('a\\cb\n');
    expect(out('%.2s\n', '%b')).toBe('%b\n');
    expect(p('\\u|\\U|\\x|\n')).toEqual({ output: '\\u|\\U|\\x|\n', errors: ['missing unicode digit for \\u', 'missing unicode digit for \\U', 'missing hex digit for \\x'], status: 0 });
    expect(out('\\101\\x41\\0101\n')).toBe('AA\b1\n');
  });
  it('%q', () => {
    expect(out('%q\n', 'a b', "it's", '$x', '', 'a\\tb')).toBe("a\\ b\nit\\'s\n\\$x\n''\na\\\\tb\n");
    expect(out('%q|', '=a', 'a=', '~', 'a~b', 'a\nb', '\t', '\x01', 'a\x7f', "a'b c", '\x1b', '\udcff')).toBe(
      "=a|a=|\\~|a~b|$'a\\nb'|$'\\t'|$'\\001'|$'a\\177'|a\\'b\\ c|$'\\E'|$'\\377'|",
    );
    const specials = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split('').map((c) => `a${c}b`);
    expect(formatPrintf('%q  ', specials).output).toBe(
      'a\\ b  a\\!b  a\\"b  a#b  a\\$b  a%b  a\\&b  a\\\'b  a\\(b  a\\)b  a\\*b  a+b  a\\,b  a-b  a.b  a/b  a:b  a\\;b  a\\<b  a=b  a\\>b  a\\?b  a@b  a\\[b  a\\\\b  a\\]b  a\\^b  a_b  a\\`b  a\\{b  a\\|b  a\\}b  a~b  ',
    );
    expect(out('%q\n', 'é')).toBe("$'\\303\\251'\n");
    expect(out('%5q|\n', 'a')).toBe('    a|\n');
    expect(out('%-01.3q|', '123456789', '1e-7', '-2.5')).toBe('123|1e-|-2.|');
    expect(out('%012.q|', '077')).toBe('            |');
    expect(out('%5.1q|', '-42')).toBe('    -|');
  });
  it('%n (bash: v=3 w=5; é counts 2 bytes; per pass; bad names stop)', () => {
    expect(formatPrintf('abc%n|%s%n\n', ['v', 'x', 'w']).assignments).toEqual([['v', '3'], ['w', '5']]);
    expect(formatPrintf('é%n\n', ['u']).assignments).toEqual([['u', '2']]);
    expect(formatPrintf('%s%n ', ['a', 'q', 'b', 'r']).assignments).toEqual([['q', '1'], ['r', '1']]);
    expect(p('x%n\n', '1bad')).toEqual({ output: 'x', errors: ["`1bad': not a valid identifier"], status: 1 });
  });
  it('%(fmt)T in UTC', () => {
    const at = (f: string, ...a: string[]) => formatPrintf(f, a, { now: () => 1700000000 }).output;
    expect(at('%(%Y-%m-%d)T\n', '0')).toBe('1970-01-01\n');
    expect(at('%(%s)T|%()T\n', '86400', '0')).toBe('86400|00:00:00\n');
    expect(at('%(%a %A %b %B %c)T|', '1700000000')).toBe('Tue Tuesday Nov November Tue Nov 14 22:13:20 2023|');
    expect(at('%(%C %d %D %e %F %g %G %h)T|', '1700000000')).toBe('20 14 11/14/23 14 2023-11-14 23 2023 Nov|');
    expect(at('%(%H %I %j %k %l %m %M %p)T|', '1700000000')).toBe('22 10 318 22 10 11 13 PM|');
    expect(at('%(%r %R %s %S %T %u %U %V)T|', '1700000000')).toBe('10:13:20 PM 22:13 1700000000 20 22:13:20 2 46 46|');
    expect(at('%(%w %W %x %X %y %Y %z %Z %%)T|', '1700000000')).toBe('2 46 11/14/23 22:13:20 23 2023 +0000 UTC %|');
    expect(at('%(%Y)T|%10(%H)T|%-5(%M)T|\n', '0', '0', '0')).toBe('1970|        00|00   |\n');
    expect(at('%(%s)T|%(%s)T', '-1')).toBe('1700000000|1700000000');
  });
});

// observed with bash 5.2 (glibc's long double %a; out-of-range arguments and fields)
describe('printf %a, ranges and huge fields', () => {
  it('%a is exact in the 64-bit significand, rounds half to even, and carries to 0x1p+N', () => {
    expect(out('%a %a %a %a %A', '0.1', '1', '3.5', '1e300', '255')).toBe('0xc.ccccccccccccccdp-7 0x8p-3 0xep-2 0xb.f21e44003acdd2dp+993 0XF.FP+4');
    expect(out('%a %a', '1e-320', '123456789012345678901234567890')).toBe('0xf.d00b897478238d1p-1067 0xc.77487fb61b9f077p+93');
    expect(out('%.3a %.0a %.0a %.0a %.0a %.2a', '0.1', '1.5', '1.0625', '1.1875', '1.9999', '0.99999')).toBe('0xc.ccdp-7 0xcp-3 0x8p-3 0xap-3 0x1p+1 0x1.00p+0');
    expect(out('%020a|%#a|%#.0a|%.20a|%.3a', '1', '1', '1', '1', '0')).toBe('0x000000000000008p-3|0x8.p-3|0x8.p-3|0x8.00000000000000000000p-3|0x0.000p+0');
  });
  it('a number past long double: inf or 0, with the warning and status 0 (1e309 used to loop)', () => {
    expect(p('%a %a %f', '1e309', '1e5000', '1e-5000')).toEqual({
      output: '0xb.201833b35d63f73p+1023 inf 0.000000',
      errors: ['warning: 1e5000: Numerical result out of range', 'warning: 1e-5000: Numerical result out of range'],
      status: 0,
    });
    expect(out('%g %g', '1e999999999', '1e-999999999')).toBe('inf 0');
  });
  it('a * past int: clamped, the range error reported with the next numeric argument', () => {
    expect(p('%.*f', '-2147483649', '1')).toEqual({ output: '1.000000', errors: ['warning: 1: Numerical result out of range'], status: 0 });
  });
  it('a width written past int prints nothing for the conversion; one rshell cannot hold fails', () => {
    expect(p('a%99999999999sb|%9223372036854775807d|%-2147483648s', 'x', '1', 'y')).toEqual({ output: 'ab||', errors: [], status: 0 });
    expect(p('%0999999999d', '7')).toEqual({
      output: '', errors: ["%0999999999d: field width or precision past rshell's limit of 16777216 bytes"], status: 1,
    });
  });
});

describe('printf %(fmt)T past any calendar', () => {
  it('formats the epoch, as bash does when localtime() fails (was NaN)', () => {
    expect(out('%(%Y)T %(%s)T', '99999999999999999', '9223372036854775807')).toBe('1970 0');
  });
});
