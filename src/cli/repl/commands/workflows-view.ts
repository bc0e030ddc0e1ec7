import { readdir, readFile } from "node:fs/promises";
import { z } from "zod";
import type { TaskMeta } from "../../../tasks/task-meta.js";
import type { TaskStore } from "../../../tasks/task-store.js";

const agentEvent = z.object({
  type: z.literal("agent"),
  seq: z.number(),
  state: z.enum(["started", "done", "failed", "cached"]),
  label: z.string().optional(),
  phase: z.string().optional(),
  error: z.string().optional(),
});
const progressLine = z.object({
  type: z.literal("workflow_progress"),
  event: z.discriminatedUnion("type", [
    z.object({ type: z.literal("phase"), title: z.string() }),
    z.object({ type: z.literal("log"), message: z.string() }),
    agentEvent,
  ]),
});

type AgentState = z.infer<typeof agentEvent>;

/** A run as its log tells it: phases in order, each with its agents' latest states, and logs. */
interface RunView {
  phases: Map<string, Map<number, AgentState>>;
  logs: string[];
}

const NO_PHASE = "";

function foldLog(text: string): RunView {
  const view: RunView = { phases: new Map(), logs: [] };
  const phaseOf = (title: string) => {
    const found = view.phases.get(title) ?? new Map<number, AgentState>();
    view.phases.set(title, found);
    return found;
  };
  for (const line of text.split("\n")) {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = progressLine.safeParse(raw);
    if (!parsed.success) continue;
    const event = parsed.data.event;
    if (event.type === "phase") phaseOf(event.title);
    else if (event.type === "log") view.logs.push(event.message);
    else phaseOf(event.phase ?? NO_PHASE).set(event.seq, event);
  }
  return view;
}

const SHOWN_STATE = { started: "running", done: "done", failed: "failed", cached: "replayed" };

function agentLine(agent: AgentState): string {
  const name = agent.label === undefined ? `#${agent.seq}` : `#${agent.seq} ${agent.label}`;
  const why = agent.error === undefined ? "" : `: ${agent.error}`;
  return `    ${name}  ${SHOWN_STATE[agent.state]}${why}`;
}

function runLines(task: TaskMeta & { kind: "local_workflow" }, view: RunView): string[] {
  const lines = [`${task.id}  ${task.workflowName}  ${task.status}  (run ${task.runId})`];
  for (const [title, agents] of view.phases) {
    if (title === NO_PHASE && agents.size === 0) continue;
    lines.push(`  ${title === NO_PHASE ? "(no phase)" : title}`);
    for (const agent of [...agents.values()].sort((a, b) => a.seq - b.seq)) {
      lines.push(agentLine(agent));
    }
  }
  for (const message of view.logs.slice(-5)) lines.push(`  log: ${message}`);
  return lines;
}

/**
 * `/workflows`: this session's workflow runs, newest last, each with its phases and their
 * agents (running, done, failed, replayed from the journal) and its last log lines.
 */
export async function workflowRunsText(store: TaskStore, sessionId: string): Promise<string> {
  const ids = await readdir(store.root).catch(() => [] as string[]);
  const runs: Array<TaskMeta & { kind: "local_workflow" }> = [];
  for (const id of ids) {
    const task = await store.read(id).catch(() => undefined);
    if (task?.kind === "local_workflow" && task.sessionId === sessionId) runs.push(task);
  }
  if (runs.length === 0) return "No workflow has run in this session.";
  const blocks: string[] = [];
  for (const run of runs.sort((a, b) => a.startedAt - b.startedAt)) {
    const log = await readFile(store.paths(run.id).output, "utf8").catch(() => "");
    blocks.push(runLines(run, foldLog(log)).join("\n"));
  }
  return blocks.join("\n\n");
}
