import type { WorkflowEvent } from "../../../workflows/workflow-events.js";

/** How a workflow run ended: the script's return value as text, or why it failed. */
export type WorkflowRunEnd = { ok: true; resultText: string } | { ok: false; error: string };

/** A workflow run to start in the background as a `local_workflow` task. */
export interface BackgroundWorkflowRequest {
  /** meta.description, shown in `keel ps` and the notices. */
  description: string;
  workflowName: string;
  runId: string;
  /** Runs the script to its end, reporting phases, agents and logs; aborting `signal` stops it. */
  run(signal: AbortSignal, report: (event: WorkflowEvent) => void): Promise<WorkflowRunEnd>;
}

/** The task a workflow run became. */
export interface BackgroundWorkflowHandle {
  taskId: string;
  outputFile: string;
}

/**
 * Starts a workflow run without waiting for it (the session's task registry implements it);
 * its end reaches the model later, as a task notification.
 */
export type BackgroundWorkflowLauncher = (
  request: BackgroundWorkflowRequest,
) => Promise<BackgroundWorkflowHandle>;
