// Deterministic benchmark inputs: a seeded web-server-like log and file trees.
// Same seed → same bytes, so figures from different runs compare.
import { mkdirSync, existsSync, writeFileSync, openSync, writeSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** xorshift32: tiny, fast, deterministic */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 0x100000000;
  };
}

const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'];
const PATHS = ['/api/users', '/api/orders', '/static/app.js', '/login', '/health', '/api/cart', '/search', '/img/logo.png'];
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** write `bytes` bytes (rounded to whole lines) of log to `file` unless it already has that size */
export function genLog(file, bytes, seed = 42) {
  if (existsSync(file) && Math.abs(statSync(file).size - bytes) < 4096) return file;
  const r = rng(seed);
  const fd = openSync(file, 'w');
  let written = 0;
  let t = 1_700_000_000;
  const chunk = [];
  let chunkLen = 0;
  while (written < bytes) {
    t += Math.floor(r() * 3);
    const ip = `10.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`;
    const lvl = LEVELS[Math.floor(r() * LEVELS.length)];
    const path = PATHS[Math.floor(r() * PATHS.length)];
    const code = r() < 0.9 ? 200 : r() < 0.5 ? 404 : 500;
    const ms = Math.floor(r() * 900);
    const w1 = WORDS[Math.floor(r() * WORDS.length)];
    const w2 = WORDS[Math.floor(r() * WORDS.length)];
    const line = `${t} ${ip} ${lvl} GET ${path} ${code} ${ms}ms user=${w1} session=${w2}${Math.floor(r() * 1000)}\n`;
    chunk.push(line);
    chunkLen += line.length;
    if (chunkLen > 1 << 20) {
      const s = chunk.join('');
      writeSync(fd, s);
      written += s.length;
      chunk.length = 0;
      chunkLen = 0;
    }
  }
  if (chunk.length) writeSync(fd, chunk.join(''));
  closeSync(fd);
  return file;
}

/** `count` small files in `dir` (names f00000.log …), content a few lines each */
export function genSmallFiles(dir, count, seed = 7) {
  // the marker sits beside the directory: inside, it would be entry 10,001 of `cat *`, past the
  // glob's 10,000-entries-per-directory limit (Go rshell's)
  const marker = `${dir}.done-${count}`;
  if (existsSync(marker)) return dir;
  mkdirSync(dir, { recursive: true });
  const r = rng(seed);
  for (let i = 0; i < count; i++) {
    const name = `f${String(i).padStart(5, '0')}.log`;
    writeFileSync(join(dir, name), `file ${i}\n${WORDS[Math.floor(r() * WORDS.length)]} ${Math.floor(r() * 1e6)}\n`);
  }
  writeFileSync(marker, '');
  return dir;
}

/** a tree of `count` files spread over nested directories, a third of them *.log */
export function genTree(dir, count, seed = 9) {
  const marker = join(dir, `.done-${count}`);
  if (existsSync(marker)) return dir;
  const r = rng(seed);
  const exts = ['.log', '.txt', '.json'];
  for (let i = 0; i < count; i++) {
    const d = join(dir, `d${Math.floor(r() * 50)}`, `e${Math.floor(r() * 20)}`);
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, `n${i}${exts[i % 3]}`), 'x\n');
  }
  writeFileSync(marker, '');
  return dir;
}
