// help [-dms] [name ...] — with no NAME, Go rshell's list of the allowed commands (`%-*s  summary`
// lines, then a pointer to `help <command>`). With NAMEs: bash's own help text for the bash
// builtins and keywords rshell runs (../builtin-help; -s the synopsis, -d the one-line summary, -m
// the man-page form, as bash), and the usage text of each rshell command (cat, grep…). As in bash,
// the status is 1, with `help: no help topics match 'x'` (Go rshell's wording), only when no NAME
// matched; names that are not allowed match nothing. `--help` prints bash's text for help, status 2.
import type { ShellBuiltin, ShellContext } from '../state/shell-api.js';
import { loadHelpTexts } from '../help/texts-index.js';
import { helpForm, type HelpFlag } from '../help/forms.js';
import { complain, emit } from './io.js';
import { matchPattern } from '../../../lib/pattern/pattern.js';
import { defineOptions, Ended, parseOptions } from './options.js';

const SYNOPSIS = 'help [-dms] [pattern ...]';
const OPTIONS = defineOptions({ name: 'help', letters: 'dms', synopsis: SYNOPSIS });

/** bash's precedence when several are given: -d, then -m, then -s */
function formFlag(opts: ReadonlyMap<string, string>): HelpFlag {
  return opts.has('d') ? 'd' : opts.has('m') ? 'm' : opts.has('s') ? 's' : '';
}

function listAllowed(ctx: ShellContext): number | Promise<number> {
  const cmds = ctx.listCommands();
  const width = Math.max(0, ...cmds.map((c) => c.name.length));
  let out = '';
  for (const c of cmds) out += `${c.name.padEnd(width)}  ${c.summary}\n`;
  out += "\nRun 'help <command>' for more information on a specific command.\n";
  return emit(ctx.stdout, out);
}

/** a bash topic is shown for a keyword, or for a builtin the policy lets this script run */
function isShellTopic(ctx: ShellContext, n: string): boolean {
  const kinds = ctx.vars.commandKinds ? ctx.vars.commandKinds(n) : [ctx.vars.commandKind(n)];
  return kinds.includes('builtin') || kinds.includes('keyword');
}

/** an rshell command's usage in the requested form (Go rshell: its --help text) */
function commandHelp(ctx: ShellContext, n: string, flag: HelpFlag, summaries: Map<string, string>): string | undefined {
  const usage = ctx.commandUsage(n);
  if (usage === undefined) return undefined;
  if (flag === 'd') return `${n} - ${summaries.get(n) ?? ''}\n`;
  if (flag === 's') return usage.split('\n')[0] + '\n';
  return usage.endsWith('\n') ? usage : usage + '\n';
}

/** bash's text for a topic in the requested form, or undefined when bash has none here */
async function shellTopic(n: string, flag: HelpFlag): Promise<string | undefined> {
  const t = await loadHelpTexts();
  const text = t.HELP_TEXTS.get(n);
  return text === undefined ? undefined : helpForm(n, text, flag, t.IMPLEMENTATION);
}

/**
 * The bash topics a NAME selects, as bash's help: an exact name selects itself only; otherwise
 * every topic it is a prefix of or matches as a glob pattern (`help re`, `help 'p*d'`), in bash's
 * table order (byte order of the names). Only topics this script may run are candidates.
 */
async function shellTopicsFor(ctx: ShellContext, n: string): Promise<string[]> {
  const texts = (await loadHelpTexts()).HELP_TEXTS;
  if (isShellTopic(ctx, n) && texts.has(n)) return [n];
  const names = [...texts.keys()].filter((t) => isShellTopic(ctx, t));
  return names.filter((t) => t.startsWith(n) || matchPattern(t, n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const GLOB_CHARS = /[*?[]/;

/** names: one at least (without operands, help lists every topic instead) */
async function helpFor(ctx: ShellContext, names: readonly string[], flag: HelpFlag): Promise<number> {
  const summaries = new Map(ctx.listCommands().map((c) => [c.name, c.summary]));
  // bash announces the words when the first one is a glob pattern, before any text
  let out = GLOB_CHARS.test(names[0]!) ? `Shell commands matching keyword${names.length > 1 ? 's' : ''} \`${names.join(', ')}'\n\n` : '';
  let matched = false;
  for (const n of names) {
    const command = isShellTopic(ctx, n) ? undefined : commandHelp(ctx, n, flag, summaries);
    if (command !== undefined) {
      out += command;
      matched = true;
      continue;
    }
    const topics = await shellTopicsFor(ctx, n);
    if (topics.length === 0) continue;
    for (const t of topics) out += (await shellTopic(t, flag)) ?? '';
    matched = true;
  }
  if (!matched) {
    complain(ctx.stderr, `help: no help topics match '${names[names.length - 1]}'`);
    return emit(ctx.stdout, out, 1);
  }
  return emit(ctx.stdout, out);
}

export const help: ShellBuiltin = {
  name: 'help',
  summary: 'display help for commands',
  // `--help` and `help help` print bash's own text (../builtin-help); `usage` is the synopsis only
  usage: `help: ${SYNOPSIS}\n`,
  options: OPTIONS,
  run(ctx, args) {
    const p = parseOptions(ctx, OPTIONS, args);
    if (p instanceof Ended) return p.status;
    if (p.operands.length === 0) return listAllowed(ctx);
    return helpFor(ctx, p.operands, formFlag(p.opts));
  },
};
