// keel batch at scale (issue 41), ratios in one run against the scripted model with a latency
// of 1 s and 3 requests a task, in patch mode: 200 tasks through 4 workers × 25 against the
// ideal (200 × 3 s / 100 slots) plus the same run's git-and-checkout baseline (the git a
// worker does for 200 tasks, at the same concurrency, with no model); pickup latency (queued
// to started) on idle workers; throughput with 1, 2 and 4 workers; and what Redis holds and
// spends per task (INFO memory, INFO cpu, commands).
// The workers run the built library (npm run build first). Usage: npx tsx bench/batch-scale.ts
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { parseScenario } from "../src/model/scripted/scenario.js";
import { startScriptedServer } from "../src/model/scripted/server.js";
import { type SubmittedTask, submitBatch, watchBatch } from "../src/remote/batch/batch-library.js";
import { checkOut, commitWork, workPatch } from "../src/remote/checkout.js";
import { remoteTaskSchema } from "../src/remote/remote-task.js";
import { startRedis, type TestRedis } from "../test/helpers/redis-server.js";
import { originAndClone } from "../test/remote/origin-repo.js";
import { machineFacts } from "./lib/machine.js";
import { writeJson, writeSection } from "./lib/results-file.js";

const TASKS = 200;
const LATENCY_MS = 1000;
const REQUESTS = 3;
const CONCURRENCY = 25;
const WORKER_SCRIPT = fileURLToPath(new URL("./lib/scale-worker.ts", import.meta.url));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[s.length >> 1] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

/** Three requests a task: two file writes, then the answer. */
const scenario = parseScenario(
  {
    name: "scale",
    latencyMs: LATENCY_MS,
    turns: [
      {
        content: [
          { type: "tool_use", name: "Write", input: { file_path: "a.txt", content: "a\n" } },
        ],
      },
      {
        content: [
          { type: "tool_use", name: "Write", input: { file_path: "b.txt", content: "b\n" } },
        ],
      },
      { content: "Wrote a.txt and b.txt." },
    ],
  },
  "scale scenario",
);

async function startWorkers(n: number, redis: TestRedis, root: string, env: NodeJS.ProcessEnv) {
  const workers: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", WORKER_SCRIPT, redis.url, join(root, `ws${i}`), String(CONCURRENCY)],
      { env, stdio: ["ignore", "pipe", "inherit"] },
    );
    await once(child.stdout!, "data");
    workers.push(child);
  }
  return workers;
}

async function stopWorkers(workers: ChildProcess[]) {
  await Promise.all(
    workers.map(async (w) => {
      const exited = once(w, "exit");
      w.kill("SIGTERM");
      await exited;
    }),
  );
}

interface RedisFigures {
  memory: number;
  cpu: number;
  commands: number;
}

async function redisFigures(client: Redis): Promise<RedisFigures> {
  const info = await client.info();
  const field = (name: string) =>
    Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return {
    memory: field("used_memory"),
    cpu: field("used_cpu_sys") + field("used_cpu_user"),
    commands: field("total_commands_processed"),
  };
}

/** Runs a batch of `count` tasks to its end; the wall time from submit to the last end. */
async function timedBatch(redisUrl: string, origin: string, name: string, count: number) {
  const target = { redisUrl, name };
  const started = Date.now();
  const tasks = await submitBatch(
    target,
    Array.from({ length: count }, (_, i) => ({
      id: `t${i}`,
      prompt: "Write a.txt and b.txt",
      repository: origin,
      settings: { deliver: "patch" as const, permissionMode: "acceptEdits" as const },
    })),
  );
  const failed: string[] = [];
  for await (const update of watchBatch(target, tasks, { pollMs: 200 })) {
    if (update.kind === "ended" && update.result.status !== "completed")
      failed.push(`${update.id}: ${update.result.error}`);
  }
  if (failed.length > 0) throw new Error(`tasks failed: ${failed.slice(0, 3).join("; ")}`);
  return { wallMs: Date.now() - started, tasks };
}

/** The git a worker does for `count` patch-mode tasks, run at `slots` at once with no model. */
async function gitBaseline(
  origin: string,
  commit: string,
  root: string,
  count: number,
  slots: number,
) {
  const workspace = join(root, "git-baseline");
  const started = Date.now();
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const task = remoteTaskSchema.parse({
        taskId: `rgit${String(i).padStart(6, "0")}`,
        prompt: "-",
        source: { kind: "git", url: origin, commit },
        submittedAt: 0,
      });
      const checkout = await checkOut(task, workspace, async () => null);
      await commitWork(checkout, task.taskId);
      await workPatch(checkout);
      await rm(checkout.dir, { recursive: true, force: true });
    }
  };
  await Promise.all(Array.from({ length: slots }, lane));
  return Date.now() - started;
}

/** Queued-to-started on idle workers: one task at a time, each waited for until it starts. */
async function pickupLatencies(redisUrl: string, origin: string, samples: number) {
  const client = new Redis(redisUrl);
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const target = { redisUrl, name: `pickup-${i}` };
    const [task] = (await submitBatch(target, [
      { id: "p", prompt: "-", repository: origin, settings: { deliver: "patch" } },
    ])) as [SubmittedTask];
    for (;;) {
      const [ts, on] = await client.hmget(
        `bull:keel-remote:${task.taskId}`,
        "timestamp",
        "processedOn",
      );
      if (on) {
        latencies.push(Number(on) - Number(ts));
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  client.disconnect();
  return latencies;
}

const machine = machineFacts();
const root = await mkdtemp(join(tmpdir(), "keel-scale-"));
const { origin } = originAndClone(root, { "README.md": "# bench\n", "src/a.ts": "export {};\n" });
const { execFileSync } = await import("node:child_process");
const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: origin, encoding: "utf8" }).trim();
const redis = await startRedis({ aof: true });
const server = await startScriptedServer({ scenario });
const env = {
  ...process.env,
  HOME: root,
  KEEL_CONFIG_DIR: join(root, ".keel"),
  ANTHROPIC_BASE_URL: server.url,
  ANTHROPIC_API_KEY: "bench",
};
const info = new Redis(redis.url);
try {
  console.log("git baseline…");
  const gitMs = await gitBaseline(origin, commit, root, TASKS, CONCURRENCY * 4);
  const rows: { workers: number; wallMs: number }[] = [];
  let redisPerTask: { memory: number; cpuMs: number; commands: number } | undefined;
  let pickup: number[] = [];
  for (const n of [4, 2, 1]) {
    console.log(`${n} workers × ${CONCURRENCY}…`);
    const workers = await startWorkers(n, redis, root, env);
    // Warm-up: each worker loads keel's session code on its first task, once.
    await timedBatch(redis.url, origin, `warm-${n}`, n * 4);
    if (n === 4) pickup = await pickupLatencies(redis.url, origin, 21);
    const before = await redisFigures(info);
    const run = await timedBatch(redis.url, origin, `scale-${n}`, TASKS);
    const after = await redisFigures(info);
    if (n === 4) {
      redisPerTask = {
        memory: (after.memory - before.memory) / TASKS,
        cpuMs: ((after.cpu - before.cpu) * 1000) / TASKS,
        commands: (after.commands - before.commands) / TASKS,
      };
    }
    rows.push({ workers: n, wallMs: run.wallMs });
    await stopWorkers(workers);
  }
  const idealMs = (TASKS * REQUESTS * LATENCY_MS) / (CONCURRENCY * 4);
  const main = rows.find((r) => r.workers === 4)?.wallMs ?? 0;
  const bound = 2 * idealMs + gitMs;
  const pickupMedian = median(pickup);
  const table = rows
    .sort((a, b) => a.workers - b.workers)
    .map((r) => {
      const ideal = (TASKS * REQUESTS * LATENCY_MS) / (CONCURRENCY * r.workers);
      return `| ${r.workers} × ${CONCURRENCY} | ${(r.wallMs / 1000).toFixed(1)} s | ${(ideal / 1000).toFixed(1)} s | ${(r.wallMs / ideal).toFixed(2)}× | ${((TASKS * 1000) / r.wallMs).toFixed(1)} |`;
    });
  const markdown = [
    "## keel batch at scale (`npx tsx bench/batch-scale.ts`)",
    "",
    `${machine.date.slice(0, 10)} · node ${machine.node} · ${machine.cpus} CPUs (load ${machine.loadAverage1m} at the start) · one run · ${TASKS} tasks, scripted model latencyMs ${LATENCY_MS}, ${REQUESTS} requests a task, patch mode, in-process sessions, Redis with AOF`,
    "",
    "| Figure | keel | Baseline (same run) | Ratio | Target |",
    "| --- | --- | --- | --- | --- |",
    `| ${TASKS} tasks, 4 workers × ${CONCURRENCY} | ${(main / 1000).toFixed(1)} s | ideal ${(idealMs / 1000).toFixed(1)} s + git ${(gitMs / 1000).toFixed(1)} s | ${(main / (idealMs + gitMs)).toFixed(2)}× of ideal + git | ≤ 2× ideal + git (${(bound / 1000).toFixed(1)} s) ${main <= bound ? "met" : "missed"} |`,
    `| pickup latency, idle workers (median of ${pickup.length}) | ${pickupMedian} ms | — | — | ≤ 20 ms ${pickupMedian <= 20 ? "met" : "missed"} |`,
    "",
    "| Workers | Wall | Ideal | Ratio | Tasks/s |",
    "| --- | --- | --- | --- | --- |",
    ...table,
    "",
    `Redis per task (the 4-worker run, job + log stream + transcript + results kept): ${Math.round(redisPerTask?.memory ?? 0)} bytes of used_memory, ${(redisPerTask?.cpuMs ?? 0).toFixed(2)} ms of Redis CPU, ${Math.round(redisPerTask?.commands ?? 0)} commands.`,
  ].join("\n");
  console.log(`\n${markdown}\n`);
  const resultsMd = fileURLToPath(new URL("./results.md", import.meta.url));
  await writeSection(resultsMd, "scale", markdown);
  await writeJson(fileURLToPath(new URL("./results/scale.json", import.meta.url)), {
    machine,
    gitMs,
    idealMs,
    rows,
    pickup,
    redisPerTask,
  });
} finally {
  info.disconnect();
  await server.close();
  await redis.close();
  await rm(root, { recursive: true, force: true });
}
