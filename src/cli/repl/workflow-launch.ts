import { workflowInputSchema } from "../../tools/builtin/workflow/schema.js";
import { workflowSource } from "../../tools/builtin/workflow/workflow-tool.js";
import type { PermissionResult, ToolUseContext } from "../../tools/context.js";
import { checkWorkflowScript } from "../../workflows/script-check.js";
import type { PreviewPlace } from "./change-preview.js";
import type { AskPerson, PermissionAnswer, PermissionQuestion } from "./interactive-permissions.js";

/** The launch question's answers besides "No" (Claude Code's four choices). */
export const LAUNCH_RUN = "run";
export const LAUNCH_ALWAYS = "always";
export const LAUNCH_VIEW = "view";

/** What the launch question shows: the workflow, where its script is, and the script when asked. */
export interface WorkflowLaunch {
  name: string;
  /** Its script's path, or the working folder for an inline script. */
  where: string;
}

interface Script {
  name: string;
  description: string;
  where: string;
  text: string;
}

async function launchScript(input: Record<string, unknown>, place: PreviewPlace): Promise<Script> {
  const parsed = workflowInputSchema.safeParse(input);
  const fields = parsed.success ? parsed.data : {};
  const where =
    fields.scriptPath ?? (fields.name ? `.claude/workflows/${fields.name}.js` : place.cwd);
  const text = await workflowSource(fields, { cwd: place.cwd, home: place.home }).catch(
    (error: unknown) =>
      `(the script cannot be shown: ${error instanceof Error ? error.message : String(error)})`,
  );
  const checked = await checkWorkflowScript(text);
  if (!checked.ok)
    return { name: fields.name ?? "workflow", description: checked.message, where, text };
  return { name: checked.meta.name, description: checked.meta.description, where, text };
}

function question(script: Script, shown: boolean): PermissionQuestion {
  return {
    toolName: "Workflow",
    summary: `Run the workflow "${script.name}"?`,
    message: shown ? `${script.description}\n\n${script.text}` : script.description,
    rules: [],
    workflow: { name: script.name, where: script.where },
  };
}

/**
 * The REPL's question before a workflow launches: run it; run it and never ask again for this
 * workflow in this folder (for the rest of the session); view the script (then asked again);
 * or no. Other modes and rules are the engine's: this only answers where it would ask.
 */
export function workflowLauncher(
  ask: AskPerson,
  place: PreviewPlace,
  /** What a "No" becomes (the REPL's rejection, with or without feedback). */
  refuse: (answer: PermissionAnswer) => Promise<PermissionResult>,
): (input: Record<string, unknown>, context: ToolUseContext) => Promise<PermissionResult> {
  const remembered = new Set<string>();
  return async (input, context) => {
    const script = await launchScript(input, place);
    const key = `${place.cwd}\0${script.name}`;
    if (remembered.has(key)) return { behavior: "allow" };
    let shown = false;
    for (;;) {
      const answer = await ask(question(script, shown), context.abortController.signal);
      if (answer.kind === "answer" && answer.value === LAUNCH_VIEW) {
        shown = true;
        continue;
      }
      if (answer.kind === "answer" && answer.value === LAUNCH_ALWAYS) remembered.add(key);
      if (answer.kind === "answer") return { behavior: "allow" };
      return refuse(answer);
    }
  };
}
