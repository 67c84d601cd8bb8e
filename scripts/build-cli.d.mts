// Types for what the tests import from build-cli.mjs (a plain ESM build script).
export function shebang(works?: (line: string) => boolean): string;
