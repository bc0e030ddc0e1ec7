import type { ApiThinkingConfig, EffortLevel } from "../../protocol/api.js";
import type { ModelRequest } from "../provider.js";
import { supportedEffort, thinkingSupport } from "../thinking-support.js";

/** The API's least thinking budget. */
const MIN_THINKING_BUDGET = 1024;

/** The request fields thinking and effort become for one model. */
export interface ThinkingFields {
  thinking?: ApiThinkingConfig;
  output_config?: { effort: EffortLevel };
}

/** A budget for a model without adaptive thinking: all of max_tokens but one, as Claude Code. */
function budgetThinking(maxTokens: number): ApiThinkingConfig {
  const budget = maxTokens - 1;
  return budget < MIN_THINKING_BUDGET
    ? { type: "disabled" }
    : { type: "enabled", budget_tokens: budget };
}

/**
 * Thinking as this model takes it (what Claude Code 2.1.332 sends): a model with adaptive
 * thinking gets `{type: "adaptive"}` for any thinking that is on, budgets included; one
 * without gets a budget below max_tokens. An effort turns thinking on unless it was turned
 * off, and goes in `output_config` where the model takes effort.
 */
export function thinkingFields(
  request: Pick<ModelRequest, "model" | "maxTokens" | "thinking" | "effort">,
): ThinkingFields {
  const support = thinkingSupport(request.model);
  const asked: ApiThinkingConfig | undefined =
    request.thinking ?? (request.effort ? { type: "adaptive" } : undefined);
  let thinking = asked;
  if (asked && asked.type !== "disabled") {
    if (support.adaptive) thinking = { type: "adaptive" };
    else if (asked.type === "adaptive") thinking = budgetThinking(request.maxTokens);
  }
  const effort = request.effort && supportedEffort(support, request.effort);
  return {
    ...(thinking ? { thinking } : {}),
    ...(effort ? { output_config: { effort } } : {}),
  };
}
