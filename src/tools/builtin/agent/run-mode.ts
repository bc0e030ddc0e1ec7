import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { AgentInput } from "./schema.js";

/**
 * Whether a call runs its agent in the background. As in Claude Code 2.1.332, agents run in
 * the background by default and `run_in_background: false` keeps one in the foreground,
 * unless its definition says `background: true`. A session that cannot run agents in the
 * background (no task registry, CLAUDE_CODE_DISABLE_BACKGROUND_TASKS) runs them in the
 * foreground, except where the call asked for the background, which validation refuses.
 */
export function runsInBackground(
  input: Pick<AgentInput, "run_in_background">,
  definition: Pick<AgentDefinition, "background">,
  canLaunch: boolean,
): boolean {
  if (!canLaunch) return false;
  if (definition.background === true) return true;
  return input.run_in_background !== false;
}
