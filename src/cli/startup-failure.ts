import type { SdkResult } from "../session/sdk-messages.js";
import { SandboxUnavailableError } from "./session-sandbox.js";
import { zeroedErrorResult } from "./zeroed-error-result.js";

/**
 * The zeroed error result a stream-json run writes before it exits on a known start-up
 * failure (as Claude Code does), so an SDK host can tell why; undefined for other errors.
 */
export function startupFailureResult(error: unknown, sessionId = ""): SdkResult | undefined {
  if (!(error instanceof SandboxUnavailableError)) return undefined;
  return {
    ...zeroedErrorResult(error.message, sessionId, "startup_failure"),
    startup_failure_reason: error.startupFailureReason,
  };
}
