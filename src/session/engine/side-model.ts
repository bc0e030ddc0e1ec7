import type { CallModel } from "../../loop/params.js";
import { SMALL_MODEL } from "../../model/catalog.js";
import type { ModelProvider, ModelResponse } from "../../model/provider.js";
import type { SideModel } from "../../tools/side-model.js";

/** Providers that speak Anthropic's Messages API with its server tools (web search). */
const SERVER_TOOL_PROVIDERS = new Set(["anthropic", "scripted"]);

/** True when the provider runs Anthropic's server tools itself (WebSearch is offered then). */
export function runsServerTools(provider: ModelProvider): boolean {
  return SERVER_TOOL_PROVIDERS.has(provider.name);
}

/**
 * Tools' own requests on the session's metered model call (their cost counts; a budget stops
 * them too). The small model is Haiku, or the main model on an `openai:` provider (contracts §4).
 */
export function sessionSideModel(
  callModel: CallModel,
  provider: ModelProvider,
  mainModel: string,
): SideModel {
  return {
    smallModel: provider.name === "openai" ? mainModel : SMALL_MODEL,
    serverTools: runsServerTools(provider),
    async ask(request, signal) {
      let response: ModelResponse | undefined;
      for await (const event of callModel(request, signal, { hasFallbackModel: false })) {
        if (event.type === "response") response = event.response;
      }
      if (!response) throw new Error(`the ${request.kind} request ended without a response`);
      return response;
    },
  };
}
