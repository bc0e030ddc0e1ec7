import { z } from "zod";
import { isTerminalTaskStatus } from "../tools/background/task-status.js";

export { isTerminalTaskStatus } from "../tools/background/task-status.js";

const baseSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+$/),
  description: z.string(),
  cwd: z.string(),
  /** The session that owns the task (the one told when it ends). */
  sessionId: z.string().optional(),
  /** The task's own process; for a shell or a `--bg` agent also its process group (pgid). */
  pid: z.number().int().positive().optional(),
  pgid: z.number().int().positive().optional(),
  /** The start time of `pid` (Linux /proc), so a reused pid is not taken for the task. */
  pidStartTime: z.string().optional(),
  /** The process that records the task's end when it is not the task itself (a shell's session). */
  ownerPid: z.number().int().positive().optional(),
  ownerStartTime: z.string().optional(),
  /** ms since the epoch. */
  startedAt: z.number(),
});

const kindSchema = z.discriminatedUnion("kind", [
  /** `shellKind: "monitor"` is a Monitor's command (Claude Code's local_bash of kind monitor). */
  z.object({
    kind: z.literal("local_bash"),
    command: z.string(),
    shellKind: z.literal("monitor").optional(),
  }),
  z.object({ kind: z.literal("local_agent"), prompt: z.string() }),
  /** A teammate of the session's agent team (`name@team`), run in the session's own process. */
  z.object({
    kind: z.literal("in_process_teammate"),
    prompt: z.string(),
    agentId: z.string(),
    teamName: z.string(),
  }),
  /** A dream pass over an auto memory folder, run in the REPL's own process. */
  z.object({ kind: z.literal("dream"), memoryDir: z.string() }),
  /** A workflow script's run (its meta.name and run id), in the session's own process. */
  z.object({ kind: z.literal("local_workflow"), workflowName: z.string(), runId: z.string() }),
  /** A Monitor on an MCP server's notifications, run in the session's own process. */
  z.object({
    kind: z.literal("monitor_mcp"),
    server: z.string(),
    resources: z.array(z.string()),
  }),
]);

const ended = { endedAt: z.number(), exitCode: z.number().int().nullable() };

const statusSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("pending") }),
  z.object({ status: z.literal("running") }),
  z.object({ status: z.literal("completed"), ...ended }),
  z.object({ status: z.literal("failed"), ...ended, error: z.string().optional() }),
  z.object({ status: z.literal("killed"), ...ended }),
]);

/** meta.json as read from disk: checked, since another process (or a person) wrote it. */
export const taskMetaSchema = z.intersection(z.intersection(baseSchema, kindSchema), statusSchema);

/** What every task carries: id, where it runs, its processes, when it started. */
type TaskBase = z.infer<typeof baseSchema>;

/** The kind of task with what only that kind has (a command, or a prompt). */
type TaskKindFields = z.infer<typeof kindSchema>;

/** A background task's kind. */
export type TaskKind = TaskKindFields["kind"];

/** Where a task stands, with what only an ended task has (end time, exit code, error). */
export type TaskStatusRecord = z.infer<typeof statusSchema>;

/** A task that has ended: its status record. */
export type EndedStatusRecord = Exclude<TaskStatusRecord, { status: "pending" | "running" }>;

/** A task without its status: what is fixed when it is registered. */
type TaskIdentity = TaskBase & TaskKindFields;

/** One task's meta.json. */
export type TaskMeta = TaskIdentity & TaskStatusRecord;

/** The task with a new status record (the old one's end time, exit code and error dropped). */
export function withStatus(meta: TaskMeta, record: TaskStatusRecord): TaskMeta {
  const fields: Record<string, unknown> = { ...meta };
  for (const key of ["status", "endedAt", "exitCode", "error"]) delete fields[key];
  return { ...(fields as unknown as TaskIdentity), ...record };
}

/** True for a task that has ended (completed, failed or killed), with its end recorded. */
export function hasEnded(task: TaskMeta): task is TaskMeta & EndedStatusRecord {
  return isTerminalTaskStatus(task.status);
}
