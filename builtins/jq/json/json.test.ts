// The JSON layer against jq 1.7.1 itself (jq-wasm through tests/harness/jq-oracle.mjs): tables of
// inputs run through the oracle and through ours, byte for byte; plus round-trip properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runJq } from '../../../tests/harness/jq-oracle.mjs';
import { type Json, JqError, LiteralNumber } from '../value.js';
import {
  compareStrings,
  decodeUtf8,
  dumpJson,
  FORMATS,
  formatError,
  JqUtf8Decoder,
  gmtime,
  kindName,
  localtime,
  MAX_PARSING_DEPTH,
  MAX_PRINT_DEPTH,
  parseJqColors,
  parseNumberLiteral,
  quoteString,
  tojson,
  JsonStreamParser,
  mktime,
  numberToString,
  parseJson,
  strftime,
  strptime,
  typeErrorMessage,
} from './index.js';

/** jq's output for `jq ARGS` on `stdin` */
async function jq(args: string[], stdin = ''): Promise<{ out: string; err: string; status: number }> {
  const r = await runJq({ args, stdin });
  return { out: r.stdout.toString('utf8'), err: r.stderr.toString('utf8'), status: r.status };
}

/** every value of a text, as our reader gives them, printed as `jq -c .` would; chunked */
function ours(text: string, chunk = 0, stream = false): { out: string; err: string; status: number } {
  const dump = (v: Json) => dumpJson(v, { indent: 0 });
  const p = new JsonStreamParser({ stream });
  let out = '';
  const drain = (): string | undefined => {
    for (;;) {
      const r = p.next();
      if (r === undefined) return undefined;
      if (typeof r === 'object' && r !== null && !Array.isArray(r) && !(r instanceof Map) && !(r instanceof LiteralNumber)) {
        return r.error;
      }
      out += `${dump(r as Json)}\n`;
    }
  };
  let error: string | undefined;
  if (chunk > 0) {
    for (let i = 0; i < text.length && error === undefined; i += chunk) {
      p.write(text.slice(i, i + chunk));
      error = drain();
    }
  } else p.write(text);
  if (error === undefined) {
    p.end();
    error = drain();
  }
  return error === undefined ? { out, err: '', status: 0 } : { out, err: `jq: parse error: ${error}\n`, status: 5 };
}

const PARSE_CASES = [
  '1 2 3',
  '{"a":1,"b":[true,false,null],"c":{"d":"e"}}',
  '[1,2',
  '1 2 [',
  '[1,2,]',
  '{"a":1,}',
  '{"a"}',
  '{"a":}',
  '{1:2}',
  '[1 2]',
  '1x',
  '1x\n',
  'tru',
  'trux 1',
  'nul',
  'nan',
  '-nan',
  'NaN',
  'Infinity',
  '-Infinity',
  'inf',
  '[nan, infinity]',
  ']',
  '}',
  '1]',
  ':',
  ',',
  '"abc',
  '"a\\qb"',
  '"\\u12"',
  '"\\u12G4"',
  '"\\ud83d\\ude00"',
  '"\\ud83d"',
  '"\\ud83dx"',
  '"\\ude00"',
  '"a\tb"',
  '"line\nbreak"',
  '"é\\u00e9😀"',
  '100000000000000000000',
  '[1.000, 1E+2, 1e1000, -0, 0.1e-400, 0.00001, 3.0, -0.0, 00, 01, 1.0e+2, .5, 1., +1]',
  '1.7976931348623157e308 5e-324 9007199254740993 -9007199254740993 123456789012345678',
  '{"a":1,"a":2,"b":3}',
  '{"b":1,"a":2}',
  '  \n\n  [1,\n 2,\n  x]',
  'é x',
  '"é" x',
  '[\n"é",\n  é]',
  '\ufeff[1]',
  '1 "a"',
  '"a"1',
  '[][]{}',
  '{"a":[{"b":[{"c":[]}]}]}',
  '-',
  '1e',
  '1e+',
  '0x10',
  '1.2.3',
  `${'['.repeat(256)}${']'.repeat(256)}`,
  `${'['.repeat(257)}${']'.repeat(257)}`,
  `${'{"a":'.repeat(128)}1${'}'.repeat(128)}`,
  `${'{"a":'.repeat(129)}1${'}'.repeat(129)}`,
  '"\u007f\u0080\u2028"',
  '',
  '   ',
];

describe('JsonStreamParser against jq 1.7.1', () => {
  it.each(PARSE_CASES.map((c) => [JSON.stringify(c).slice(0, 60), c]))('%s', async (_name, text) => {
    const want = await jq(['-c', '.'], text);
    // jq reports a parse error as `jq: error (at <stdin>:N): …` for its own parse errors too
    const normalise = (e: string) => e.replace(/^jq: (?:parse error|error \(at [^)]*\)): /, 'jq: E: ');
    for (const chunk of [0, 1, 7]) {
      const got = ours(text, chunk);
      expect({ ...got, err: normalise(got.err) }).toEqual({ ...want, err: normalise(want.err) });
    }
  });
});

describe('JsonStreamParser --stream against jq 1.7.1', () => {
  const cases = [...PARSE_CASES.filter((c) => !c.includes('[[[[')), '{"a":[1,{"b":2}],"c":"d"} 3 [] {}', '[[],{},[{}]]', '{"a":[1,', '{"a" 1}', '{{}}', '{"x":1,[2]}', '[1,[2,3', '{"a":}', '{"a":[]}'];
  it.each(cases.map((c) => [JSON.stringify(c).slice(0, 60), c]))('%s', async (_name, text) => {
    const want = await jq(['-c', '--stream', '.'], text);
    const normalise = (e: string) => e.replace(/^jq: (?:parse error|error \(at [^)]*\)): /, 'jq: E: ');
    for (const chunk of [0, 3]) {
      const got = ours(text, chunk, true);
      expect({ ...got, err: normalise(got.err) }).toEqual({ ...want, err: normalise(want.err) });
    }
  });
});

const DUMP_INPUT = [
  'null true false 0 -0 1.5 100000000000000000000 1.000 "a\\"b\\\\c\\u0000\\u001f\\u007f\\b\\f\\n\\r\\t/"',
  '"é😀\\u2028" [] {} [[]] [{}] {"a":{}}',
  '{"b":[1,{"c":null,"a":[true,"x"]}],"a":{"z":1,"y":[]},"😀":1,"\\uffff":2,"é":3}',
  '[1,[2,[3,[4]]]] {"k":{"k":{"k":"v"}}}',
].join('\n');

describe('dumpJson against jq 1.7.1', () => {
  const values: Json[] = [];
  const p = new JsonStreamParser();
  p.write(DUMP_INPUT);
  p.end();
  for (let r = p.next(); r !== undefined; r = p.next()) values.push(r as Json);
  const cases: [string[], Parameters<typeof dumpJson>[1]][] = [
    [['-c'], { indent: 0 }],
    [[], { indent: 2 }],
    [['--indent', '4'], { indent: 4 }],
    [['--indent', '0'], { indent: 0 }],
    [['--tab'], { indent: 2, tab: true }],
    [['-S'], { indent: 2, sortKeys: true }],
    [['-S', '-c'], { indent: 0, sortKeys: true }],
    [['-a', '-c'], { indent: 0, ascii: true }],
    [['-a'], { indent: 2, ascii: true }],
    [['-C'], { indent: 2, color: true }],
    [['-C', '-c'], { indent: 0, color: true }],
    [['-C', '-S', '--tab'], { indent: 2, color: true, sortKeys: true, tab: true }],
  ];
  it.each(cases.map(([a, o]) => [a.join(' ') || '(default)', a, o] as const))('%s', async (_n, args, opts) => {
    const want = await jq([...args, '.'], DUMP_INPUT);
    expect(want.status).toBe(0);
    expect(values.map((v) => `${dumpJson(v, opts)}\n`).join('')).toBe(want.out);
  });

  it('skips values deeper than 256 levels as jq does', async () => {
    let v: Json = 0;
    for (let i = 0; i < 300; i++) v = [v];
    const want = await jq(['-n', '-c', 'reduce range(300) as $i (0; [.])']);
    expect(`${dumpJson(v, { indent: 0 })}\n`).toBe(want.out);
    const pretty = await jq(['-n', 'reduce range(258) as $i (0; [.])']);
    let w: Json = 0;
    for (let i = 0; i < 258; i++) w = [w];
    expect(`${dumpJson(w, { indent: 2 })}\n`).toBe(pretty.out);
  });
});

describe('numberToString against jq 1.7.1', () => {
  it('prints computed doubles as jq does', async () => {
    const nums = fc.sample(fc.double({ noNaN: true }), { numRuns: 400, seed: 7 });
    nums.push(0, -0, 1, -1, 0.1, 1e-5, 1e-4, 1e15, 1e16, 1e17, 1 / 3, 2 ** 53, 2 ** 53 + 2, 123456789.125, 1e21, 1e300, 5e-324);
    nums.push(Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity);
    const text = nums.map((n) => (Number.isFinite(n) ? String(n) : n > 0 ? '1e400' : '-1e400')).join('\n');
    // `. + 0` turns the literal into a double, which jq prints with its dtoa
    const want = await jq(['.+0'], text);
    const got = nums.map((n) => `${numberToString(Object.is(n, -0) ? 0 : n)}\n`).join('');
    expect(got).toBe(want.out);
    expect(numberToString(-0)).toBe('-0');
    expect(numberToString(Number.NaN)).toBe('null');
  });
});

const FORMAT_VALUES = [
  'null',
  'true',
  '1.5',
  '100000000000000000000',
  '"plain"',
  '"<a href=\\"x\\">it\'s & é</a>"',
  '"a,b\\"c\\td\\ne\\\\f\\r"',
  '"é ~x/y?z=1&w"',
  '[1,"a b",null,true,false,1.10,"it\'s","x\\ty"]',
  '[1,[2]]',
  '[{"a":1}]',
  '{"a":1}',
  '{"a":"ééééééééé"}',
  '[]',
  '"YWJj"',
  '"YWJjZA=="',
  '"YWJjZA"',
  '"YQ"',
  '"a"',
  '"a!b"',
  '"4pyTIMOgIGxhIG1vZGU="',
  '"/w=="',
  '"wA=="',
];

describe('FORMATS against jq 1.7.1', () => {
  it.each(Object.keys(FORMATS))('@%s', async (name) => {
    const filter = `try @${name} catch ("ERROR: " + .)`;
    const want = await jq(['-r', filter], FORMAT_VALUES.join('\n'));
    const fmt = FORMATS[name] as (v: Json) => string;
    const got = FORMAT_VALUES.map((t) => {
      try {
        return `${fmt(parseJson(t))}\n`;
      } catch (e) {
        if (e instanceof JqError) return `ERROR: ${String(e.value)}\n`;
        throw e;
      }
    }).join('');
    expect(got).toBe(want.out);
  });
});

describe('dumpForError and parseJson against jq 1.7.1', () => {
  const texts = ['null', '1', '"abc"', '"abcdefghijklmnop"', '[1,2,3,4,5,6]', '{"a":"ééééééééé"}', '{"abcdefghij":1}', '"😀😀😀😀"', '1.000', '12345678901234'];
  it('truncates dumps in type errors as jq does', async () => {
    const want = await jq(['-r', 'try ({} - .) catch .'], texts.join('\n'));
    const got = texts.map((t) => `object ({}) and ${typeErrorMessage(parseJson(t), 'cannot be subtracted')}\n`).join('');
    expect(got).toBe(want.out);
  });

  const sources = ['1', ' [1,2] ', '{"a":nan}', '[1,2', '1 2', '', '  ', 'abc', 'tru', '"\\x"', '{"a":1,}', '1.000', 'nan', '[1]x'];
  it('parses like fromjson', async () => {
    const want = await jq(['-r', '.[] | try (fromjson | tojson) catch ("ERROR: " + .)'], JSON.stringify(sources));
    const got = sources
      .map((s) => {
        try {
          return `${dumpJson(parseJson(s), { indent: 0 })}\n`;
        } catch (e) {
          if (e instanceof JqError) return `ERROR: ${String(e.value)}\n`;
          throw e;
        }
      })
      .join('');
    expect(got).toBe(want.out);
  });
});

describe('dates against jq 1.7.1', () => {
  const secs = [0, 1425599621, 1425599621.25, -1.5, 951782400, 4102444800, -86400 * 365];
  it('gmtime, mktime, strftime', async () => {
    const fmt = '%Y-%m-%dT%H:%M:%SZ %a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %m %M %p %r %R %s %S %T %u %U %V %w %W %x %X %y %z %%';
    const want = await jq(['-c', `gmtime, (gmtime|mktime), strftime(${JSON.stringify(fmt)})`], secs.join(' '));
    const got = secs
      .map((s) => {
        const g = `${dumpJson(gmtime(s), { indent: 0 })}\n`;
        try {
          return `${g}${mktime(gmtime(s))}\n${JSON.stringify(strftime(s, fmt, false))}\n`;
        } catch (e) {
          if (e instanceof JqError) return g; // jq reports it on stderr and goes on with the next input
          throw e;
        }
      })
      .join('');
    expect(got).toBe(want.out);
  });

  it('date messages', async () => {
    const filters = [
      '"a"|gmtime',
      '"a"|mktime',
      '[1]|mktime',
      '[2020,0,1,0,0,0]|mktime',
      '[2020,0,1,0,0,0,"x",0]|mktime',
      '"a"|strftime("%Y")',
      '[1]|strftime("%Y")',
      '0|strftime("")',
      '1|strptime("%s")',
      '"x"|strptime("%Y")',
      '"2015-03-05T23:51:47Z"|strptime("%Y-%m-%dT%H:%M:%SZ")',
      '"2015-03-05 23:51:47  "|strptime("%Y-%m-%d %H:%M:%S")',
      '"Thu, 05 Mar 2015 23:51:47"|strptime("%a, %d %b %Y %T")',
      '"2015-03-05T23:51:47Zjunk"|strptime("%Y-%m-%dT%H:%M:%SZ")',
    ];
    for (const f of filters) {
      const want = await jq(['-nc', `try (${f}) catch ("ERROR: " + .)`]);
      const [lhs, fn] = f.split('|') as [string, string];
      const input = parseJson(lhs);
      let got: string;
      try {
        const m = /^(\w+)(?:\((.*)\))?$/.exec(fn);
        const name = m?.[1];
        const arg = m?.[2] !== undefined ? parseJson(m[2]) : null;
        const r: Json =
          name === 'gmtime' ? gmtime(input) : name === 'mktime' ? mktime(input) : name === 'strftime' ? strftime(input, arg, false) : strptime(input, arg);
        got = dumpJson(r, { indent: 0 });
      } catch (e) {
        if (!(e instanceof JqError)) throw e;
        got = JSON.stringify(`ERROR: ${String(e.value)}`);
      }
      expect(`${got}\n`, f).toBe(want.out);
    }
  });
});

describe('properties', () => {
  const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.string({ unit: 'grapheme' }),
      fc.array(tie('v'), { maxLength: 5 }),
      fc.array(fc.tuple(fc.string(), tie('v')), { maxLength: 5 }).map((e) => new Map(e) as Json),
    ),
  })).v;

  /** plain data for toEqual: literals as their doubles, objects as entry lists */
  const plain = (v: Json): unknown => {
    if (v instanceof LiteralNumber) return v.value;
    if (Array.isArray(v)) return v.map(plain);
    if (v instanceof Map) return [...v].map(([k, x]) => [k, plain(x)]);
    return v;
  };

  it('parse(dump(v)) is v, whatever the chunking and layout', () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 1, max: 9 }), fc.boolean(), (v, chunk, pretty) => {
        const text = dumpJson(v, { indent: pretty ? 2 : 0 });
        const p = new JsonStreamParser();
        const got: Json[] = [];
        for (let i = 0; i < text.length; i += chunk) {
          p.write(text.slice(i, i + chunk));
          for (let r = p.next(); r !== undefined; r = p.next()) got.push(r as Json);
        }
        p.end();
        for (let r = p.next(); r !== undefined; r = p.next()) got.push(r as Json);
        expect(got.map(plain)).toEqual([plain(v)]);
        // and a literal's text survives a second round
        expect(dumpJson(parseJson(dumpJson(got[0] as Json, { indent: 0 })), { indent: 0 })).toBe(dumpJson(got[0] as Json, { indent: 0 }));
      }),
    );
  });

  it('compareStrings is UTF-8 byte order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const x = Buffer.compare(Buffer.from(a), Buffer.from(b));
        expect(Math.sign(compareStrings(a, b))).toBe(a === b ? 0 : x);
      }),
    );
  });

  it('decodeUtf8 replaces as jq does', () => {
    const cases: [number[], string][] = [
      [[0x61, 0xff, 0x62], 'a\ufffdb'],
      [[0xe0, 0x80, 0x80], '\ufffd'],
      [[0xed, 0xa0, 0x80], '\ufffd'],
      [[0xe2, 0x82], '\ufffd'],
      [[0xe2, 0x41, 0x42], '\ufffdAB'],
      [[0xf4, 0x90, 0x80, 0x80], '\ufffd'],
      [[0xc3, 0xa9], 'é'],
    ];
    for (const [bytes, want] of cases) expect(decodeUtf8(Uint8Array.from(bytes))).toBe(want);
  });
});

describe('colours, kinds and small helpers', () => {
  it.each(['0;31:0;32', '1;30:0;39:0;39:0;39:0;32:1;39:1;39:34;1', '0;31::4', '0;31:', '', '7;31;42;1234:x', '1234567890123'])(
    'JQ_COLORS=%s as jq 1.7.1',
    async (spec) => {
      const input = '{"a":[null,false,true,1,"s",{}]}';
      const r = await runJq({ args: ['-C', '-c', '.'], stdin: input, env: { JQ_COLORS: spec } });
      const colors = parseJqColors(spec);
      const stderr = colors === undefined ? 'Failed to set $JQ_COLORS\n' : '';
      expect({ out: r.stdout.toString(), err: r.stderr.toString() }).toEqual({
        out: `${dumpJson(parseJson(input), { indent: 0, color: true, colors })}\n`,
        err: stderr,
      });
    },
  );

  it('names kinds, quotes strings, reports unknown formats', () => {
    expect([null, true, 1, new LiteralNumber(1, '1.0'), 'a', [], new Map()].map((v) => kindName(v as Json))).toEqual([
      'null', 'boolean', 'number', 'number', 'string', 'array', 'object',
    ]);
    expect(quoteString('é\u007f', true)).toBe('"\\u00e9\\u007f"');
    expect(tojson(new Map([['a', [1, 'x']]]))).toBe('{"a":[1,"x"]}');
    expect(formatError('nope').value).toBe('nope is not a valid format');
    expect(parseNumberLiteral('1.000')).toEqual(new LiteralNumber(1, '1.000'));
    expect([MAX_PARSING_DEPTH, MAX_PRINT_DEPTH]).toEqual([256, 256]);
    // recorded from jq 1.7.1 with TZ=Asia/Tokyo: `0 | localtime`
    expect(localtime(0, 'Asia/Tokyo')).toEqual([1970, 0, 1, 9, 0, 0, 4, 0]);
    expect(localtime(0)).toEqual([1970, 0, 1, 0, 0, 0, 4, 0]);
  });
});

describe('bytes in, as jq 1.7.1 reads them', () => {
  const inputs: number[][] = [
    [0x5b, 0x31, 0x2c, 0x20, 0xff, 0x5d],
    [0x22, 0x61, 0xff, 0x62, 0xc3, 0x22],
    [0x22, 0xe0, 0x80, 0x80, 0x22, 0x20, 0x22, 0xed, 0xa0, 0x80, 0x22],
    [0x22, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9, 0x22, 0x0a, 0xc3, 0xa9, 0x78],
    [0x22, 0xe2, 0x82, 0x22, 0x0a, 0xe2, 0x82, 0xac, 0x20, 0x7b],
  ];
  it.each(inputs.map((b) => [Buffer.from(b).toString('hex'), b]))('%s', async (_hex, bytes) => {
    const want = await runJq({ args: ['-c', '.'], stdin: Uint8Array.from(bytes) });
    for (const size of [1, 2, 100]) {
      const dec = new JqUtf8Decoder();
      const p = new JsonStreamParser();
      let out = '';
      let err = '';
      const drain = () => {
        for (let r = p.next(); r !== undefined; r = p.next()) {
          if (r !== null && typeof r === 'object' && 'error' in r) err = `jq: parse error: ${String(r.error)}\n`;
          else out += `${dumpJson(r as Json, { indent: 0 })}\n`;
        }
      };
      for (let i = 0; i < bytes.length; i += size) {
        p.write(dec.decode(Uint8Array.from(bytes.slice(i, i + size))));
        drain();
      }
      p.write(dec.decode(new Uint8Array(0), true));
      p.end();
      drain();
      expect({ out, err }).toEqual({ out: want.stdout.toString('utf8'), err: want.stderr.toString('utf8') });
    }
  });
});
