import type { AgentDefinition } from "../config/agent-definition.js";
import { sdkAgentsSchema } from "../config/agent-sdk-definitions.js";
import { UsageError } from "./usage-error.js";

/** The agents of `--agents <json>`, and notes about fields keel leaves unused. */
export interface FlagAgents {
  definitions: AgentDefinition[];
  /** One line per agent that has fields keel does not act on (mcpServers, skills, …). */
  warnings: string[];
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--agents: not valid JSON (${reason})`);
  }
}

/**
 * Reads `--agents '<json>'` (Claude Code's flag: agent name → {description, prompt, tools?,
 * disallowedTools?, model?, maxTurns?}) with the schema the Agent SDK's `agents` use, so both
 * paths accept and refuse the same definitions. They are marked as the flag's agents
 * (`flagSettings`, Claude Code's name for that source). A problem stops the run, naming the
 * agent and the field (`--agents: reviewer.prompt: must be a string`).
 */
export function parseAgentsOption(text: string): FlagAgents {
  const parsed = sdkAgentsSchema.safeParse(jsonOf(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path.map(String).join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    throw new UsageError(`--agents: ${problems.join("; ")}`);
  }
  return {
    definitions: parsed.data.definitions.map((definition) => ({
      ...definition,
      source: { kind: "flagSettings" },
    })),
    warnings: parsed.data.ignored.map(
      ({ agent, fields }) =>
        `--agents agent "${agent}": keel does not support ${fields.join(", ")}; ignored`,
    ),
  };
}
