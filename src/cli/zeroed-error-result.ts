import { randomUUID } from "node:crypto";
import { emptyUsage } from "../protocol/usage.js";
import type { SdkResult } from "../session/sdk-messages.js";

/**
 * An error result for a run that made no request (a refused prompt, a start-up failure):
 * every count, duration and cost is zero; `terminalReason` says why it ended.
 */
export function zeroedErrorResult(
  message: string,
  sessionId: string,
  terminalReason: string,
): SdkResult {
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
    terminal_reason: terminalReason,
    uuid: randomUUID(),
  };
}
