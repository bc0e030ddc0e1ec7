import type { ModelErrorKind } from "../model/errors.js";
import type { AssistantErrorKind } from "../protocol/messages.js";

/** The Agent SDK's name for a model failure (on assistant messages and api_retry). */
export function assistantErrorKind(kind: ModelErrorKind): AssistantErrorKind {
  switch (kind) {
    case "auth":
    case "permission":
      return "authentication_failed";
    case "billing":
      return "billing_error";
    case "rate_limit":
      return "rate_limit";
    case "prompt_too_long":
    case "request_too_large":
    case "media":
    case "not_found":
    case "invalid_request":
      return "invalid_request";
    case "overloaded":
    case "server":
    case "malformed_stream":
      return "server_error";
    case "max_output_tokens":
      return "max_output_tokens";
    // The network's failures are not the server's: nothing says the server erred.
    case "unreachable":
    case "connection":
    case "timeout":
    case "aborted":
    case "other":
      return "unknown";
  }
}
