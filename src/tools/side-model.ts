import type { ModelRequest, ModelResponse } from "../model/provider.js";

/**
 * The session's model for a tool's own requests (WebFetch reading a page, WebSearch's nested
 * search): sent with the session's retries and metered like every request, so their cost counts.
 */
export interface SideModel {
  /** The small model (contracts §4): claude-haiku-4-5, or the main model on an `openai:` provider. */
  smallModel: string;
  /** True when the provider runs Anthropic's server tools (web search) itself. */
  serverTools: boolean;
  /** One request, retried by the model layer; resolves the whole response. */
  ask(request: ModelRequest, signal: AbortSignal): Promise<ModelResponse>;
}
