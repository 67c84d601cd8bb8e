import { it } from 'vitest';
import fc from 'fast-check';
import { tac } from './index.js';
import { expectSameAsGnu } from '../internal/gnu-oracle.test.js';
it('regex fuzz', async () => {
  const tok = fc.constantFrom('a', 'b', '.', '*', '+', '?', '\\(', '\\)', '\\|', '[ab]', '[^a]', '^', '$', 'a\\{2\\}', '\\w', '\n');
  await fc.assert(fc.asyncProperty(fc.array(tok, { minLength: 1, maxLength: 5 }), fc.stringMatching(/^[ab\n.]{0,12}$/), fc.boolean(), async (toks, text, before) => {
    await expectSameAsGnu(tac, ['-r', '-s', toks.join(''), ...(before ? ['-b'] : [])], { stdin: text });
  }), { numRuns: 400 });
}, 120000);
