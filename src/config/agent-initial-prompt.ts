import type { AgentDefinition } from "./agent-definition.js";

/**
 * The first prompt of a session whose main thread runs as `agent`: its `initialPrompt`
 * before the person's prompt (Claude Code: auto-submitted, prepended to any prompt given),
 * or the prompt alone when the agent has none.
 */
export function withInitialPrompt(
  prompt: string,
  agent: Pick<AgentDefinition, "initialPrompt"> | undefined,
): string {
  const first = agent?.initialPrompt;
  if (first === undefined) return prompt;
  return prompt.trim() === "" ? first : `${first}\n\n${prompt}`;
}
