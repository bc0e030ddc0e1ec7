import { once } from "node:events";
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { keelStateDir } from "../../config/paths.js";
import { durabilityWarnings } from "../../remote/redis-durability.js";
import { NO_REDIS_MESSAGE, resolveRedisUrl } from "../../remote/redis-url.js";
import { DEFAULT_REMOTE_QUEUE } from "../../remote/remote-task.js";
import { startRemoteWorker } from "../../remote/remote-worker.js";
import { PERMISSION_MODES, type PermissionMode } from "../../tools/context.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { parseCommand } from "../parse-command.js";
import { UsageError } from "../usage-error.js";
import { keelCommand, positiveEnvInt } from "./keel-self.js";

interface WorkerFlags {
  redis?: string;
  queue: string;
  concurrency: number;
  workspace?: string;
  permissionMode?: PermissionMode;
  dangerouslySkipPermissions: boolean;
  allowedTools: string[];
  disallowedTools: string[];
}

const collect = (value: string, previous: string[]) => [...previous, value];

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--concurrency must be a positive integer (got ${value})`);
  return n;
}

function workerCommand(onParsed: (flags: WorkerFlags) => void): Command {
  return new Command("keel worker")
    .description("take remote tasks from Redis (BullMQ) and run each as a keel session")
    .option(
      "--redis <url>",
      "Redis URL, redis+cluster://host:port,… for a Redis Cluster (else KEEL_REDIS_URL, else remoteWorkers.redisUrl in ~/.keel/settings.json)",
    )
    .option("--queue <name>", "the queue to take tasks from", DEFAULT_REMOTE_QUEUE)
    .option("--concurrency <n>", "tasks run at once", positive, 1)
    .option("--workspace <dir>", "where tasks are checked out (default ~/.keel/worker)")
    .addOption(
      new Option("--permission-mode <mode>", "the most a task may run with (its ceiling)").choices(
        PERMISSION_MODES,
      ),
    )
    .option("--dangerously-skip-permissions", "let tasks run in bypassPermissions", false)
    .option("--allowedTools, --allowed-tools <rule>", "allow rules tasks may use", collect, [])
    .option(
      "--disallowedTools, --disallowed-tools <rule>",
      "deny rules every task keeps",
      collect,
      [],
    )
    .action((raw: WorkerFlags) => onParsed(raw));
}

/** `keel worker`: runs until SIGINT or SIGTERM, then stops taking tasks and lets running ones end. */
export async function workerCommandMain(argv: string[], io: CliIo): Promise<number> {
  const flags = await parseCommand<WorkerFlags>(workerCommand, argv, io);
  if (typeof flags === "number") return flags;
  const redisUrl = await resolveRedisUrl(flags.redis, io.env);
  if (!redisUrl) throw new UsageError(NO_REDIS_MESSAGE);
  const mode: PermissionMode = flags.dangerouslySkipPermissions
    ? "bypassPermissions"
    : (flags.permissionMode ?? "default");
  const worker = await startRemoteWorker({
    redisUrl,
    queue: flags.queue,
    concurrency: flags.concurrency,
    workspace: resolve(io.cwd, flags.workspace ?? resolve(keelStateDir(io.env), "worker")),
    ceiling: { mode, allowedTools: flags.allowedTools, disallowedTools: flags.disallowedTools },
    keel: keelCommand(),
    env: { ...process.env, ...io.env },
    stalledIntervalMs: positiveEnvInt(io.env, "KEEL_WORKER_STALLED_INTERVAL_MS", 30_000),
    lockDurationMs: positiveEnvInt(io.env, "KEEL_WORKER_LOCK_DURATION_MS", 30_000),
    logCap: positiveEnvInt(io.env, "KEEL_REMOTE_LOG_CAP", 10_000),
    transcriptSaveMs: positiveEnvInt(io.env, "KEEL_REMOTE_TRANSCRIPT_SAVE_MS", 1000),
  });
  for (const warning of await durabilityWarnings(worker.redis)) {
    await writeTo(io.stderr, `keel worker: warning: ${warning}\n`);
  }
  await writeTo(
    io.stdout,
    `keel worker ${worker.name} taking tasks from ${worker.queue} (ceiling: ${mode})\n`,
  );
  if (!io.signal.aborted) await once(io.signal, "abort");
  await worker.close(positiveEnvInt(io.env, "KEEL_WORKER_GRACE_MS", 30_000));
  return 0;
}
