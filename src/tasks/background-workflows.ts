import { randomBytes } from "node:crypto";
import type {
  BackgroundWorkflowHandle,
  BackgroundWorkflowRequest,
  WorkflowRunEnd,
} from "../tools/builtin/workflow/background.js";
import type { WorkflowEvent } from "../workflows/workflow-events.js";
import type { BackgroundAgents } from "./background-agents.js";
import { runRecorded } from "./recorded-run.js";
import type { EndedStatusRecord, TaskMeta } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new id for a workflow task: "w" and eight characters of [0-9a-z] (Claude Code's prefix). */
export function newWorkflowTaskId(random: (size: number) => Buffer = randomBytes): string {
  let id = "w";
  for (const byte of random(8)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** Whose workflows these are and how they are watched. */
export interface BackgroundWorkflowsOptions {
  sessionId: string;
  cwd: string;
  /** How often a running workflow checks whether `keel kill` asked it to stop (default 250 ms). */
  killCheckMs?: number;
  newId?: () => string;
  onError?: (error: unknown) => void;
  /** Told of each run's end once it is recorded (the model's task notification). */
  onEnded?: (task: TaskMeta & EndedStatusRecord) => Promise<void>;
}

/** A progress event as one line of the task's output.log. */
export function workflowProgressLine(event: WorkflowEvent): string {
  return `${JSON.stringify({ type: "workflow_progress", event })}\n`;
}

function resultLine(end: WorkflowRunEnd, sessionId: string): string {
  const line = {
    type: "result",
    subtype: end.ok ? "success" : "error_during_execution",
    is_error: !end.ok,
    result: end.ok ? end.resultText : end.error,
    session_id: sessionId,
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * The workflow runs a session starts (the Workflow tool): each is a `local_workflow` task in
 * the store, run in this process, its phases, agents and logs written to output.log as JSON
 * lines and its result as a `result` line. The runs are held with the session's background
 * agents, so `keel -p` waits for them and the session's end stops them.
 */
export class BackgroundWorkflows {
  constructor(
    private readonly store: TaskStore,
    private readonly agents: Pick<BackgroundAgents, "hold">,
    private readonly options: BackgroundWorkflowsOptions,
  ) {}

  /** The launcher the Workflow tool takes. */
  readonly launch = (request: BackgroundWorkflowRequest): Promise<BackgroundWorkflowHandle> =>
    this.start(request);

  private async start(request: BackgroundWorkflowRequest): Promise<BackgroundWorkflowHandle> {
    const own = this.store.processes.startTime(process.pid);
    const task: TaskMeta = {
      id: (this.options.newId ?? newWorkflowTaskId)(),
      kind: "local_workflow",
      workflowName: request.workflowName,
      runId: request.runId,
      description: request.description,
      cwd: this.options.cwd,
      sessionId: this.options.sessionId,
      pid: process.pid,
      ...(own === undefined ? {} : { pidStartTime: own }),
      startedAt: this.store.time(),
      status: "running",
    };
    const paths = await this.store.create(task);
    const abort = new AbortController();
    const done = this.run(task, request, abort).catch((error) => this.options.onError?.(error));
    this.agents.hold(task.id, { abort, done });
    return { taskId: task.id, outputFile: paths.output };
  }

  private run(
    task: TaskMeta,
    request: BackgroundWorkflowRequest,
    abort: AbortController,
  ): Promise<void> {
    return runRecorded(this.store, task, abort, this.options, async (write) => {
      const end = await request.run(abort.signal, (event) => write(workflowProgressLine(event)));
      write(resultLine(end, this.options.sessionId));
      return end.ok ? undefined : end.error;
    });
  }
}
