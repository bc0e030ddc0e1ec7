import { killTask } from "../../../tasks/kill-task.js";
import type { ReplController } from "../repl-controller.js";
import { type SessionTasksView, sessionTasks, taskOutputText, tasksTable } from "./tasks-view.js";

const USAGE = "Usage: /tasks, /tasks <id> (its output) or /tasks stop <id>.";

/** The error for an id that names no task of this session. */
function noSuchTask(id: string): string {
  return `/tasks: this session has no background task "${id}" (/tasks lists them; keel ps lists every session's).`;
}

/** Finds one of this session's tasks by id (another session's is not this command's to touch). */
async function ownTask(view: SessionTasksView, id: string) {
  const task = await view.store.read(id).catch(() => undefined);
  return task?.sessionId === view.sessionId ? task : undefined;
}

/** `/tasks stop <id>`: stops it as `keel kill` and TaskStop do (its process group, then "killed"). */
async function stopTask(repl: ReplController, view: SessionTasksView, id: string): Promise<void> {
  const task = await ownTask(view, id);
  if (!task) return repl.notice(noSuchTask(id), "error");
  const outcome = await killTask(view.store, id);
  switch (outcome.outcome) {
    case "unknown":
      return repl.notice(noSuchTask(id), "error");
    case "already_ended":
      return repl.notice(`${id} (${task.description}) had already ended: ${outcome.task.status}.`);
    case "killed":
      return repl.notice(`Stopped ${id} (${task.description}): ${outcome.task.status}.`);
  }
}

/**
 * `/tasks`: this session's background tasks (shells, monitors, agents, workflows, teammates,
 * dreams); `/tasks <id>` shows one's output; `/tasks stop <id>` stops a running one.
 */
export async function runTasks(repl: ReplController, args: string): Promise<void> {
  const view = repl.activeSession.tasks;
  if (!view) return repl.notice("/tasks is not available in this session.", "error");
  const words = args.split(/\s+/).filter((word) => word !== "");
  if (words.length === 0) {
    return repl.notice(tasksTable(await sessionTasks(view), view.store.time()));
  }
  if (words[0] === "stop" && words.length === 2) return stopTask(repl, view, words[1] ?? "");
  if (words.length !== 1) return repl.notice(`/tasks: ${USAGE}`, "error");
  const id = words[0] ?? "";
  const task = await ownTask(view, id);
  if (!task) return repl.notice(noSuchTask(id), "error");
  repl.notice(await taskOutputText(view, task));
}
