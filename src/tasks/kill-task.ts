import { type SignalGroup, signalProcessGroup } from "../tools/builtin/bash/process-group.js";
import { isTerminalTaskStatus, type TaskMeta, withStatus } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";
import { type Polling, waitUntil } from "./wait-until.js";

/** How a task is stopped (injected so tests can shorten the grace and observe signals). */
export interface KillOptions {
  /** Between SIGTERM and SIGKILL (default 2 s). */
  graceMs?: number;
  /** How long an owner that stops the task itself (an in-process agent) is waited for. */
  ownerWaitMs?: number;
  signalGroup?: SignalGroup;
  polling?: Polling;
}

/** What `killTask` did. */
export type KillOutcome =
  | { outcome: "killed"; task: TaskMeta }
  | { outcome: "already_ended"; task: TaskMeta }
  | { outcome: "unknown" };

function groupExists(signal: SignalGroup, pgid: number): boolean {
  try {
    signal(pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the group, SIGKILL to whatever is left after the grace period. */
async function stopGroup(pgid: number, options: KillOptions, polling: Polling): Promise<void> {
  const signal = options.signalGroup ?? signalProcessGroup;
  try {
    signal(pgid, "SIGTERM");
  } catch {
    return; // already gone
  }
  const gone = () => !groupExists(signal, pgid);
  if (await waitUntil(gone, options.graceMs ?? 2_000, polling)) return;
  try {
    signal(pgid, "SIGKILL"); // cannot be caught: the group is gone (at most zombies are left)
  } catch {
    // Gone in between.
  }
}

/**
 * Stops a task from any process: marks it as asked to stop (so whoever records it writes
 * "killed"), stops its process group (SIGTERM, then SIGKILL), and records "killed" itself
 * unless the task's recorder already has. A task without a group of its own (an agent inside
 * a session) is stopped by its owner, which watches for the mark.
 */
export async function killTask(
  store: TaskStore,
  id: string,
  options: KillOptions = {},
): Promise<KillOutcome> {
  const task = await store.read(id);
  if (!task) return { outcome: "unknown" };
  if (isTerminalTaskStatus(task.status)) return { outcome: "already_ended", task };
  const polling = options.polling ?? { intervalMs: 25 };
  await store.requestKill(id);
  if (task.pgid !== undefined) await stopGroup(task.pgid, options, polling);
  else {
    const ended = async () => isTerminalTaskStatus((await store.read(id))?.status ?? "killed");
    await waitUntil(ended, options.ownerWaitMs ?? 5_000, polling);
  }
  const now = (await store.readRecorded(id)) ?? task;
  if (now.status === "killed") return { outcome: "killed", task: now };
  const killed = withStatus(now, { status: "killed", endedAt: store.time(), exitCode: null });
  await store.write(killed);
  return { outcome: "killed", task: killed };
}
