// Grammar-driven script generator (fast-check) for the differential test, plus a mutator that
// deletes or duplicates quotes, parentheses and keywords to produce mostly-invalid scripts.

import fc from 'fast-check';

const names = fc.constantFrom('a', 'x', 'foo', 'PATH', 'i', 'arr', '_v1');
const plain = fc.constantFrom('echo', 'ls', 'cat', 'grep', '-n', 'file.txt', '*.log', '/tmp/x', 'a,b', '{1..3}', '~', 'é', '日本', 'x=y', '--opt=v', '%', '@', '!', '1');

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-./';
const text = fc.string({ unit: fc.constantFrom(...letters.split(''), '$', '"', "'", '\\', '`', '*', 'é'), maxLength: 8 });

const arithAtom = fc.oneof(fc.constantFrom('1', '42', '0x1f', 'i', 'x'), names);
const arith: fc.Arbitrary<string> = fc.letrec((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    arithAtom,
    fc.tuple(tie('e') as fc.Arbitrary<string>, fc.constantFrom('+', '-', '*', '/', '%', '**', '<<', '==', '!=', '<=', '&&', '||', '&', '|', '^', ','), tie('e') as fc.Arbitrary<string>).map(([a, o, b]) => `${a} ${o} ${b}`),
    fc.tuple(fc.constantFrom('!', '~', '-', '+'), tie('e') as fc.Arbitrary<string>).map(([o, a]) => `${o}${a}`),
    fc.tuple(tie('e') as fc.Arbitrary<string>).map(([a]) => `(${a})`),
    fc.tuple(names, tie('e') as fc.Arbitrary<string>).map(([n, a]) => `${n} += ${a}`),
    fc.tuple(tie('e') as fc.Arbitrary<string>, tie('e') as fc.Arbitrary<string>, tie('e') as fc.Arbitrary<string>).map(([a, b, c]) => `${a} ? ${b} : ${c}`),
    names.map((n) => `${n}++`),
    names.map((n) => `--${n}`),
  ),
})).e;

const paramOp = fc.constantFrom(':-', '-', ':=', '=', ':+', '+', ':?', '#', '##', '%', '%%', '/', '//', '^', '^^', ',', ',,', '@Q', ':1', ':1:2');

function wordArb(depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    plain,
    names.map((n) => `$${n}`),
    fc.constantFrom('$1', '$@', '$#', '$?', '$$', '$!', '$-', '$0'),
    text.map((t) => `'${t.replace(/'/g, '')}'`),
    fc.tuple(names, paramOp, fc.constantFrom('w', '', 'x*', 'a b')).map(([n, o, w]) => `\${${n}${o}${o.startsWith(':1') || o === '@Q' ? '' : w}}`),
    names.map((n) => `\${#${n}}`),
    names.map((n) => `\${!${n}}`),
    names.map((n) => `\${${n}[1]}`),
    names.map((n) => `\${${n}[@]}`),
    arith.map((a) => `$((${a}))`),
    fc.constantFrom("$'a\\n'", '$"x"', '@(a|b)', '!(x)', '\\$a', 'a\\ b', '"\\""'),
  );
  if (depth <= 0) return leaf;
  const inner = wordArb(depth - 1);
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    fc.array(fc.oneof(leaf, names.map((n) => `$${n}`)), { minLength: 1, maxLength: 3 }).map((ps) => `"${ps.join(' ')}"`),
    fc.tuple(leaf, leaf).map(([a, b]) => a + b),
    cmdArb(depth - 1).map((c) => `$(${c})`),
    simpleArb(inner).map((c) => `\`${c}\``),
    cmdArb(depth - 1).map((c) => `<(${c})`),
  );
}

function simpleArb(word: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const redir = fc.tuple(fc.constantFrom('>', '>>', '<', '2>', '2>&1', '&>', '<<<', '>|', '<>', '3<'), word).map(([o, w]) => (o === '2>&1' ? o : `${o} ${w}`));
  const assign = fc.tuple(names, fc.constantFrom('=', '+='), fc.oneof(word, fc.constant(''))).map(([n, o, v]) => `${n}${o}${v}`);
  return fc
    .tuple(fc.array(assign, { maxLength: 2 }), fc.array(word, { minLength: 1, maxLength: 4 }), fc.array(redir, { maxLength: 2 }))
    .map(([as, ws, rs]) => [...as, ...ws, ...rs].join(' '));
}

function cmdArb(depth: number): fc.Arbitrary<string> {
  const word = wordArb(Math.max(0, depth - 1));
  const simple = simpleArb(word);
  if (depth <= 0) return simple;
  const sub = cmdArb(depth - 1);
  const list = fc.array(sub, { minLength: 1, maxLength: 3 }).map((cs) => cs.join('; '));
  return fc.oneof(
    { weight: 5, arbitrary: simple },
    fc.tuple(sub, fc.constantFrom(' | ', ' && ', ' || ', ' |& '), sub).map(([a, o, b]) => a + o + b),
    sub.map((c) => `! ${c}`),
    fc.tuple(list, list).map(([c, t]) => `if ${c}; then ${t}; fi`),
    fc.tuple(list, list, list).map(([c, t, e]) => `if ${c}; then ${t}; elif ${c}; then ${e}; else ${e}; fi`),
    fc.tuple(fc.constantFrom('while', 'until'), list, list).map(([k, c, b]) => `${k} ${c}; do ${b}; done`),
    fc.tuple(names, fc.array(word, { maxLength: 3 }), list).map(([n, ws, b]) => `for ${n} in ${ws.join(' ')}; do ${b}; done`),
    fc.tuple(arith, arith, arith, list).map(([a, b, c, l]) => `for ((${a}; ${b}; ${c})); do ${l}; done`),
    fc.tuple(word, fc.array(fc.tuple(word, list, fc.constantFrom(';;', ';&', ';;&')), { minLength: 1, maxLength: 3 })).map(
      ([w, items]) => `case ${w} in ${items.map(([p, l, o]) => `${p}) ${l} ${o}`).join(' ')} esac`,
    ),
    list.map((l) => `{ ${l}; }`),
    list.map((l) => `( ${l} )`),
    fc.tuple(names, list).map(([n, l]) => `${n}() { ${l}; }`),
    fc.tuple(names, list).map(([n, l]) => `function ${n} { ${l}; }`),
    arith.map((a) => `((${a}))`),
    fc.tuple(word, fc.constantFrom('==', '!=', '=~', '<', '-eq', '-nt'), word).map(([a, o, b]) => `[[ ${a} ${o} ${b} ]]`),
    fc.tuple(fc.constantFrom('-n', '-z', '-f', '!'), word, word).map(([o, a, b]) => `[[ ${o} ${a} && ${b} || -d x ]]`),
    fc.tuple(fc.constantFrom('declare', 'local', 'export', 'readonly'), fc.constantFrom('-a', '-x', ''), names, word).map(([d, f, n, w]) => `${d} ${f} ${n}=${w}`),
    fc.tuple(names, fc.array(word, { maxLength: 3 })).map(([n, ws]) => `${n}=(${ws.join(' ')})`),
    arith.map((a) => `let "${a}"`),
    fc.tuple(fc.constantFrom('<<EOF', "<<'EOF'", '<<-EOF', '<<"E O"'), fc.array(fc.oneof(text, names.map((n) => `$${n}`)), { maxLength: 3 })).map(
      ([op, lines]) => {
        const delim = op.includes('E O') ? 'E O' : 'EOF';
        const tab = op.startsWith('<<-') ? '\t' : '';
        return `cat ${op}\n${lines.map((l) => tab + l).join('\n')}${lines.length > 0 ? '\n' : ''}${tab}${delim}\n`;
      },
    ),
    sub.map((c) => `time ${c}`),
    sub.map((c) => `${c} &`),
    fc.tuple(sub, fc.constantFrom(' # note', '\\\n  --more', ' \\\n')).map(([c, t]) => c + t),
  );
}

/** Whole scripts: statements separated by newlines or semicolons. */
export const scriptArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(cmdArb(2), fc.constantFrom('\n', '; ', '\n\n', ' &\n', '\r\n')), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([c, sep]) => c + sep).join(''));

const MUTATION_TOKENS = ['"', "'", '`', '(', ')', '{', '}', '[[', ']]', '$(', '${', 'then', 'fi', 'do', 'done', 'esac', ';;', ';', '|', '&&', '\n', '<<', 'if', 'case', 'in', '$((', '))'];

/** Deletes or duplicates one syntax token of a script, or inserts one. */
export const mutatedArb: fc.Arbitrary<string> = fc
  .tuple(scriptArb, fc.constantFrom(...MUTATION_TOKENS), fc.nat(), fc.constantFrom('delete', 'duplicate', 'insert'))
  .map(([s, tok, n, how]) => {
    const hits: number[] = [];
    for (let i = s.indexOf(tok); i >= 0; i = s.indexOf(tok, i + 1)) hits.push(i);
    if (how === 'insert' || hits.length === 0) {
      const at = n % (s.length + 1);
      return s.slice(0, at) + tok + s.slice(at);
    }
    const at = hits[n % hits.length];
    return how === 'delete' ? s.slice(0, at) + s.slice(at + tok.length) : s.slice(0, at) + tok + s.slice(at);
  });
