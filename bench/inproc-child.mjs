// One workload through a warm Runner, in a node process of its own (run.mjs: timeRun). The bench's
// own process has imported just-bash and run thousands of other scripts by then; sharing its heap
// and its JIT state made in-process figures up to 1.7x worse than a fresh process measures.
// argv: the library's index.mjs, the allowed paths (JSON), the script, the number of timed runs,
// and the isolation ('none' by default, 'worker': the rows' worker-mode cell).
// Prints the run times in ms as JSON.
const [lib, pathsJson, script, runs, isolation = 'none'] = process.argv.slice(2);
const { Runner } = await import(lib);
const runner = new Runner({ allowedPaths: JSON.parse(pathsJson), allowedCommands: 'all', isolation });
await runner.run(script); // warm-up
const times = [];
for (let i = 0; i < Number(runs); i++) {
  const t0 = process.hrtime.bigint();
  await runner.run(script);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
process.stdout.write(JSON.stringify(times));
await runner.close?.();
