import type { AgentDefinition } from "../../../config/agent-definition.js";
import { MODEL_ALIASES } from "../../../model/catalog.js";
import type { AgentInput } from "./schema.js";

/** The model aliases the Agent tool's `model` takes (Claude Code 2.1.332's enum). */
export const AGENT_MODEL_ALIASES = ["sonnet", "opus", "haiku", "fable"] as const;

export type AgentModelAlias = (typeof AGENT_MODEL_ALIASES)[number];

/** Why keel cannot run an agent on the alias, or undefined when it can. */
export function unknownModelAlias(model: AgentModelAlias | undefined): string | undefined {
  if (model === undefined || MODEL_ALIASES[model] !== undefined) return undefined;
  return `keel does not know the model alias "${model}"; use sonnet, opus or haiku, or leave model out.`;
}

/** The definition to run: the call's `model` wins over the definition's, as in Claude Code. */
export function withModelOverride(
  definition: AgentDefinition,
  model: AgentModelAlias | undefined,
): AgentDefinition {
  return model === undefined ? definition : { ...definition, model };
}

/** The definition to run with the call's `model` and `effort`, which win over the definition's. */
export function withCallOverrides(
  definition: AgentDefinition,
  input: Pick<AgentInput, "model" | "effort">,
): AgentDefinition {
  const withModel = withModelOverride(definition, input.model);
  return input.effort === undefined ? withModel : { ...withModel, effort: input.effort };
}
