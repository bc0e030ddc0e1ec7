/** Where an agent definition came from: keel itself, or a Markdown file in an agents folder. */
export type AgentSource = { kind: "built-in" } | { kind: "project" | "user"; path: string };

/** A kind of subagent the Agent tool can start (Claude Code's agent definitions). */
export interface AgentDefinition {
  /** The `subagent_type` that selects it. */
  name: string;
  /** When to use it, as the model is told in the Agent tool's description. */
  description: string;
  /** The tools it may use, by name; undefined = all of the parent's tools except Agent. */
  tools?: readonly string[];
  /** The model it runs on; "inherit" or undefined = the parent's main model. */
  model?: string;
  /** Its system prompt. */
  prompt: string;
  source: AgentSource;
}
