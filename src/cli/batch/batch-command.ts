import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { Command } from "commander";
import { BatchClient } from "../../remote/batch/batch-client.js";
import { appendResult, readResults } from "../../remote/batch/batch-result.js";
import { parseTasksFile } from "../../remote/batch/batch-task.js";
import { planTasks } from "../../remote/batch/plan.js";
import { resolveSources } from "../../remote/batch/resolve-refs.js";
import { type BatchEnd, runBatch } from "../../remote/batch/run-batch.js";
import { queueNameFor } from "../../remote/redis-connection.js";
import { NO_REDIS_MESSAGE, resolveRedisUrl } from "../../remote/redis-url.js";
import { DEFAULT_REMOTE_QUEUE } from "../../remote/remote-task.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { parseCommand } from "../parse-command.js";
import { positiveEnvInt } from "../remote/keel-self.js";
import { UsageError } from "../usage-error.js";
import { type ProgressReporter, periodicProgress, terminalProgress } from "./progress-reporter.js";

interface BatchFlags {
  tasksFile: string;
  results: string;
  name?: string;
  redis?: string;
  queue?: string;
  window: number;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--window must be a positive integer (got ${value})`);
  return n;
}

function batchCommand(onParsed: (flags: BatchFlags) => void): Command {
  return new Command("keel batch")
    .description(
      "run every task of a JSONL file on the workers (keel worker), writing each one's result to results.jsonl; run it again to go on with what has not finished",
    )
    .argument("<tasks.jsonl>", 'one task a line: {"id", "prompt", "repository", "ref", "settings"}')
    .option("-o, --results <file>", "where results are written, one line a task", "results.jsonl")
    .option("--name <name>", "the batch's name (default: from the results file's path)")
    .option(
      "--redis <url>",
      "Redis URL, redis+cluster://host:port,… for a Redis Cluster (else KEEL_REDIS_URL, else remoteWorkers.redisUrl in ~/.keel/settings.json)",
    )
    .option("--queue <name>", "the workers' queue (else KEEL_REMOTE_QUEUE, else keel-remote)")
    .option("--window <n>", "most tasks submitted and not ended at once", positive, 1000)
    .addHelpText(
      "after",
      "\nCtrl+C stops submitting and waits for the submitted tasks; a second Ctrl+C cancels them. docs/batch.md",
    )
    .action((tasksFile: string, raw: Omit<BatchFlags, "tasksFile">) =>
      onParsed({ ...raw, tasksFile }),
    );
}

/**
 * The second Ctrl+C: once the first has stopped the submitting, the executable leaves the
 * next SIGINT to keel batch (its interrupt guard), which cancels the tasks in flight; a third
 * exits at once, as ever. Only a real process has one (an in-process run has no second).
 */
function secondInterrupt(io: CliIo): { cancel: AbortSignal; release: () => void } {
  const cancel = new AbortController();
  let release = () => {};
  const onFirst = () => {
    if (!io.interrupts) return;
    const unhold = io.interrupts.hold();
    const onSecond = () => {
      unhold();
      cancel.abort();
    };
    process.once("SIGINT", onSecond);
    release = () => {
      unhold();
      process.off("SIGINT", onSecond);
    };
  };
  io.signal.addEventListener("abort", onFirst, { once: true });
  return {
    cancel: cancel.signal,
    release: () => {
      io.signal.removeEventListener("abort", onFirst);
      release();
    },
  };
}

function reporter(io: CliIo): ProgressReporter {
  const stream = io.stderr as NodeJS.WritableStream & { isTTY?: boolean };
  if (stream.isTTY) return terminalProgress(stream, Date.now);
  return periodicProgress(stream, Date.now, positiveEnvInt(io.env, "KEEL_BATCH_PROGRESS_MS", 5000));
}

function endLine(end: BatchEnd, results: string): string {
  switch (end.kind) {
    case "finished":
      return `every task has ended; results in ${results}`;
    case "stopped":
      return `stopped: ${end.notSubmitted} tasks were not submitted; run keel batch again to go on`;
    case "cancelled":
      return `cancelled ${end.cancelled} tasks in flight (${end.notSubmitted} not submitted); run keel batch again to go on`;
  }
}

async function readTasks(path: string) {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : error}`);
  }
  const parsed = parseTasksFile(text);
  if (parsed.kind === "invalid")
    throw new UsageError(`${path} is not a batch:\n  ${parsed.problems.join("\n  ")}`);
  return parsed.tasks;
}

/** `keel batch tasks.jsonl`: submits the unfinished tasks, shows progress, writes results. */
export async function batchCommandMain(argv: string[], io: CliIo): Promise<number> {
  const flags = await parseCommand<BatchFlags>(batchCommand, argv, io);
  if (typeof flags === "number") return flags;
  const tasksPath = resolve(io.cwd, flags.tasksFile);
  const resultsPath = resolve(io.cwd, flags.results);
  const tasks = await readTasks(tasksPath);
  const earlier = await readResults(resultsPath);
  if (earlier.problems.length > 0)
    throw new UsageError(`${earlier.problems.join("\n")}\n(fix or remove those lines first)`);
  const redisUrl = await resolveRedisUrl(flags.redis, io.env);
  if (!redisUrl) throw new UsageError(NO_REDIS_MESSAGE);
  const sources = await resolveSources(tasks, dirname(tasksPath));
  if (sources.kind === "invalid")
    throw new UsageError(`cannot resolve the tasks' refs:\n  ${sources.problems.join("\n  ")}`);
  const queue = flags.queue ?? (io.env.KEEL_REMOTE_QUEUE || DEFAULT_REMOTE_QUEUE);
  const planned = planTasks(tasks, sources.sources, flags.name ?? resultsPath);
  const done = tasks.filter((task) => earlier.results.has(task.id)).length;
  await writeTo(
    io.stderr,
    `keel batch: ${tasks.length} tasks (${done} already done), queue ${queueNameFor(redisUrl, queue)}, results to ${flags.results}\n`,
  );
  const progress = reporter(io);
  const interrupts = secondInterrupt(io);
  const onStop = () =>
    void writeTo(
      io.stderr,
      "\nkeel batch: submitting no more; waiting for the tasks in flight (Ctrl+C again cancels them)\n",
    );
  io.signal.addEventListener("abort", onStop, { once: true });
  const client = new BatchClient(redisUrl, queue);
  try {
    await client.checkReachable(redisUrl, positiveEnvInt(io.env, "KEEL_BATCH_CONNECT_MS", 5000));
    const end = await runBatch({
      client,
      tasks: planned,
      earlier: earlier.results,
      record: (result) => appendResult(resultsPath, result),
      window: flags.window,
      pollMs: positiveEnvInt(io.env, "KEEL_BATCH_POLL_MS", 500),
      stop: io.signal,
      cancel: interrupts.cancel,
      cancelWaitMs: positiveEnvInt(io.env, "KEEL_BATCH_CANCEL_WAIT_MS", 10_000),
      onProgress: (p) => progress.update(p),
      now: Date.now,
    });
    progress.finish();
    await writeTo(io.stderr, `keel batch: ${endLine(end, flags.results)}\n`);
    return end.kind === "finished" ? 0 : 130;
  } finally {
    io.signal.removeEventListener("abort", onStop);
    interrupts.release();
    await client.close();
  }
}
