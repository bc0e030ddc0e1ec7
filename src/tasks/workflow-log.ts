import { z } from "zod";

/** One line of a workflow task's output.log (written by BackgroundWorkflows). */
const workflowLineSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("workflow_progress"),
    event: z.discriminatedUnion("type", [
      z.object({ type: z.literal("phase"), title: z.string() }),
      z.object({ type: z.literal("log"), message: z.string() }),
      z.object({
        type: z.literal("agent"),
        seq: z.number(),
        state: z.enum(["started", "done", "failed", "cached"]),
        label: z.string().optional(),
        phase: z.string().optional(),
        error: z.string().optional(),
      }),
    ]),
  }),
  z.object({ type: z.literal("result"), is_error: z.boolean(), result: z.string() }),
]);

const AGENT_STATES = {
  started: "started",
  done: "done",
  failed: "failed",
  cached: "replayed from the journal",
} as const;

/** What `keel logs` prints for one line of a workflow's log (nothing for a line it cannot read). */
export function workflowLogLines(line: string): string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return line.trim() === "" ? [] : [line];
  }
  const parsed = workflowLineSchema.safeParse(raw);
  if (!parsed.success) return [];
  const entry = parsed.data;
  if (entry.type === "result") {
    return [entry.is_error ? `workflow failed: ${entry.result}` : `result: ${entry.result}`];
  }
  const event = entry.event;
  if (event.type === "phase") return [`── ${event.title}`];
  if (event.type === "log") return [`log: ${event.message}`];
  const name =
    event.label === undefined ? `agent #${event.seq}` : `agent #${event.seq} (${event.label})`;
  const why = event.error === undefined ? "" : `: ${event.error}`;
  return [`${name} ${AGENT_STATES[event.state]}${why}`];
}
