// Back-references: a corpus of patterns and lines the grep, sed and expr tests compare against
// the GNU tools (test-only).

export const BACKREF_PATTERNS = [
  '(a)\\1', '(a*)\\1', '(a*)(a*)\\1', '(a*)\\1\\1', '(.*)\\1', '^(.*)\\1$', '(.)(.)\\2\\1', '(a|b)*\\1', '(a|b)+\\1',
  '(x)?a\\1', '(a(b)?)+\\2', '((a)|b)+\\2', '(a*)*x\\1x', '(a*)+\\1', '(ab|a)(bc|c)?\\1', '([a-c])\\1{2}', '(a)\\1*',
  '(a)(\\1)*b', '(\\w+) \\1', '^(a+)\\1$', '(.)\\1', '()\\1', '(a?)\\1b', '(^a)\\1', '(b*)(a\\1)*c', '(.)\\1\\>', 'x(.*)x\\1',
  '(a+|b+)\\1', '(a|b)\\1+', '(a{2,3})\\1', '([ab]{1,2})\\1{1,2}', '(a*)b\\1c', '\\<(.)\\1', '(.)(.)(.)\\3\\2\\1',
  '(a|ab)(c|bcd)(d*)\\3', '(.*)(.*)\\2\\1', '((.)\\2)+', '(a)|b\\1', '(a\\b)\\1', '(.+) \\1',
];

/** ERE → BRE for the corpus (no literal operators in it) */
export function toBasic(ere: string): string {
  return ere.replace(/\\.|[()|+?{}]/g, (c) => (c.length === 2 ? c : '\\' + c));
}

export const BACKREF_LINES = [
  '', 'a', 'aa', 'aaa', 'aaaa', 'ab', 'aba', 'abab', 'abba', 'xx', 'xax', 'axa', 'aab', 'abcabc', 'foo foo', 'the the cat',
  'abcbc', 'aabb', 'bbbb', 'ababab', 'xyzzyx', 'a a', 'Aa', 'AbAB', 'aaab', 'baab', 'acac', 'abcab', 'aaaaac', 'xaxa',
  'bc', 'abbc', 'aac', 'abcdd', 'abab ab', 'x-x', 'ccc', 'cdcd dcdc',
].join('\n') + '\n';
