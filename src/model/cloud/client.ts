import type { MessagesSender } from "../anthropic/provider.js";
import type { SdkErrors } from "../anthropic/to-model-error.js";

/** A cloud platform's client of the Messages API, and its copy of the SDK's error classes. */
export interface CloudClient {
  client: MessagesSender;
  errors: SdkErrors;
}
