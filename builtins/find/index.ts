// find: walk directory trees and evaluate an expression per entry (GNU findutils 4.9).
// See parse.ts (command line), predicates.ts (tests/actions), walk.ts (order, links, loops),
// exec.ts (-exec through ctx.exec), printf.ts (-printf/-ls).

import type { CallContext } from '../types.js';
import { defineRawCommand, type RawCommandLine } from '../internal/raw-command.js';
import { FindEnv } from './env.js';
import { parseCommandLine } from './parse.js';
import { PREDICATES } from './predicates.js';
import type { Evaluate, Node } from './types.js';
import { FIND_USAGE } from './usage.js';
import { Walker } from './walk.js';

function withDefaultPrint(env: FindEnv, expr: Node | undefined): Node {
  const print = PREDICATES['-print']!.build(env, '', '-print') as Evaluate; // a key of the table
  if (expr === undefined) return { kind: 'test', label: '-print', eval: print, isAction: true };
  if (expr.isAction) return expr;
  const inner = expr.eval;
  return {
    kind: 'and',
    label: '-a',
    isAction: true,
    eval: (e, w) => {
      const x = inner(e, w);
      if (x instanceof Promise) return x.then((v) => (v && !w.quit ? print(e, w) : false));
      return x && !w.quit ? print(e, w) : false;
    },
  };
}

async function runFind(ctx: CallContext, line: RawCommandLine): Promise<number> {
  const env = new FindEnv(ctx);
  const parsed = parseCommandLine(env, line.args);
  if (typeof parsed === 'string') {
    await ctx.stderr.writeString(`find: ${parsed}\n`);
    return 1;
  }
  // -help/-version are predicates: the parser says where they counted
  if (parsed.help) return line.help();
  if (parsed.version) return line.version();
  for (const w of env.warnings) await ctx.stderr.writeString(w);
  const expr = withDefaultPrint(env, parsed.expr);
  const paths = parsed.paths.length > 0 ? parsed.paths : ['.'];
  const walker = new Walker(env, expr);
  for (const p of paths) {
    ctx.checkAbort();
    if (p === '') {
      await env.error("'': No such file or directory");
      continue;
    }
    await walker.walkStart(p);
    if (walker.quit) break;
  }
  for (const finish of env.finishers) await finish();
  const f = env.out.flush();
  if (f) await f;
  return env.status;
}

// GNU find scans no options with getopt: its leading -H/-L/-P/-D/-O are exact words and
// --help/--version are predicates of the expression (parse.ts)
export const find = defineRawCommand({
  name: 'find',
  summary: 'search for files in a directory hierarchy',
  help: FIND_USAGE,
  run: runFind,
});
