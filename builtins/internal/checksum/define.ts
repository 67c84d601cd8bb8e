// md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum and b2sum: one definition each,
// made here from the digest the command hands in (node:crypto lives in the commands' layer).

import type { Command } from '../../types.js';
import { defineCommand, flag } from '../command.js';
import { writeThen } from '../print.js';
import { quote } from '../quote.js';
import { checkCombination, parseLength, replayLoop, settingsOf, SUM_FLAGS } from './command.js';
import { runSums, type DigestKind } from './sums.js';

export interface SumTool {
  name: string;
  summary: string;
  help: string;
  kind: DigestKind;
}

/** md5sum and the sha*sum tools */
export function defineSumCommand(tool: SumTool): Command {
  return defineCommand({
    name: tool.name,
    summary: tool.summary,
    help: tool.help,
    flags: SUM_FLAGS,
    run(ctx, { order, operands }) {
      const st = replayLoop(order);
      const bad = checkCombination(ctx, st, false);
      if (bad !== undefined) return bad;
      return runSums(ctx, settingsOf(tool.name, st, tool.kind, tool.kind.bits, st.tag === 1), operands);
    },
  });
}

/** b2sum: -l first in its table */
export function defineBlake2Command(tool: SumTool): Command {
  return defineCommand({
    name: tool.name,
    summary: tool.summary,
    help: tool.help,
    flags: { length: flag.value('-l --length', parseLength(tool.name)), ...SUM_FLAGS },
    run(ctx, { flags, order, operands }) {
      let bits = flags.length?.bits ?? 0;
      if (bits > tool.kind.bits) {
        const text = `${tool.name}: invalid length: ${quote(flags.length?.text ?? '')}\n${tool.name}: maximum digest length for '${tool.kind.tag}' is ${tool.kind.bits} bits\n`;
        return writeThen(ctx.stderr, text, 1);
      }
      if (bits === 0) bits = tool.kind.bits;
      const st = replayLoop(order);
      const bad = checkCombination(ctx, st, false);
      if (bad !== undefined) return bad;
      return runSums(ctx, settingsOf(tool.name, st, tool.kind, bits, st.tag === 1), operands);
    },
  });
}

