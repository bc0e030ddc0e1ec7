import type { AgentDefinition } from "../../../config/agent-definition.js";

function agentLine(definition: AgentDefinition): string {
  const tools =
    definition.tools === undefined ? "all tools" : definition.tools.join(", ") || "none";
  return `- ${definition.name}: ${definition.description} (Tools: ${tools})`;
}

/** What the model is told about Agent, with the agent types it can start. */
export function agentDescription(definitions: readonly AgentDefinition[]): string {
  return [
    "Starts a subagent: a separate agent with a fresh context that works through a task on its own, with its own tools, and reports back once, in its final message.",
    "",
    "Agent types (the subagent_type field):",
    ...definitions.map(agentLine),
    "",
    "When to use it:",
    "- Open-ended searches that may take several rounds of Glob, Grep and Read, where only the conclusion matters to you.",
    "- Independent parts of a larger task: start several agents in one response and they run in parallel.",
    "",
    "When not to use it:",
    "- Reading a file whose path you know (use Read), or finding a name in a few files (use Grep or Glob): that is faster done yourself.",
    "",
    "Usage notes:",
    "- The agent sees only your prompt, not this conversation. Write a complete task: what to do, what is already known, and exactly what to report back.",
    "- Its final message comes back to you as the tool result; the user does not see it. Tell the user what matters in it.",
    "- An agent cannot start further agents, and it cannot ask you questions.",
    "- Say whether the agent should change code or only research: it cannot tell what the user meant.",
  ].join("\n");
}
