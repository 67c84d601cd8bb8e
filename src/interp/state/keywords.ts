// bash's reserved words, for `type` / `command -V`.
export const KEYWORDS: ReadonlySet<string> = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done',
  'in', 'function', 'time', '{', '}', '!', '[[', ']]', 'coproc',
]);
