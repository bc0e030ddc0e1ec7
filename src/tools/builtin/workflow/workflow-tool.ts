import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from "../../../workflows/quickjs-sandbox.js";
import {
  createRunFolder,
  journalAppender,
  type RunFolder,
  readReplay,
} from "../../../workflows/run-folder.js";
import { readSavedWorkflow, type WorkflowRoots } from "../../../workflows/saved-workflows.js";
import { checkWorkflowScript } from "../../../workflows/script-check.js";
import { workflowConcurrency } from "../../../workflows/workflow-limits.js";
import { runWorkflow } from "../../../workflows/workflow-run.js";
import type { ReadDenial } from "../../read-denial.js";
import type { Tool } from "../../tool.js";
import type { BackgroundWorkflowLauncher, WorkflowRunEnd } from "./background.js";
import {
  WORKFLOW_TOOL_NAME,
  type WorkflowInput,
  type WorkflowOutput,
  workflowInputSchema,
} from "./schema.js";
import { workflowAgentRunner } from "./workflow-agents.js";

/** What the Workflow tool of a session runs with. */
export interface WorkflowToolDeps {
  /** Starts a run as a `local_workflow` task (the session's task registry). */
  launch: BackgroundWorkflowLauncher;
  /** The session's folder: runs are kept in its `workflows/<run-id>/`. */
  sessionDir: string;
  /** Where saved workflows (`name`, and `workflow()` children) are found. */
  roots: WorkflowRoots;
  /** Concurrent `agent()` calls (default max(1, min(16, CPUs − 2))). */
  concurrency?: number;
  limits?: SandboxLimits;
}

const DESCRIPTION = `Runs a workflow: a JavaScript script that orchestrates many subagents, in the background. The script must begin with a literal \`export const meta = { name, description, phases? }\`, then use the globals agent(prompt, { label?, phase?, schema?, model?, agentType? }) (a subagent's final text, or an object matching the JSON Schema \`schema\`; null if it failed), parallel(thunks) (runs functions at once, failures become null), pipeline(items, ...stages) (each stage gets (prev, item, index)), phase(title), log(message), args (the \`args\` input), budget { total, spent(), remaining() } and workflow(name, args) (a saved workflow run inline). \`return\` gives the workflow's result. Scripts run in a sandbox with no file system, no imports, and no Date.now(), Math.random() or new Date() without arguments. The call returns at once with a taskId and runId; the result arrives as a task notification. Each run's script is saved and its path returned: edit it and re-run with scriptPath; pass resumeFromRunId to reuse the agents that finished in that run.`;

/**
 * The Workflow tool (Claude Code's `local_workflow`): checks the script statically, saves it
 * in a run folder of the session, and starts it as a background task whose agents are
 * subagents of this session. Like any tool that acts, it needs a permission (no own check).
 */
export function createWorkflowTool(deps: WorkflowToolDeps): Tool<WorkflowInput, WorkflowOutput> {
  return {
    name: WORKFLOW_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema: workflowInputSchema,
    maxResultSizeChars: 10_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    async validateInput(input, context) {
      if (context.agentId !== undefined) {
        return { ok: false, message: "A subagent cannot start a workflow." };
      }
      if (
        input.script === undefined &&
        input.name === undefined &&
        input.scriptPath === undefined
      ) {
        return { ok: false, message: "Give one of script, name or scriptPath." };
      }
      return { ok: true };
    },
    async call(input, context) {
      const denial = context.options.readDenial;
      const source = await workflowSource(input, deps.roots, denial);
      const checked = await checkWorkflowScript(source);
      if (!checked.ok) throw new Error(checked.message);
      const replay =
        input.resumeFromRunId === undefined
          ? undefined
          : await readReplay(deps.sessionDir, input.resumeFromRunId);
      const folder = await createRunFolder(deps.sessionDir, source);
      const { meta, body } = checked;
      const handle = await deps.launch({
        description: meta.description,
        workflowName: meta.name,
        runId: folder.runId,
        run: async (signal, report): Promise<WorkflowRunEnd> => {
          const outcome = await runWorkflow(
            body,
            input.args ?? null,
            {
              runAgent: workflowAgentRunner(context),
              childSource: (ref) => childSource(ref, deps.roots, denial),
              appendJournal: journalAppender(folder.journalPath),
              ...(replay ? { replay } : {}),
              onEvent: report,
              concurrency: deps.concurrency ?? workflowConcurrency(availableParallelism()),
              budgetTotal: null,
              limits: deps.limits ?? DEFAULT_SANDBOX_LIMITS,
            },
            signal,
          );
          return outcome.ok
            ? { ok: true, resultText: resultText(outcome.result) }
            : { ok: false, error: outcome.message };
        },
      });
      return { data: launched(handle.taskId, meta.name, folder, input.resumeFromRunId) };
    },
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: launchText(output),
    }),
  };
}

function launched(
  taskId: string,
  workflowName: string,
  folder: RunFolder,
  resumedFrom: string | undefined,
): WorkflowOutput {
  const resumed = resumedFrom === undefined ? "" : ` Resumed from ${resumedFrom}.`;
  return {
    status: "async_launched",
    taskId,
    taskType: "local_workflow",
    workflowName,
    runId: folder.runId,
    summary: `Workflow "${workflowName}" runs in the background as task ${taskId}.${resumed}`,
    transcriptDir: folder.dir,
    scriptPath: folder.scriptPath,
  };
}

function launchText(output: WorkflowOutput): string {
  return [
    output.summary ?? `Workflow launched as task ${output.taskId}.`,
    `Run id: ${output.runId}. Its result arrives as a task notification when it ends (TaskStop ${output.taskId} stops it).`,
    `Script saved at ${output.scriptPath}: to iterate, edit it and call Workflow with scriptPath (add resumeFromRunId: "${output.runId}" to reuse the agents that finished).`,
  ].join("\n");
}

/** The script to run: `scriptPath` wins over `script` and `name` (Claude Code's order). */
export async function workflowSource(
  input: WorkflowInput,
  roots: WorkflowRoots,
  denial?: ReadDenial,
): Promise<string> {
  if (input.scriptPath !== undefined) return readScript(input.scriptPath, roots.cwd, denial);
  if (input.script !== undefined) return input.script;
  return readSavedWorkflow(roots, input.name ?? "");
}

/** A `workflow()` child: a path to a script (it has a `/` or ends in .js), else a saved name. */
function childSource(
  ref: string,
  roots: WorkflowRoots,
  denial: ReadDenial | undefined,
): Promise<string> {
  return ref.includes("/") || ref.endsWith(".js")
    ? readScript(ref, roots.cwd, denial)
    : readSavedWorkflow(roots, ref);
}

/** A script file; one a Read deny rule covers is refused, as Read would refuse it. */
async function readScript(path: string, cwd: string, denial?: ReadDenial): Promise<string> {
  const full = isAbsolute(path) ? path : resolve(cwd, path);
  if (denial?.denies(full)) {
    throw new Error(`cannot read the workflow script ${full}: a Read deny rule covers it`);
  }
  try {
    return await readFile(full, "utf8");
  } catch (error) {
    throw new Error(`cannot read the workflow script ${full}: ${(error as Error).message}`);
  }
}

function resultText(result: unknown): string {
  return typeof result === "string" ? result : JSON.stringify(result, null, 2);
}
