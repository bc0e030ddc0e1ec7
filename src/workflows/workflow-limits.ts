/**
 * The caps a workflow run enforces (shared/reference/task-types.md §3.3): how many `agent()`
 * calls run at once, how many a run may start, and how many items one `parallel`/`pipeline` takes.
 */
export const MAX_AGENTS_PER_RUN = 1000;
export const MAX_ITEMS_PER_CALL = 4096;
const MAX_CONCURRENT_AGENTS = 16;

/** Concurrent `agent()` calls: max(1, min(16, CPUs − 2)); two CPUs are left to keel and the user. */
export function workflowConcurrency(cpuCount: number): number {
  const usable = Math.floor(cpuCount) - 2;
  return Math.max(1, Math.min(MAX_CONCURRENT_AGENTS, usable));
}

export type CapCheck = { ok: true } | { ok: false; message: string };

/** Whether the run may start one more agent, given how many it has started already. */
export function checkAgentCount(started: number): CapCheck {
  if (started < MAX_AGENTS_PER_RUN) return { ok: true };
  return {
    ok: false,
    message: `workflow cap reached: a run may start at most ${MAX_AGENTS_PER_RUN} agent() calls`,
  };
}

/** Whether one `parallel`/`pipeline` call may take this many items. */
export function checkItemCount(call: "parallel" | "pipeline", items: number): CapCheck {
  if (items <= MAX_ITEMS_PER_CALL) return { ok: true };
  return {
    ok: false,
    message: `workflow cap exceeded: ${call}() was given ${items} items, at most ${MAX_ITEMS_PER_CALL} are allowed`,
  };
}
