// Types for what the tests import from cli-launcher.mjs (a plain ESM build script).
export const LINEAR_REGEX_FLAG: string;
export const LINEAR_ENGINE_FLAG: string;
export const V8_FLAGS: readonly string[];
export const CORE_TABLE: string;
export const CORE_IMPORT: string;
export function probeCaches(out: string, nodeArgs?: readonly string[]): string;
