// A keel worker in a process of its own for the batch tests: the built library's startWorker
// with in-process sessions, until SIGTERM. A small process forks the tasks' git commands far
// more cheaply than the test runner's own big one would.
// Usage: node worker-child.mjs <dist/index.mjs> <redis-url> <queue> <workspace> <concurrency>
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";

const [library, redisUrl, queue, workspace, concurrency] = process.argv.slice(2);
const { startWorker } = await import(pathToFileURL(library).href);
const worker = await startWorker({
  redisUrl,
  queue,
  workspace,
  concurrency: Number(concurrency),
  sessions: "in-process",
  stderr: new Writable({ write: (_chunk, _encoding, done) => done() }),
  ceiling: { mode: "acceptEdits", allowedTools: [], disallowedTools: [] },
});
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  worker.close(1000).then(() => process.exit(0));
});
