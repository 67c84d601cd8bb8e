// Developer helper: print the AST of the first statement of a script.
import { build } from 'esbuild';
await build({ entryPoints: ['src/syntax/index.ts'], bundle: true, platform: 'node', format: 'esm', outfile: '/tmp/syn.mjs', logLevel: 'error' });
const { parse } = await import('/tmp/syn.mjs');
const f = parse(process.argv[2]);
console.log(JSON.stringify(f.Stmts[0].Cmd, (k, v) => (['Pos','End','ValuePos','ValueEnd','Left','Right','Dollar','Rbrace','OpPos','Lparen','Rparen'].includes(k) ? undefined : v), 1).replace(/\n\s*/g, ' ').slice(0, 1500));
