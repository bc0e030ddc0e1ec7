import { randomUUID } from "node:crypto";
import { emptyUsage } from "../../protocol/usage.js";
import type { SdkResult } from "../../session/sdk-messages.js";

/**
 * The error result of a prompt that was not sent (an unknown `/name`, a command whose
 * !`command` was refused): no request was made, so everything is zero.
 */
export function refusedResult(message: string, sessionId: string): SdkResult {
  return {
    type: "result",
    subtype: "error_during_execution",
    is_error: true,
    api_error_status: null,
    duration_ms: 0,
    duration_api_ms: 0,
    num_turns: 0,
    errors: [message],
    stop_reason: null,
    session_id: sessionId,
    total_cost_usd: 0,
    usage: emptyUsage(),
    modelUsage: {},
    permission_denials: [],
    terminal_reason: "prompt_refused",
    uuid: randomUUID(),
  };
}
