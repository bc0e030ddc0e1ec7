import { taskKindLabel } from "../../tasks/task-kind-label.js";
import type { TaskMeta } from "../../tasks/task-meta.js";

/** How long ago, in the largest unit that fits: "42s", "5m", "3h", "2d". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** One column of a task table: its heading and what a task shows in it. */
export interface TaskColumn {
  heading: string;
  cell: (task: TaskMeta, now: number) => string;
}

/** `keel ps`'s columns: id, kind, status, age, description. */
const PS_COLUMNS: readonly TaskColumn[] = [
  { heading: "ID", cell: (task) => task.id },
  { heading: "KIND", cell: (task) => taskKindLabel(task) },
  { heading: "STATUS", cell: (task) => task.status },
  { heading: "AGE", cell: (task, now) => formatAge(now - task.startedAt) },
  { heading: "DESCRIPTION", cell: (task) => task.description },
];

/**
 * A table of tasks, one a line (`keel ps`'s columns unless others are given): every column but
 * the last padded to its widest cell; the last, free text such as a description, kept to one line.
 */
export function taskTable(
  tasks: readonly TaskMeta[],
  now: number,
  columns: readonly TaskColumn[] = PS_COLUMNS,
): string {
  const rows = [
    columns.map((column) => column.heading),
    ...tasks.map((task) => columns.map((column) => column.cell(task, now))),
  ];
  const last = columns.length - 1;
  const widths = columns.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i < last ? cell.padEnd(widths[i] ?? 0) : cell.replace(/\s+/g, " ")))
        .join("  "),
    )
    .map((line) => `${line.trimEnd()}\n`)
    .join("");
}
