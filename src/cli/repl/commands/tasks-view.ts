import { followTaskOutput } from "../../../tasks/follow-output.js";
import { taskKindLabel } from "../../../tasks/task-kind-label.js";
import type { TaskMeta } from "../../../tasks/task-meta.js";
import type { TaskStore } from "../../../tasks/task-store.js";
import { formatAge, type TaskColumn, taskTable } from "../../tasks/task-table.js";
import { lastLines, terminalSafe } from "../render/terminal-text.js";

/** What /tasks works on: the task store every keel process shares, and whose tasks to show. */
export interface SessionTasksView {
  store: TaskStore;
  /** The session whose tasks /tasks lists (the running one; /clear starts another). */
  sessionId: string;
}

/** The most lines of a task's output `/tasks <id>` shows (the tail). */
const OUTPUT_TAIL_LINES = 20;

/** How long a task has run: until now while it runs, until its end once ended. */
function runtime(task: TaskMeta, now: number): string {
  const end = "endedAt" in task ? task.endedAt : now;
  return formatAge(end - task.startedAt);
}

/** This session's tasks, newest first (other sessions' are `keel ps`'s to show). */
export async function sessionTasks(view: SessionTasksView): Promise<TaskMeta[]> {
  const { tasks } = await view.store.list();
  return tasks.filter((task) => task.sessionId === view.sessionId);
}

/** `/tasks`'s columns: id, kind, status, started, ran, description. */
const SESSION_COLUMNS: readonly TaskColumn[] = [
  { heading: "ID", cell: (task) => task.id },
  { heading: "KIND", cell: (task) => taskKindLabel(task) },
  { heading: "STATUS", cell: (task) => task.status },
  { heading: "STARTED", cell: (task, now) => `${formatAge(now - task.startedAt)} ago` },
  { heading: "RAN", cell: runtime },
  { heading: "DESCRIPTION", cell: (task) => task.description },
];

/** `/tasks`: one line per task of this session (id, kind, status, started, ran, description). */
export function tasksTable(tasks: readonly TaskMeta[], now: number): string {
  if (tasks.length === 0) {
    return "No background tasks in this session. (keel ps lists every session's.)";
  }
  const table = taskTable(tasks, now, SESSION_COLUMNS);
  return `${table}/tasks <id> shows a task's output; /tasks stop <id> stops a running one.`;
}

/**
 * The last `count` lines of a task's output as a terminal shows them (escape sequences and
 * control characters out, a `\r` redraw keeping its last state), and how many came before.
 */
function tail(text: string, count: number): { lines: string[]; earlier: number } {
  const all = lastLines(text, Number.MAX_SAFE_INTEGER);
  return { lines: all.slice(-count), earlier: Math.max(0, all.length - count) };
}

/**
 * `/tasks <id>`: the task's line and the tail of its output, rendered as `keel logs` renders
 * it (a shell's text as it is; an agent's messages and tool calls as lines).
 */
export async function taskOutputText(view: SessionTasksView, task: TaskMeta): Promise<string> {
  let text = "";
  const current = await followTaskOutput(
    view.store,
    task,
    async (chunk) => {
      text += chunk;
    },
    { follow: false },
  );
  const { lines, earlier } = tail(text, OUTPUT_TAIL_LINES);
  const heading = terminalSafe(
    `${current.id} ${taskKindLabel(current)} ${current.status} · ${current.description}`,
  );
  const output = lines.length === 0 ? ["(no output yet)"] : lines.map((line) => `  ${line}`);
  const more =
    earlier > 0 ? [`(${earlier} earlier lines; keel logs ${current.id} prints them all)`] : [];
  return [heading, ...more, ...output, `Output file: ${view.store.paths(current.id).output}`].join(
    "\n",
  );
}
