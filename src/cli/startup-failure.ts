import { randomUUID } from "node:crypto";
import { emptyUsage } from "../protocol/usage.js";
import type { SdkResult } from "../session/sdk-messages.js";
import { SandboxUnavailableError } from "./session-sandbox.js";

/**
 * The zeroed error result a stream-json run writes before it exits on a known start-up
 * failure (as Claude Code does), so an SDK host can tell why; undefined for other errors.
 */
export function startupFailureResult(error: unknown, sessionId = ""): SdkResult | undefined {
  if (!(error instanceof SandboxUnavailableError)) return undefined;
  return {
    type: "result",
    subtype: "error_during_execution",
    is_error: true,
    api_error_status: null,
    duration_ms: 0,
    duration_api_ms: 0,
    num_turns: 0,
    errors: [error.message],
    stop_reason: null,
    session_id: sessionId,
    total_cost_usd: 0,
    usage: emptyUsage(),
    modelUsage: {},
    permission_denials: [],
    terminal_reason: "startup_failure",
    uuid: randomUUID(),
    startup_failure_reason: error.startupFailureReason,
  };
}
