import { z } from "zod";
import type { AgentDefinition } from "./agent-definition.js";
import { AGENT_EXTRA_FIELDS } from "./agent-fields.js";
import { AGENT_NAME } from "./agent-file.js";

/** The fields of the SDK's AgentDefinition that keel acts on (the others are reported). */
const USED_FIELDS = new Set([
  "description",
  "prompt",
  "tools",
  "disallowedTools",
  "model",
  "maxTurns",
  ...Object.keys(AGENT_EXTRA_FIELDS),
]);

const extraFields = {
  permissionMode: AGENT_EXTRA_FIELDS.permissionMode.nullish(),
  effort: AGENT_EXTRA_FIELDS.effort.nullish(),
  background: AGENT_EXTRA_FIELDS.background.nullish(),
  isolation: AGENT_EXTRA_FIELDS.isolation.nullish(),
  color: AGENT_EXTRA_FIELDS.color.nullish(),
  initialPrompt: AGENT_EXTRA_FIELDS.initialPrompt.nullish(),
  memory: AGENT_EXTRA_FIELDS.memory.nullish(),
  skills: AGENT_EXTRA_FIELDS.skills.nullish(),
  mcpServers: AGENT_EXTRA_FIELDS.mcpServers.nullish(),
  hooks: AGENT_EXTRA_FIELDS.hooks.nullish(),
};

const text = z.string({ error: "must be a string" }).trim().min(1, "must not be empty");

const names = z.array(z.string({ error: "must be a list of tool names" }), {
  error: "must be a list of tool names",
});

/** One SDK agent definition (the Agent SDK's AgentDefinition type; null = left out). */
const sdkAgentSchema = z.looseObject(
  {
    description: text,
    prompt: text,
    tools: names.nullish(),
    disallowedTools: names.nullish(),
    model: text.nullish(),
    maxTurns: z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .positive("must be positive")
      .nullish(),
    ...extraFields,
  },
  { error: "must be an object with description and prompt" },
);

type SdkAgent = z.infer<typeof sdkAgentSchema>;

/** The fields of one SDK agent that keel does not act on (mcpServers, skills, …). */
export interface IgnoredAgentFields {
  agent: string;
  fields: string[];
}

/** The SDK's agents, as keel's definitions, and the fields keel left unused. */
interface SdkAgents {
  definitions: AgentDefinition[];
  ignored: IgnoredAgentFields[];
}

/** The extra fields the SDK agent sets (null and absent are left out). */
function definedExtras(agent: SdkAgent): Partial<AgentDefinition> {
  const extras: Record<string, unknown> = {};
  for (const key of Object.keys(extraFields) as Array<keyof typeof extraFields>) {
    if (agent[key] !== undefined && agent[key] !== null) extras[key] = agent[key];
  }
  return extras as Partial<AgentDefinition>;
}

function toDefinition(name: string, agent: SdkAgent): AgentDefinition {
  const tools = agent.tools?.map((tool) => tool.trim()).filter((tool) => tool !== "");
  const disallowed = agent.disallowedTools?.map((tool) => tool.trim()).filter((t) => t !== "");
  return {
    name,
    description: agent.description,
    // "*" means every tool, as in an agent file.
    ...(tools === undefined || tools.includes("*") ? {} : { tools }),
    ...(disallowed?.length ? { disallowedTools: disallowed } : {}),
    ...(agent.model ? { model: agent.model } : {}),
    ...(agent.maxTurns ? { maxTurns: agent.maxTurns } : {}),
    ...definedExtras(agent),
    prompt: agent.prompt,
    source: { kind: "sdk" },
  };
}

/**
 * The `agents` of an Agent SDK `initialize` request (name → AgentDefinition): validated, a
 * problem's path names the agent and the field (`reviewer.prompt: must not be empty`).
 */
export const sdkAgentsSchema = z
  .record(z.string().regex(AGENT_NAME), sdkAgentSchema, {
    error: (issue) =>
      issue.code === "invalid_key"
        ? "is not an agent name: use letters, digits, - and _ (at most 64 characters)"
        : "must be an object of agent definitions by name",
  })
  .transform((agents): SdkAgents => {
    const entries = Object.entries(agents);
    return {
      definitions: entries.map(([name, agent]) => toDefinition(name, agent)),
      ignored: entries
        .map(([agent, fields]) => ({
          agent,
          fields: Object.keys(fields).filter(
            (field) => !USED_FIELDS.has(field) && fields[field] != null,
          ),
        }))
        .filter((entry) => entry.fields.length > 0),
    };
  });
