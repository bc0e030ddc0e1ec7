import type { Terminal } from "../loop/transitions.js";
import type { StopReason } from "../protocol/content.js";
import type { AssistantMessage } from "../protocol/messages.js";
import type { SdkResult, SdkResultSubtype } from "./sdk-messages.js";
import type { UsageTracker } from "./usage-tracker.js";

/** What the result of a turn is built from. */
export interface TurnFacts {
  terminal: Terminal;
  lastAssistant: AssistantMessage | undefined;
  maxTurns?: number;
  numTurns: number;
  stopReason: string | null;
  durationMs: number;
  sessionId: string;
  uuid: string;
  permissionDenials: SdkResult["permission_denials"];
  /** The session's host ended the turn for its own reason (budget, structured output). */
  hostError?: { subtype: Exclude<SdkResultSubtype, "success">; errors: string[] };
  /** The result a stop gave the turn, used when the last answer has no text of its own. */
  stopResult?: string;
  /** The validated StructuredOutput answer, when one was asked for and given. */
  structuredOutput?: { present: true; data: unknown } | { present: false };
}

const ERROR_TERMINALS = new Set<Terminal["reason"]>([
  "model_error",
  "blocking_limit",
  "prompt_too_long",
  "image_error",
]);

function subtypeOf(terminal: Terminal): SdkResultSubtype {
  switch (terminal.reason) {
    case "max_turns":
      return "error_max_turns";
    case "aborted_streaming":
    case "aborted_tools":
      return "error_during_execution";
    default:
      return "success";
  }
}

function errorsOf(facts: TurnFacts): string[] {
  const { terminal } = facts;
  if (terminal.reason === "max_turns")
    return [`Reached maximum number of turns (${facts.maxTurns ?? terminal.turnCount - 1})`];
  return ["The turn was interrupted before it finished."];
}

/**
 * The result message of a turn, mapped from its Terminal as Claude Code maps it: an API
 * failure is a `success` with is_error; max turns and interruptions are error subtypes.
 */
export function turnResult(facts: TurnFacts, tracker: UsageTracker): SdkResult {
  const subtype = facts.hostError?.subtype ?? subtypeOf(facts.terminal);
  const last = facts.lastAssistant;
  const lastBlock = last?.message.content.at(-1);
  const apiError = last?.isApiErrorMessage === true;
  const isError = subtype !== "success" || apiError || ERROR_TERMINALS.has(facts.terminal.reason);
  return {
    type: "result",
    subtype,
    is_error: isError,
    api_error_status: apiError ? (last?.apiErrorStatus ?? null) : null,
    duration_ms: Math.round(facts.durationMs),
    duration_api_ms: Math.round(tracker.apiDurationMs),
    num_turns: facts.numTurns,
    ...(subtype === "success"
      ? { result: lastBlock?.type === "text" ? lastBlock.text : (facts.stopResult ?? "") }
      : { errors: facts.hostError?.errors ?? errorsOf(facts) }),
    ...(subtype === "success" && facts.structuredOutput?.present
      ? { structured_output: facts.structuredOutput.data }
      : {}),
    stop_reason: facts.stopReason as StopReason | null,
    session_id: facts.sessionId,
    total_cost_usd: tracker.totalCostUsd,
    usage: tracker.usage,
    modelUsage: tracker.modelUsage(),
    permission_denials: facts.permissionDenials,
    terminal_reason: facts.terminal.reason,
    uuid: facts.uuid,
  };
}
