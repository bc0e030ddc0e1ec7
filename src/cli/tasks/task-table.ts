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

/** `keel ps`'s table: id, kind, status, age, description, one task a line, columns aligned. */
export function taskTable(tasks: readonly TaskMeta[], now: number): string {
  const rows = [
    ["ID", "KIND", "STATUS", "AGE", "DESCRIPTION"],
    ...tasks.map((t) => [
      t.id,
      taskKindLabel(t),
      t.status,
      formatAge(now - t.startedAt),
      t.description,
    ]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i < 4 ? cell.padEnd(widths[i] ?? 0) : cell.replace(/\s+/g, " ")))
        .join("  "),
    )
    .map((line) => `${line.trimEnd()}\n`)
    .join("");
}
