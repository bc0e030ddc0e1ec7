import { fileTail } from "../../tasks/file-tail.js";
import { killTask } from "../../tasks/kill-task.js";
import type { TaskMeta } from "../../tasks/task-meta.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/** get_task_output reads at most the end of this many bytes, as Claude Code's /tasks view does. */
const OUTPUT_TAIL_BYTES = 8 * 1024;

/** A task of this session by id; another session's (the store is shared) is not the host's to touch. */
async function ownTask(targets: HostTargets, id: unknown): Promise<TaskMeta | string> {
  if (typeof id !== "string" || id === "") return "task_id must be a task's id";
  const { session } = targets;
  const task = await session.taskRecords.read(id).catch(() => undefined);
  if (task?.sessionId !== session.engine.sessionId) {
    return `this session has no background task "${id}"`;
  }
  return task;
}

/**
 * stop_task: stops the task as TaskStop, `/tasks stop` and `keel kill` do: a shell's whole
 * process group (SIGTERM, then SIGKILL), an agent, workflow, teammate or monitor by its owner.
 */
async function stopTask(targets: HostTargets, id: unknown): Promise<Answer> {
  const task = await ownTask(targets, id);
  if (typeof task === "string") return { error: `stop_task: ${task}` };
  const outcome = await killTask(targets.session.taskRecords, task.id);
  switch (outcome.outcome) {
    case "unknown":
      return { error: `stop_task: this session has no background task "${task.id}"` };
    case "already_ended":
      return { error: `stop_task: task "${task.id}" is not running (${outcome.task.status})` };
    case "killed":
      return { ok: {} };
  }
}

/** Whether get_task_output serves a task: a shell's (a Monitor's command is one) or an MCP monitor's. */
function hasCommandOutput(task: TaskMeta): boolean {
  return task.kind === "local_bash" || task.kind === "monitor_mcp";
}

/** Drops the continuation bytes a cut in the middle of a UTF-8 character left at the start. */
function fromCharacterStart(bytes: Buffer): Buffer {
  let start = 0;
  while (start < 3 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start);
}

/** get_task_output: the end (8 KiB) of a shell's or monitor's output file, read, never waited for. */
async function taskOutput(targets: HostTargets, id: unknown): Promise<Answer> {
  const task = await ownTask(targets, id);
  if (typeof task === "string") return { error: `get_task_output: ${task}` };
  if (!hasCommandOutput(task)) {
    return {
      error: `get_task_output: task "${task.id}" is a ${task.kind} task; only shell and Monitor tasks' output is read here`,
    };
  }
  const { bytes, size } = await fileTail(
    targets.session.taskRecords.paths(task.id).output,
    OUTPUT_TAIL_BYTES,
  );
  const truncated = size > bytes.length;
  const output = (truncated ? fromCharacterStart(bytes) : bytes).toString("utf8");
  return { ok: { output, total_bytes: size, truncated } };
}

/** The background-task requests: they act on the task records TaskOutput, TaskStop and /tasks read. */
export const TASK_HANDLERS: HostHandlers = {
  stop_task: (targets, request) => stopTask(targets, request.task_id),
  get_task_output: (targets, request) => taskOutput(targets, request.task_id),
  // keel has no Ctrl+B: a running Bash command or subagent cannot be handed to the background.
  background_tasks: () => ({
    error:
      "background_tasks: keel cannot move a running Bash command or subagent to the background; start it in the background instead (Bash's run_in_background, the Agent tool's run_in_background)",
    code: "unsupported_request",
  }),
};
