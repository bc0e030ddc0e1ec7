import type { SharedTask } from "../../task-list/task-file.js";

/** What the REPL shows of one teammate. */
export interface TeammateView {
  name: string;
  /** In a turn, waiting for work, or its end. */
  status: "working" | "idle" | "completed" | "failed" | "killed";
  /** Tokens of all its requests so far. */
  tokens: number;
}

/** Tokens as a short count (`950`, `12.3k`, `1.2M`). */
function shortCount(tokens: number): string {
  if (tokens < 1_000) return String(tokens);
  if (tokens < 1_000_000) return `${(tokens / 1_000).toFixed(1)}k`;
  return `${(tokens / 1_000_000).toFixed(1)}M`;
}

/**
 * One line a teammate: its name, status, the task it has in progress (the lowest, when it has
 * several) and its tokens — `alice · working · #2 Write the farewell · 12.3k tokens`.
 */
export function teammateLines(
  teammates: readonly TeammateView[],
  tasks: readonly SharedTask[],
): string[] {
  return teammates.map((teammate) => {
    const task = tasks.find((t) => t.owner === teammate.name && t.status === "in_progress");
    const parts = [
      teammate.name,
      teammate.status,
      ...(task ? [`#${task.id} ${task.subject}`] : []),
      `${shortCount(teammate.tokens)} tokens`,
    ];
    return parts.join(" · ");
  });
}
