// The sh-syntax oracle (mvdan/sh compiled to wasm), with the wasm module compiled once and cached,
// and a comparison of its answer with ours: accept/reject, error text and line:col, top-level
// statement spans in UTF-8 bytes, and redirect operators.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getProcessor } from 'sh-syntax';
import { parse, ParseError, utf8Len } from '../../src/syntax/index.js';

const require = createRequire(import.meta.url);
let module: WebAssembly.Module | null = null;

function wasmModule(): WebAssembly.Module {
  if (module === null) {
    const path = require.resolve('sh-syntax/main.wasm');
    module = new WebAssembly.Module(readFileSync(path));
  }
  return module;
}

const processor = getProcessor((imports: WebAssembly.Imports) => WebAssembly.instantiate(wasmModule(), imports));

/** One canonical line per script: `ERR line:col: text` or the statements' spans and redirects. */
export async function oracleSummary(src: string): Promise<string> {
  try {
    const f = (await processor(src, { keepComments: true })) as unknown as {
      Stmts: { Pos: { Offset: number }; End: { Offset: number }; Redirs: { Op: string }[] }[];
    };
    return JSON.stringify(f.Stmts.map((s) => [s.Pos.Offset, s.End.Offset, s.Redirs.map((r) => r.Op)]));
  } catch (e) {
    const err = e as { Pos?: { Line: number; Col: number }; Text?: string; message: string };
    if (err.Pos !== undefined) return `ERR ${err.Pos.Line}:${err.Pos.Col}: ${err.Text}`;
    return `ERR ${err.message}`;
  }
}

export function ourSummary(src: string): string {
  try {
    const f = parse(src);
    return JSON.stringify(
      f.Stmts.map((s) => [utf8Len(src, 0, s.Pos), utf8Len(src, 0, s.End), s.Redirs.map((r) => r.Op)]),
    );
  } catch (e) {
    if (e instanceof ParseError) return `ERR ${e.message}`;
    return `CRASH ${(e as Error).stack ?? String(e)}`;
  }
}
