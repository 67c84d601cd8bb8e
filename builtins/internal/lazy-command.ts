// A command-table entry whose implementation is loaded on first use. The CLI build (scripts/
// build-cli.mjs) swaps builtins/commands.ts and the shell builtins' table for tables of these so
// that start-up parses only the commands a script actually runs. name and summary are plain
// strings (`help`'s list and `type` stay synchronous); `usage` is a string or, to keep the long
// --help texts out of start-up too, a function that returns it once the build's usage table is
// loaded (the build loads it with `help`, the one reader of other commands' usage). `run` returns
// a promise only on the first call, while the chunk loads, and delegates synchronously afterwards
// so hot loops keep the builtin's sync fast path.
import type { CallContext, Command } from '../types.js';

/** the parts of a Command (or a shell builtin) a lazy entry stands in for */
interface Runnable<C extends CallContext> {
  name: string;
  summary: string;
  usage: string;
  run(ctx: C, args: string[]): number | Promise<number>;
}

export function lazyCommand<C extends CallContext = CallContext, T extends Runnable<C> = Command & Runnable<C>>(
  name: string,
  summary: string,
  usage: string | (() => string),
  load: () => Promise<T>,
): Runnable<C> {
  let impl: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    name,
    summary,
    get usage(): string {
      if (impl) return impl.usage;
      return typeof usage === 'string' ? usage : usage();
    },
    run(ctx: C, args: string[]): number | Promise<number> {
      if (impl) return impl.run(ctx, args);
      loading ??= load().then((loaded) => (impl = loaded));
      return loading.then((loaded) => loaded.run(ctx, args));
    },
  };
}
