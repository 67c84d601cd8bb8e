// `[ … ]` and `test …` in loops (issue 7): the test builtin without its context, argv copies and
// evaluator object, for the shapes test-eval.ts's quick functions know (`[ $i -lt N ]`,
// `[ -n "$x" ]`, `[ "$a" = b ]`). Everything else — a function named `[`, xtrace, a denied
// command, file tests, errors, operands that split — answers QUICK_UNSURE and the command runs
// the ordinary way, so behaviour never depends on which path ran.

import type { Word } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import { compileSingleField, type SingleField } from '../expand/expand.js';
import {
  QUICK_UNSURE, quickBinary, quickTest, quickUnary, quickUnary1,
} from './test-eval.js';

export { QUICK_UNSURE };

export const TEST_NONE = 0;
const TEST_BRACKET = 1;
const TEST_WORD = 2;

/** a command word that is literally `[` or `test` (decided once, at compile time) */
export function testFormOf(w: Word): number {
  if (w.Parts.length !== 1) return TEST_NONE;
  const p = w.Parts[0]!;
  if (p.type !== 'Lit') return TEST_NONE;
  return p.Value === '[' ? TEST_BRACKET : p.Value === 'test' ? TEST_WORD : TEST_NONE;
}

/** the builtin would run (not a function of that name), untraced */
function builtinRuns(sh: Shell, name: string): boolean {
  return !sh.setOpts.xtrace && sh.rt.isAllowed(name) && !sh.funcs.has(name);
}

/**
 * On an expanded argv (argv[0] is `[` or `test`, the policy already checked): the status, or
 * QUICK_UNSURE.
 */
export function quickTestArgv(sh: Shell, argv: string[], form: number): number {
  const name = argv[0]!;
  if (name !== (form === TEST_BRACKET ? '[' : 'test') || sh.funcs.has(name)) return QUICK_UNSURE;
  const n = argv.length;
  if (form === TEST_BRACKET) return argv[n - 1] === ']' ? quickTest(argv, 1, n - 1) : QUICK_UNSURE;
  return quickTest(argv, 1, n);
}

/**
 * Before any expansion: when every operand word reads as one field (compileSingleField), the
 * whole command as one closure that reads them into locals (no argv) and sets $_ — or null when
 * the words have other shapes. Its QUICK_UNSURE means: expand and run as usual.
 */
export function compileQuickTest(words: readonly Word[]): ((sh: Shell) => number) | null {
  const first = words[0];
  const form = first === undefined ? TEST_NONE : testFormOf(first);
  if (form === TEST_NONE) return null;
  let operands = words.slice(1);
  if (form === TEST_BRACKET) {
    const close = words[words.length - 1];
    if (words.length < 2 || close === undefined || !isLiteral(close, ']')) return null;
    operands = operands.slice(0, -1);
  }
  const readers: SingleField[] = [];
  for (const w of operands) {
    const r = compileSingleField(w);
    if (r === null) return null;
    readers.push(r);
  }
  const name = form === TEST_BRACKET ? '[' : 'test';
  const closing = form === TEST_BRACKET ? ']' : null;
  switch (readers.length) {
    case 1: {
      const [ra] = readers as [SingleField];
      return (sh) => {
        if (!builtinRuns(sh, name)) return QUICK_UNSURE;
        const a = ra(sh);
        if (a === undefined) return QUICK_UNSURE;
        sh.lastArg = closing ?? a;
        return quickUnary1(a);
      };
    }
    case 2: {
      const [ra, rb] = readers as [SingleField, SingleField];
      return (sh) => {
        if (!builtinRuns(sh, name)) return QUICK_UNSURE;
        const a = ra(sh);
        const b = rb(sh);
        if (a === undefined || b === undefined) return QUICK_UNSURE;
        const st = quickUnary(a, b);
        if (st !== QUICK_UNSURE) sh.lastArg = closing ?? b;
        return st;
      };
    }
    case 3: {
      const [ra, rb, rc] = readers as [SingleField, SingleField, SingleField];
      return (sh) => {
        if (!builtinRuns(sh, name)) return QUICK_UNSURE;
        const a = ra(sh);
        const b = rb(sh);
        const c = rc(sh);
        if (a === undefined || b === undefined || c === undefined) return QUICK_UNSURE;
        const st = quickBinary(a, b, c);
        if (st !== QUICK_UNSURE) sh.lastArg = closing ?? c;
        return st;
      };
    }
    default:
      return null;
  }
}

function isLiteral(w: Word, text: string): boolean {
  return w.Parts.length === 1 && w.Parts[0]!.type === 'Lit' && (w.Parts[0] as { Value: string }).Value === text;
}
