import type { AgentDefinition } from "../config/agent-definition.js";

/** A subagent's system prompt: its definition's prompt, then where it works (our own words). */
export function subagentSystemPrompt(definition: AgentDefinition, cwd: string): string {
  return [
    definition.prompt,
    "",
    "# Environment",
    `Working directory: ${cwd}`,
    "",
    "Your final message is returned to the agent that gave you this task. Give file paths as absolute paths in it.",
  ].join("\n");
}
