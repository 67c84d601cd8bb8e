// Rules finer than a command name (RunnerOptions.rules), judged on a command's words after
// expansion, where the command is dispatched: wrappers (env, xargs, find -exec, command, builtin,
// eval, source, functions, awk's command strings) reach the same check, so none can hide a command.
//
// A rule's `match` is words separated by blanks, each a shell pattern (`*`, `?`, `[…]`). The first
// word matches the command name. Each further word must match a later argument, in order, with
// any other arguments before, between and after: `git push` matches `git -C repo push --force`,
// and `rm -r*` matches `rm -f -rf dir`. A lone `*` matches nothing more (any arguments at all).
// `under` (optional) narrows a rule to commands with an argument inside one of those directories
// (an operand resolved against the working directory, lexically). The strictest matching rule wins
// (deny > ask > allow); a command no rule matches is left to the allowed-commands list.

import { compilePattern, type CompiledPattern } from '../../../lib/pattern/pattern.js';
import { absolutePath } from '../../../allowedpaths/paths.js';
import type { Rule, RuleAction } from '../../api.js';

interface CompiledRule {
  readonly rule: Rule;
  readonly words: readonly CompiledPattern[];
  /** the command-name word, when it has no pattern characters: the index key */
  readonly name: string | null;
  readonly under: readonly string[] | null;
  readonly rank: number;
}

export interface Verdict {
  action: RuleAction;
  rule: Rule;
  /** the words that matched the rule's words, for the refusal (`git push: refused by policy …`) */
  words: string[];
}

const RANK: Record<RuleAction, number> = { allow: 0, ask: 1, deny: 2 };
const GLOB = /[*?[\\]/;

export class Rules {
  /** rules whose command word is a plain name, by that name; the rest are tried for every command */
  private readonly byName = new Map<string, CompiledRule[]>();
  private readonly anyName: CompiledRule[] = [];

  constructor(rules: readonly Rule[]) {
    rules.forEach((r, i) => {
      const c = compileRule(r, i);
      if (c.name === null) this.anyName.push(c);
      else {
        const list = this.byName.get(c.name);
        if (list) list.push(c);
        else this.byName.set(c.name, [c]);
      }
    });
  }

  /** the strictest rule matching argv (an earlier rule wins a tie), or null */
  judge(argv: readonly string[], cwd: string): Verdict | null {
    const name = argv[0];
    if (name === undefined) return null;
    let best: { c: CompiledRule; words: string[] } | null = null;
    const consider = (list: readonly CompiledRule[] | undefined): void => {
      if (!list) return;
      for (const c of list) {
        if (best !== null && c.rank <= best.c.rank) continue;
        const words = matchWords(c, argv, cwd);
        if (words !== null) best = { c, words };
      }
    };
    consider(this.byName.get(name));
    consider(this.anyName);
    if (best === null) return null;
    const { c, words } = best as { c: CompiledRule; words: string[] };
    return { action: c.rule.action, rule: c.rule, words };
  }
}

function compileRule(r: Rule, index: number): CompiledRule {
  const where = `rules[${index}]`;
  if (r === null || typeof r !== 'object') throw new Error(`Rules: ${where} must be an object`);
  if (typeof r.match !== 'string' || r.match.trim() === '') throw new Error(`Rules: ${where}.match must be a non-empty string`);
  if (RANK[r.action] === undefined) throw new Error(`Rules: ${where}.action must be "allow", "ask" or "deny"`);
  if (r.reason !== undefined && typeof r.reason !== 'string') throw new Error(`Rules: ${where}.reason must be a string`);
  let under: string[] | null = null;
  if (r.under !== undefined) {
    if (!Array.isArray(r.under) || r.under.some((p) => typeof p !== 'string' || !p.startsWith('/'))) {
      throw new Error(`Rules: ${where}.under must be a list of absolute directories`);
    }
    under = r.under.map((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p));
  }
  const texts = r.match.trim().split(/\s+/);
  // a trailing lone `*` says "any arguments", which the in-order matching allows anyway
  if (texts.length > 1 && texts[texts.length - 1] === '*') texts.pop();
  const first = texts[0]!; // split of a non-blank string has a first word
  return {
    rule: r,
    words: texts.map((t) => compilePattern(t)),
    name: GLOB.test(first) ? null : first,
    under,
    rank: RANK[r.action],
  };
}

/** the matched words when `c` matches argv, else null */
function matchWords(c: CompiledRule, argv: readonly string[], cwd: string): string[] | null {
  const pats = c.words;
  if (!pats[0]!.test(argv[0]!)) return null; // a compiled rule has at least one word
  const words = [argv[0]!];
  let i = 1;
  for (let k = 1; k < pats.length; k++) {
    const p = pats[k]!;
    while (i < argv.length && !p.test(argv[i]!)) i++;
    if (i >= argv.length) return null;
    words.push(argv[i]!);
    i++;
  }
  if (c.under !== null && !argv.slice(1).some((a) => !a.startsWith('-') && isUnder(absolutePath(cwd, a), c.under!))) return null;
  return words;
}

function isUnder(path: string, dirs: readonly string[]): boolean {
  return dirs.some((d) => d === '/' || path === d || path.startsWith(d + '/'));
}
