import type { TaskMeta } from "./task-meta.js";

/**
 * A task's kind as `keel ps` shows it: the kind itself, and for a Monitor's command
 * `local_bash:monitor` (Claude Code's local_bash task of kind monitor).
 */
export function taskKindLabel(task: TaskMeta): string {
  return task.kind === "local_bash" && task.shellKind === "monitor"
    ? "local_bash:monitor"
    : task.kind;
}

/** What the REPL calls a task in its lines: a monitor (of either kind) or a background task. */
export function taskNoun(task: TaskMeta): string {
  if (task.kind === "monitor_mcp") return "MCP monitor";
  if (task.kind === "local_bash" && task.shellKind === "monitor") return "Monitor";
  return "Background task";
}
