import { loadSavedWorkflows, type WorkflowRoots } from "../../workflows/saved-workflows.js";
import type { UserCommand } from "../repl/commands/command-file.js";

/** The prompt of `/<name> [text]`: the model launches the saved workflow with the Workflow tool. */
function launchPrompt(name: string): string {
  return [
    `Run the saved workflow "${name}" now: call the Workflow tool once with name "${name}".`,
    `If text follows the command below, pass it as args: {"input": <that text>}. Then say it was launched.`,
    "",
    `Command text: $ARGUMENTS`,
  ].join("\n");
}

/**
 * Saved workflows (`.claude/workflows/<name>.js`, `~/.claude/workflows/`) as `/<name>` commands
 * a person runs; the model starts workflows through the Workflow tool, so they are not listed
 * to it as skills.
 */
export async function savedWorkflowCommands(
  roots: WorkflowRoots,
): Promise<{ commands: UserCommand[]; problems: string[] }> {
  const { workflows, problems } = await loadSavedWorkflows(roots);
  const commands = workflows.map(
    (workflow): UserCommand => ({
      name: workflow.name,
      scope: `${workflow.scope}, workflow`,
      file: workflow.path,
      body: launchPrompt(workflow.name),
      description: `run the saved workflow ${workflow.name}`,
      argumentHint: "[input]",
      modelInvocable: false,
    }),
  );
  return { commands, problems };
}
