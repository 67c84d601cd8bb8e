// The AllowedPaths sandbox: the only code that opens, stats, lists or writes script-visible files.
// See docs/SECURITY.md for the threat model and the deliberate exceptions.

export { createSandbox, type SandboxOptions } from './sandbox.js';
export { errorText, fsError, DETAIL } from './errors.js';
export { deviceList } from './devices.js';
export type * from './types.js';
