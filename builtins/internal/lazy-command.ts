// A command-table entry whose implementation is loaded on first use. The CLI build (scripts/
// build.mjs) swaps builtins/registry.ts for a table of these so that start-up parses only the
// commands a script actually runs. name/summary/usage are plain strings (help and --help stay
// synchronous); `run` returns a promise only on the first call, while the chunk loads, and
// delegates synchronously afterwards so hot loops keep the builtin's sync fast path.
import type { CallContext, Command } from '../types.js';

export function lazyCommand(
  name: string,
  summary: string,
  usage: string,
  load: () => Promise<Command>,
): Command {
  let impl: Command | undefined;
  let loading: Promise<Command> | undefined;
  return {
    name,
    summary,
    usage,
    run(ctx: CallContext, args: string[]): number | Promise<number> {
      if (impl) return impl.run(ctx, args);
      loading ??= load().then((loaded) => (impl = loaded));
      return loading.then((loaded) => loaded.run(ctx, args));
    },
  };
}
