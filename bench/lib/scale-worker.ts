// One bench worker process: a keel worker (in-process sessions) taking tasks until SIGTERM.
// It runs the built library (dist/index.mjs, as a program using keel would), not the sources
// through tsx, whose on-the-fly compiling would be counted as the workers' CPU.
// Usage (bench/batch-scale.ts starts it): tsx bench/lib/scale-worker.ts <redis-url> <workspace> <concurrency>
import { Writable } from "node:stream";

type StartWorker = typeof import("../../src/cli/batch/start-worker.js").startWorker;
const built: { startWorker: StartWorker } = await import(
  new URL("../../dist/index.mjs", import.meta.url).href
);
const { startWorker } = built;

const [redisUrl, workspace, concurrency] = process.argv.slice(2);
if (!redisUrl || !workspace || !concurrency) throw new Error("usage: <redis-url> <workspace> <n>");
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
const worker = await startWorker({
  redisUrl,
  workspace,
  concurrency: Number(concurrency),
  sessions: "in-process",
  stderr: quiet,
  ceiling: { mode: "acceptEdits", allowedTools: [], disallowedTools: [] },
});
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  worker.close(5000).then(() => process.exit(0));
});
