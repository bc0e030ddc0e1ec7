import type { SdkResult } from "../../session/sdk-messages.js";
import { zeroedErrorResult } from "../zeroed-error-result.js";

/**
 * The error result of a prompt that was not sent (an unknown `/name`, a command whose
 * !`command` was refused): no request was made, so everything is zero.
 */
export function refusedResult(message: string, sessionId: string): SdkResult {
  return zeroedErrorResult(message, sessionId, "prompt_refused");
}
