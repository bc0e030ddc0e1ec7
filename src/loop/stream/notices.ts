import { assistantErrorKind } from "../../model/assistant-error-kind.js";
import type { ModelError } from "../../model/errors.js";
import type { IdSource } from "../../protocol/factories.js";
import type { QueryEvent } from "../events.js";

/** The system message that announces a retry (stream-json's api_retry). */
export function retryNotice(
  event: { attempt: number; maxRetries: number; delayMs: number; error: ModelError },
  ids: IdSource,
): QueryEvent {
  return {
    type: "system",
    subtype: "api_retry",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    attempt: event.attempt,
    maxRetries: event.maxRetries,
    retryDelayMs: event.delayMs,
    errorStatus: event.error.status ?? null,
    error: assistantErrorKind(event.error.kind),
  };
}

/** The warning shown when the fallback model takes over. */
export function fallbackNotice(original: string, fallback: string, ids: IdSource): QueryEvent {
  return {
    type: "system",
    subtype: "informational",
    level: "warning",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    content: `Switched to ${fallback} due to high demand for ${original}`,
  };
}
