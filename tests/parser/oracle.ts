// The sh-syntax oracle (mvdan/sh compiled to wasm), with the wasm module compiled once and cached,
// and a comparison of its answer with ours: accept/reject, error text and line:col, top-level
// statement spans in UTF-8 bytes, and redirect operators.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getProcessor } from 'sh-syntax';
import { parse, ParseError, utf8Len } from '../../src/syntax/index.js';

const require = createRequire(import.meta.url);
/** the part of the WebAssembly global this file uses (Node's types do not declare it) */
interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  instantiate(module: object, imports: object): Promise<unknown>;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
let module: object | null = null;

function wasmModule(): object {
  if (module === null) {
    const path = require.resolve('sh-syntax/main.wasm');
    module = new WebAssemblyApi.Module(readFileSync(path));
  }
  return module;
}

const processor = getProcessor((imports) => WebAssemblyApi.instantiate(wasmModule(), imports) as ReturnType<Parameters<typeof getProcessor>[0]>);

// The oracle's answers are cached on disk (outside the repository, keyed by script hash and
// sh-syntax version): a wasm instance per script costs milliseconds, our parser microseconds.
const CACHE_FILE = join(dirname(require.resolve('sh-syntax/package.json')), '..', '.cache', 'rshell-parser-oracle.json');
const VERSION = (JSON.parse(readFileSync(require.resolve('sh-syntax/package.json'), 'utf8')) as { version: string }).version;
let cache: Record<string, string> | null = null;
let dirty = false;

function loadCache(): Record<string, string> {
  if (cache === null) {
    try {
      cache = existsSync(CACHE_FILE) ? (JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, string>) : {};
    } catch {
      cache = {};
    }
  }
  return cache;
}

/** Writes the answers gathered so far (call once after a batch). */
export function saveOracleCache(): void {
  if (!dirty || cache === null) return;
  try {
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    writeFileSync(CACHE_FILE, JSON.stringify(cache));
    dirty = false;
  } catch {
    // a read-only node_modules only costs time
  }
}

/** The oracle's summary of a script, from the cache when known. */
export async function oracleSummary(src: string): Promise<string> {
  const c = loadCache();
  const key = createHash('sha1').update(VERSION).update('\0').update(src).digest('base64');
  const hit = c[key];
  if (hit !== undefined) return hit;
  const answer = await oracleSummaryUncached(src);
  c[key] = answer;
  dirty = true;
  return answer;
}

/** One canonical line per script: `ERR line:col: text` or the statements' spans and redirects. */
export async function oracleSummaryUncached(src: string): Promise<string> {
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

/** Our summary; `bashCompat: false` gives mvdan/sh's grammar alone (no second pass). */
export function ourSummary(src: string, bashCompat = true): string {
  try {
    const f = parse(src, { bashCompat });
    return JSON.stringify(
      f.Stmts.map((s) => [utf8Len(src, 0, s.Pos), utf8Len(src, 0, s.End), s.Redirs.map((r) => r.Op)]),
    );
  } catch (e) {
    if (e instanceof ParseError) return `ERR ${e.message}`;
    return `CRASH ${(e as Error).stack ?? String(e)}`;
  }
}
