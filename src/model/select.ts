import { cloudPlatformOf } from "./cloud/which.js";
import type { ModelSelection } from "./model-string.js";
import type { ModelProvider } from "./provider.js";
import { apiTimeoutsFromEnv } from "./timeouts.js";

/** Environment variables, as a plain record (injected, never read from process.env here). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Where the credentials come from besides the environment: Claude Code's `apiKeyHelper`. */
export interface ProviderAuth {
  /** The helper's shell command (the `apiKeyHelper` setting). */
  apiKeyHelper?: string;
  /** The folder the helper runs in. */
  cwd?: string;
}

/**
 * The provider a model selection names, configured from the environment (and `--betas`,
 * which only the Anthropic API takes). Anthropic models go to Bedrock, Vertex AI or Foundry
 * when CLAUDE_CODE_USE_BEDROCK, _VERTEX or _FOUNDRY says so. Providers are loaded on demand
 * so that start-up pays only for the one in use.
 */
export async function createProvider(
  selection: ModelSelection,
  env: Env,
  betas: readonly string[] = [],
  auth: ProviderAuth = {},
): Promise<ModelProvider> {
  switch (selection.provider) {
    case "anthropic": {
      const common = {
        promptCaching: !env.DISABLE_PROMPT_CACHING,
        timeouts: apiTimeoutsFromEnv(env),
        betas,
      };
      const platform = cloudPlatformOf(env);
      if (platform) {
        const { createCloudProvider } = await import("./cloud/provider.js");
        return createCloudProvider(platform, env, common);
      }
      const { anthropicConfigFromEnv } = await import("./anthropic/config.js");
      const { createAnthropicProvider } = await import("./anthropic/provider.js");
      return createAnthropicProvider({
        ...anthropicConfigFromEnv(env),
        ...common,
        ...(auth.apiKeyHelper
          ? { keyHelper: await keyHelperOf(auth.apiKeyHelper, env, auth) }
          : {}),
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

async function keyHelperOf(command: string, env: Env, auth: ProviderAuth) {
  const { createKeyHelper, keyHelperTtlMs, shellHelperRunner } = await import("./key-helper.js");
  return createKeyHelper({
    command,
    ttlMs: keyHelperTtlMs(env),
    run: shellHelperRunner(auth.cwd ?? ".", env),
    now: Date.now,
  });
}

/** Where the Anthropic credentials come from, as system/init reports it. */
export function apiKeySource(selection: ModelSelection, env: Env, auth: ProviderAuth = {}): string {
  if (selection.provider !== "anthropic" || cloudPlatformOf(env)) return "none";
  if (env.ANTHROPIC_API_KEY) return "ANTHROPIC_API_KEY";
  if (env.ANTHROPIC_AUTH_TOKEN) return "ANTHROPIC_AUTH_TOKEN";
  if (auth.apiKeyHelper) return "apiKeyHelper";
  return "none";
}
