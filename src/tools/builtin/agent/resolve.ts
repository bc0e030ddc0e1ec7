import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { ToolUseContext } from "../../context.js";
import type { SubagentRunner } from "../../subagent.js";
import { type AgentInput, DEFAULT_SUBAGENT_TYPE } from "./schema.js";

/** The agent and runner a call will use, or why it cannot run. */
export type ResolvedAgentCall =
  | { ok: true; definition: AgentDefinition; runner: SubagentRunner }
  | { ok: false; message: string };

/** Finds the requested agent type among the definitions and the session's subagent runner. */
export function resolveAgentCall(
  input: AgentInput,
  context: ToolUseContext,
  definitions: readonly AgentDefinition[],
): ResolvedAgentCall {
  const type = input.subagent_type ?? DEFAULT_SUBAGENT_TYPE;
  const definition = definitions.find((d) => d.name === type);
  if (!definition) {
    const valid = definitions.map((d) => d.name).join(", ") || "none";
    return {
      ok: false,
      message: `Agent type "${type}" not found. Available agent types: ${valid}.`,
    };
  }
  const runner = context.options.runSubagent;
  if (!runner) return { ok: false, message: "Subagents are not available in this session." };
  return { ok: true, definition, runner };
}
