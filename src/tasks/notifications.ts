import type { Attachment } from "../protocol/messages.js";
import type { AttachmentSource } from "../session/attachments/sources.js";
import type { SessionEvent } from "../session/engine/session-event.js";
import { type EndedStatusRecord, hasEnded, type TaskKind, type TaskMeta } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";
import { taskSummary } from "./task-summary.js";

/** Which tasks a session is told about. */
export interface TaskNotificationOptions {
  /** The session whose tasks these are. */
  sessionId: string;
  /** Tasks started before this (ms since the epoch) are not reported: an earlier run's. */
  since: number;
  /** The kinds reported here (default all); others are told some other way. */
  kinds?: readonly TaskKind[];
}

/** The notice of an ended task: an attachment in a running turn, else a turn's own input. */
export async function taskNotification(
  task: TaskMeta & EndedStatusRecord,
  store: TaskStore,
): Promise<SessionEvent> {
  return {
    type: "task_notification",
    taskId: task.id,
    status: task.status,
    description: task.description,
    summary: await taskSummary(task, store),
  };
}

/**
 * The attachment source telling the model, once each, about the tasks of its session that
 * ended: the collector runs it after a round's tool results, so a notice never lands between
 * a tool_use and its tool_result.
 */
export function taskNotificationsSource(
  registry: TaskStore,
  options: TaskNotificationOptions,
): AttachmentSource {
  const reported = new Set<string>();
  return async (pass) => {
    // A session's tasks are started by the process running it: only those are read, and
    // none twice once reported.
    const tasks: TaskMeta[] = [];
    for (const id of registry.ownTaskIds()) {
      if (reported.has(id)) continue;
      const task = await registry.read(id).catch(() => undefined);
      if (task) tasks.push(task);
    }
    const ended = tasks
      .filter(hasEnded)
      .filter((task) => task.sessionId === options.sessionId && task.startedAt >= options.since)
      .filter((task) => options.kinds?.includes(task.kind) ?? true);
    const attachments: Attachment[] = [];
    for (const task of ended) attachments.push(await taskNotification(task, registry));
    // A pass that ran out of time delivers nothing: those tasks are reported next time.
    if (pass.signal.aborted) return [];
    for (const task of ended) reported.add(task.id);
    return attachments;
  };
}
