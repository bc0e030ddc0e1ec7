import { z } from "zod";

/** The tool's name (Claude Code's); subagents never get it, so workflows do not nest. */
export const WORKFLOW_TOOL_NAME = "Workflow";

/** Workflow's input: Claude Code 2.1.332's `WorkflowInput` (sdk-tools.d.ts), field for field. */
export const workflowInputSchema = z.strictObject({
  script: z
    .string()
    .optional()
    .describe(
      "Self-contained workflow script. Must begin with `export const meta = { name, description, phases }` (pure literal, no computed values) followed by the script body using agent()/parallel()/pipeline()/phase().",
    ),
  name: z
    .string()
    .optional()
    .describe(
      "Name of a predefined workflow (saved in .claude/workflows/ or ~/.claude/workflows/). Resolves to a self-contained script.",
    ),
  description: z
    .string()
    .optional()
    .describe("Ignored — set the workflow description in the script's `meta` block."),
  title: z
    .string()
    .optional()
    .describe("Ignored — set the workflow title in the script's `meta` block."),
  args: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "Optional input value exposed to the script as the global `args`, verbatim. Pass arrays/objects as actual JSON values, not as a JSON-encoded string.",
    ),
  scriptPath: z
    .string()
    .optional()
    .describe(
      "Path to a workflow script file on disk. Every Workflow invocation persists its script under the session directory and returns the path in the tool result. To iterate, edit that file and re-invoke Workflow with the same `scriptPath`. Takes precedence over `script` and `name`.",
    ),
  resumeFromRunId: z
    .string()
    .optional()
    .describe(
      "Run ID of a prior Workflow invocation to resume from. agent() calls replay from cache up to the first call that failed, changed, or never started in that run; that call and every call after it run again. A call still running when the run stopped runs again without ending reuse. Same session only. Stop the prior run first (TaskStop).",
    ),
});

export type WorkflowInput = z.infer<typeof workflowInputSchema>;

/** Workflow's output: Claude Code 2.1.332's `WorkflowOutput` (the local fields). */
export interface WorkflowOutput {
  status: "async_launched";
  taskId: string;
  taskType?: "local_workflow";
  workflowName?: string;
  runId?: string;
  summary?: string;
  transcriptDir?: string;
  scriptPath?: string;
  /** Set when the script failed its check: nothing ran. */
  error?: string;
}
