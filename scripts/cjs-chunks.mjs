// The CLI's lazy chunks as CommonJS (issue #7, cold start).
//
// esbuild splits code into chunks only in ES module format, but the first ES module a process
// imports makes Node start its ES module loader (~5 ms of internal modules), and an ES module that
// imports the CommonJS bin makes it read the bin with cjs-module-lexer (~2.5 ms): `echo hi | cat`
// cost 17 ms more than `echo hi`. So each chunk the split build writes is converted to CommonJS
// here: its imports become require() calls, its import() of other chunks a require() in a promise.
// The bin's loader compiles each chunk itself, with its code cache, and answers its require() of
// '../rshell.js' with the core and of './chunk-….cjs' with that chunk (cli-launcher.mjs).
import { transform } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The free name the chunks' Node-module facades call for Node < 20.16 (no getBuiltinModule):
 * the split build defines `require` away (build-cli.mjs), and the converted chunk binds this to
 * its own require().
 */
export const CHUNK_REQUIRE = '__rshellRequire';

/** `./name-HASH.mjs` → `./name-HASH.cjs` in a chunk's import specifiers */
const toCjsName = (name) => name.replace(/\.mjs$/, '.cjs');

/**
 * Converts the split build's .mjs chunks (absolute paths) to .cjs files beside them, removes the
 * .mjs files and their maps, and returns the new paths. (The maps would no longer match: a stack
 * trace through a chunk names the minified code.)
 */
export async function convertChunks(files) {
  const written = [];
  for (const file of files) {
    const esm = readFileSync(file, 'utf8')
      .replace(/\n\/\/# sourceMappingURL=\S+\n?$/, '\n')
      .replace(/(["'])(\.\/[\w.-]+)\.mjs\1/g, (_, q, name) => `${q}${name}.cjs${q}`);
    if (/\bimport\.meta\b/.test(esm)) throw new Error(`build: ${file} uses import.meta, which a CommonJS chunk has not`);
    const r = await transform(esm, {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minify: true,
      // import() of another chunk: a require() in a promise, as the core loads chunks
      supported: { 'dynamic-import': false },
      logLevel: 'error',
    });
    const out = toCjsName(file);
    // strict, as the ES module it was
    writeFileSync(out, `"use strict";var ${CHUNK_REQUIRE}=require;${r.code}`);
    rmSync(file);
    rmSync(`${file}.map`, { force: true });
    written.push(out);
  }
  return written;
}
