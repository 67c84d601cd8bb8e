// Minimal stand-ins for echo/true/false/printf used only while SHELL_BUILTINS lacks them (the
// language-utilities helper owns the real ones; the table lookup prefers theirs).
import type { CoreBuiltin } from './core-builtins/types.js';

const echo: CoreBuiltin = (sh, args) => {
  let i = 0;
  let newline = true;
  while (i < args.length && /^-[neE]+$/.test(args[i]!)) {
    if (args[i]!.includes('n')) newline = false;
    i++;
  }
  const r = sh.stdout.writeString(args.slice(i).join(' ') + (newline ? '\n' : ''));
  return r ? r.then(() => 0) : 0;
};

const printf: CoreBuiltin = (sh, args) => {
  const fmt = args[0] ?? '';
  let k = 1;
  let out = '';
  do {
    out += fmt.replace(/%([sd%])|\\n|\\t/g, (m, c) => {
      if (m === '\\n') return '\n';
      if (m === '\\t') return '\t';
      if (c === '%') return '%';
      const v = args[k++] ?? '';
      return c === 'd' ? String(Number(v) || 0) : v;
    });
  } while (k < args.length && k > 1);
  const r = sh.stdout.writeString(out);
  return r ? r.then(() => 0) : 0;
};

export const FALLBACK_BUILTINS: ReadonlyMap<string, CoreBuiltin> = new Map<string, CoreBuiltin>([
  ['echo', echo],
  ['printf', printf],
  ['true', () => 0],
  ['false', () => 1],
]);
