import { SMALL_MODEL } from "../model/catalog.js";
import type { ModelProvider } from "../model/provider.js";
import { streamWithRetry } from "../model/retry.js";
import { textOf } from "../protocol/content.js";
import type { AskHookModel } from "./run-prompt-hook.js";

/** The model hooks ask when they name none: the small model, or the main one on `openai:`. */
export function smallModelFor(provider: ModelProvider, mainModel: string): string {
  return provider.name === "openai" ? mainModel : SMALL_MODEL;
}

/**
 * Prompt hooks' model (contracts §4): a `hook_prompt` side request to the small model, or to
 * the main model on an `openai:` provider; one retry at most (the hook has its own timeout).
 */
export function askSmallModel(provider: ModelProvider, mainModel: string): AskHookModel {
  const fallback = smallModelFor(provider, mainModel);
  return async (question, signal) => {
    const request = {
      model: question.model ?? fallback,
      system: question.system,
      messages: [{ role: "user" as const, content: question.prompt }],
      maxTokens: 512,
      kind: "hook_prompt" as const,
    };
    let text = "";
    for await (const event of streamWithRetry(provider, request, signal, { maxRetries: 1 })) {
      if (event.type === "response") text = textOf(event.response.content);
    }
    return text;
  };
}
