import { fileURLToPath } from "node:url";
import type { KeelCommand } from "../../remote/keel-child.js";
import type { PermissionCeiling } from "../../remote/permission-ceiling.js";
import { DEFAULT_REMOTE_QUEUE } from "../../remote/remote-task.js";
import { type RunningWorker, startRemoteWorker } from "../../remote/remote-worker.js";
import { childSessionRunner } from "../../remote/session-runner.js";
import { inProcessSessionRunner } from "./in-process-session.js";

/** A worker started from code (what `keel worker` runs, in the caller's process). */
export interface WorkerOptions {
  redisUrl: string;
  /** Checkouts go here, one folder per task. */
  workspace: string;
  queue?: string;
  /** Tasks run at once (default 1). */
  concurrency?: number;
  /** The most a task may run with (default: mode default, no allow or deny rules). */
  ceiling?: PermissionCeiling;
  /** The sessions' environment: the model's key and base URL come from it (default process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * "process" (default): each session is a `keel -p` child process, as with `keel worker`;
   * "in-process": sessions run in this process (no Node start-up per task; they share it).
   */
  sessions?: "process" | "in-process";
  /** keel's executable for "process" sessions (default: the dist/cli.js beside this library). */
  keel?: KeelCommand;
  /** Where in-process sessions write their diagnostics (default process.stderr). */
  stderr?: NodeJS.WritableStream;
  /** How long a task's lock lasts, and how often lapsed ones are looked for (default 30 s). */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** The keel executable beside the built library (dist/index.mjs → dist/cli.js). */
function builtKeel(): KeelCommand {
  return { command: process.execPath, args: [fileURLToPath(new URL("./cli.js", import.meta.url))] };
}

/**
 * Starts a worker in this process: it takes remote tasks (`keel --remote`, `keel batch`) from
 * the queue and runs each as a keel session, until `close(graceMs)`.
 */
export function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const keel = options.keel ?? builtKeel();
  const session =
    options.sessions === "in-process"
      ? inProcessSessionRunner(options.stderr ?? process.stderr)
      : childSessionRunner(keel);
  return startRemoteWorker({
    redisUrl: options.redisUrl,
    queue: options.queue ?? DEFAULT_REMOTE_QUEUE,
    concurrency: options.concurrency ?? 1,
    workspace: options.workspace,
    ceiling: options.ceiling ?? { mode: "default", allowedTools: [], disallowedTools: [] },
    keel,
    env: options.env ?? process.env,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
    lockDurationMs: options.lockDurationMs ?? 30_000,
    logCap: 10_000,
    transcriptSaveMs: 1000,
    session,
  });
}
