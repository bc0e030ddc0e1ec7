import type { ApiThinkingConfig } from "../../protocol/api.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/** A budget as --max-thinking-tokens reads one: 0 turns thinking off. */
function budgetThinking(tokens: number): ApiThinkingConfig {
  return tokens === 0 ? { type: "disabled" } : { type: "enabled", budget_tokens: tokens };
}

/**
 * set_max_thinking_tokens: the main thread's requests from the next turn on carry this budget
 * (sent as each model takes it: a model with adaptive thinking gets it on or off); null goes
 * back to the session's own thinking, and an absent one leaves it as it is. A thinking display
 * is refused, as --thinking-display has no effect: keel passes thinking on as the API sends
 * it. The budget applies even then, as in Claude Code.
 */
function setMaxThinkingTokens(targets: HostTargets, request: Record<string, unknown>): Answer {
  const { max_thinking_tokens: tokens, thinking_display: display } = request;
  if (tokens !== undefined && tokens !== null) {
    if (typeof tokens !== "number" || !Number.isInteger(tokens) || tokens < 0) {
      return {
        error: `set_max_thinking_tokens: max_thinking_tokens must be a whole number of tokens (0 turns thinking off) or null, got ${JSON.stringify(tokens)}`,
      };
    }
    targets.session.engine.setThinking(budgetThinking(tokens));
  } else if (tokens === null) {
    targets.session.engine.setThinking(undefined);
  }
  if (display !== undefined && display !== null) {
    return {
      error: `set_max_thinking_tokens: keel sets no thinking display ("${String(display)}"): it passes thinking on as the API sends it${tokens === undefined ? "" : "; the budget was set"}`,
    };
  }
  return { ok: {} };
}

/** The thinking request. */
export const THINKING_HANDLERS: HostHandlers = {
  set_max_thinking_tokens: setMaxThinkingTokens,
};
