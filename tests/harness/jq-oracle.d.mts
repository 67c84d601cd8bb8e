// Types for jq-oracle.mjs (jq 1.7.1 from jq-wasm, in process).

export interface JqRun {
  stdout: Buffer;
  stderr: Buffer;
  status: number;
}

export function runJq(o: {
  args: string[];
  stdin?: Uint8Array | string;
  cwd?: string;
  files?: Record<string, Uint8Array | string>;
  dirs?: string[];
  env?: Record<string, string>;
}): Promise<JqRun>;

export function mirrorOperands(args: string[], cwd: string): { files: Record<string, Buffer>; dirs: string[] };
