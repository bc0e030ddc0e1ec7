import type { ModelSelection } from "./model-string.js";
import type { ModelProvider } from "./provider.js";
import { apiTimeoutsFromEnv } from "./timeouts.js";

/** Environment variables, as a plain record (injected, never read from process.env here). */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The provider a model selection names, configured from the environment (and `--betas`,
 * which only the Anthropic API takes). Providers are
 * loaded on demand so that start-up pays only for the one in use.
 */
export async function createProvider(
  selection: ModelSelection,
  env: Env,
  betas: readonly string[] = [],
): Promise<ModelProvider> {
  switch (selection.provider) {
    case "anthropic": {
      const { anthropicConfigFromEnv } = await import("./anthropic/config.js");
      const { createAnthropicProvider } = await import("./anthropic/provider.js");
      return createAnthropicProvider({
        ...anthropicConfigFromEnv(env),
        promptCaching: !env.DISABLE_PROMPT_CACHING,
        timeouts: apiTimeoutsFromEnv(env),
        betas,
      });
    }
    case "openai": {
      const { openaiConfigFromEnv } = await import("./openai/config.js");
      const { createOpenAIProvider } = await import("./openai/provider.js");
      return createOpenAIProvider({
        ...openaiConfigFromEnv(env),
        timeouts: apiTimeoutsFromEnv(env),
      });
    }
    case "scripted": {
      const { loadScenario } = await import("./scripted/scenario.js");
      const { createScriptedProvider } = await import("./scripted/provider.js");
      return createScriptedProvider(await loadScenario(selection.scenarioPath));
    }
  }
}

/** Where the Anthropic credentials come from, as system/init reports it. */
export function apiKeySource(selection: ModelSelection, env: Env): string {
  if (selection.provider !== "anthropic") return "none";
  if (env.ANTHROPIC_API_KEY) return "ANTHROPIC_API_KEY";
  if (env.ANTHROPIC_AUTH_TOKEN) return "ANTHROPIC_AUTH_TOKEN";
  return "none";
}
