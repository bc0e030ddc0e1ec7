import type { Job } from "bullmq";
import { displayRedisUrl, resolveRedisUrl } from "../../remote/redis-url.js";
import { isRemoteTaskId, type RemoteTaskView } from "../../remote/remote-status.js";
import { DEFAULT_REMOTE_QUEUE, remoteResultSchema } from "../../remote/remote-task.js";
import { fetchWork, placeTranscript } from "../../remote/teleport.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { formatAge } from "../tasks/task-table.js";

type RemoteClientModule = typeof import("../../remote/remote-client.js");
type Client = InstanceType<RemoteClientModule["RemoteClient"]>;

/** The queue the CLI looks at (KEEL_REMOTE_QUEUE, as `keel --remote` submits to). */
const queueOf = (io: CliIo) => io.env.KEEL_REMOTE_QUEUE || DEFAULT_REMOTE_QUEUE;

/**
 * Runs `use` with a connected client, or says on stderr why Redis cannot be reached and
 * returns undefined. With no Redis configured, returns undefined silently when `quiet`.
 */
async function withClient<T>(
  io: CliIo,
  quiet: boolean,
  use: (client: Client) => Promise<T>,
  what = "",
) {
  const url = await resolveRedisUrl(undefined, io.env);
  if (!url) {
    if (!quiet)
      await writeTo(io.stderr, "keel: no Redis configured, so no remote tasks (docs/scale.md)\n");
    return undefined;
  }
  // Loaded only here: bullmq and ioredis are for remote tasks alone.
  const { RemoteClient } = await import("../../remote/remote-client.js");
  const client = new RemoteClient(url, queueOf(io));
  try {
    await client.connect();
    return await use(client);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    await writeTo(
      io.stderr,
      `keel: ${what}Redis at ${displayRedisUrl(url)} is unreachable (${why})\n`,
    );
    return undefined;
  } finally {
    await client.close();
  }
}

/** `keel ps`'s remote section: kind remote_agent, status, worker, age, cost. */
export function remoteTable(tasks: readonly RemoteTaskView[], now: number): string {
  const rows = [
    ["ID", "KIND", "STATUS", "WORKER", "AGE", "COST", "DESCRIPTION"],
    ...tasks.map((t) => [
      t.id,
      "remote_agent",
      t.status,
      t.worker,
      formatAge(now - t.startedAt),
      `$${t.costUsd.toFixed(4)}`,
      t.description,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  const last = widths.length - 1;
  return rows
    .map((row) => row.map((cell, i) => (i < last ? cell.padEnd(widths[i] ?? 0) : cell)).join("  "))
    .map((line) => `${line.trimEnd()}\n`)
    .join("");
}

/** Prints the remote tasks after the local ones, when Redis is configured. */
export async function printRemoteTasks(io: CliIo): Promise<void> {
  const tasks = await withClient(io, true, (client) => client.list(), "remote tasks not listed: ");
  if (tasks && tasks.length > 0) await writeTo(io.stdout, `\n${remoteTable(tasks, Date.now())}`);
}

/** Whether a task command's arguments name a remote task. */
export function namesRemoteTask(args: readonly string[]): boolean {
  return args.some(isRemoteTaskId);
}

/** `keel logs <remote id> [-f]`. */
export async function remoteLogs(taskId: string, follow: boolean, io: CliIo): Promise<number> {
  const done = await withClient(io, false, async (client) => {
    if (!(await client.find(taskId))) return false;
    await client.printLog(taskId, (text) => writeTo(io.stdout, text), follow, io.signal);
    return true;
  });
  if (done === false) await writeTo(io.stderr, `keel: no remote task with id "${taskId}"\n`);
  return done ? 0 : 1;
}

/** `keel kill <remote id>`: stops it wherever it runs. */
export async function remoteKill(taskId: string, io: CliIo): Promise<number> {
  const outcome = await withClient(io, false, async (client) => {
    const found = await client.find(taskId);
    if (!found) return "unknown" as const;
    if (found.state === "completed" || found.state === "failed") return "ended" as const;
    await client.kill(taskId);
    return "killed" as const;
  });
  if (outcome === "unknown") await writeTo(io.stderr, `keel: no remote task with id "${taskId}"\n`);
  if (outcome === "ended") await writeTo(io.stdout, `${taskId} had already ended\n`);
  if (outcome === "killed") await writeTo(io.stdout, `${taskId} killed\n`);
  return outcome === "ended" || outcome === "killed" ? 0 : 1;
}

/** How `keel attach` continues a session in the REPL (absent outside a terminal). */
export type ContinueSession = (sessionId: string) => Promise<number>;

/** What following a remote task to its end gave. */
type Followed =
  | { kind: "unknown" }
  | { kind: "detached" }
  | { kind: "ended"; job: Job; transcript: Buffer | null };

/**
 * `keel attach <remote id>`: follows the task live; once it ends, fetches its branch (or saves
 * its patch) and its transcript, and continues the session in the REPL (Claude Code's teleport).
 */
export async function remoteAttach(
  taskId: string,
  io: CliIo,
  continueSession?: ContinueSession,
): Promise<number> {
  const followed = await withClient<Followed>(io, false, async (client) => {
    if (!(await client.find(taskId))) return { kind: "unknown" };
    await client.printLog(taskId, (text) => writeTo(io.stdout, text), true, io.signal);
    const found = await client.find(taskId);
    if (io.signal.aborted || !found) return { kind: "detached" };
    return { kind: "ended", job: found.job, transcript: await client.transcript(taskId) };
  });
  if (!followed) return 1;
  if (followed.kind === "unknown") {
    await writeTo(io.stderr, `keel: no remote task with id "${taskId}"\n`);
    return 1;
  }
  if (followed.kind === "detached") return 130; // Ctrl+C: the task runs on
  return teleport(taskId, followed.job, followed.transcript, io, continueSession);
}

async function teleport(
  taskId: string,
  job: Job,
  transcript: Buffer | null,
  io: CliIo,
  continueSession?: ContinueSession,
): Promise<number> {
  const result = remoteResultSchema.safeParse(job.returnvalue);
  if (!result.success) {
    await writeTo(io.stderr, `keel: ${taskId} failed: ${job.failedReason ?? "no result"}\n`);
    return 1;
  }
  const work = await fetchWork(result.data, io.cwd, io.env);
  const landed =
    work.kind === "branch"
      ? `its work is on branch ${work.branch}`
      : work.kind === "patch"
        ? `its work is in ${work.file} (git apply it)`
        : `its work was not fetched (${work.why})`;
  await writeTo(io.stderr, `keel: ${taskId} ${result.data.status}; ${landed}\n`);
  const sessionId = result.data.sessionId;
  if (!sessionId || !transcript) return 0;
  await placeTranscript(transcript, sessionId, io.cwd, io.env);
  if (continueSession) return continueSession(sessionId);
  await writeTo(io.stderr, `keel: continue its session with keel --resume ${sessionId}\n`);
  return 0;
}
