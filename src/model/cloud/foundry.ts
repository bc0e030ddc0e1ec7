import { type ClientSettings, commonClientOptions } from "../anthropic/client.js";
import { ModelError } from "../errors.js";
import type { Env } from "../select.js";
import type { CloudClient } from "./client.js";
import { envSetting, isEnvTruthy } from "./which.js";

/** Where the Foundry resource is: ANTHROPIC_FOUNDRY_BASE_URL, else the resource's own host. */
function foundryBaseURL(env: Env): string {
  const baseURL = envSetting(env, "ANTHROPIC_FOUNDRY_BASE_URL");
  if (baseURL) return baseURL;
  const resource = envSetting(env, "ANTHROPIC_FOUNDRY_RESOURCE");
  if (!resource) {
    throw new ModelError(
      { kind: "other" },
      "Microsoft Foundry needs ANTHROPIC_FOUNDRY_RESOURCE (the resource name) or ANTHROPIC_FOUNDRY_BASE_URL",
    );
  }
  return `https://${resource}.services.ai.azure.com/anthropic/`;
}

/** The client's credentials: the key, none (a gateway signs), or a Microsoft Entra ID token. */
async function foundryCredentials(
  env: Env,
  skip: boolean,
): Promise<{ apiKey: string } | { azureADTokenProvider: () => Promise<string> }> {
  const apiKey = envSetting(env, "ANTHROPIC_FOUNDRY_API_KEY");
  if (apiKey) return { apiKey };
  // The package wants a key; with auth skipped its header is removed again.
  if (skip) return { apiKey: "unused" };
  const { entraTokenProvider } = await import("./foundry-auth.js");
  return { azureADTokenProvider: await entraTokenProvider(env) };
}

/**
 * The Microsoft Foundry client, from `@anthropic-ai/foundry-sdk` (loaded only now): the Messages
 * API at the resource, with ANTHROPIC_FOUNDRY_API_KEY sent as `x-api-key`, no credentials with
 * CLAUDE_CODE_SKIP_FOUNDRY_AUTH, and otherwise a Microsoft Entra ID token (foundry-auth.ts)
 * sent as `Authorization: Bearer`.
 */
export async function foundryClient(env: Env, settings: ClientSettings): Promise<CloudClient> {
  const baseURL = foundryBaseURL(env);
  const skip = isEnvTruthy(env.CLAUDE_CODE_SKIP_FOUNDRY_AUTH);
  const credentials = await foundryCredentials(env, skip);
  const { AnthropicFoundry } = await import("@anthropic-ai/foundry-sdk");
  const errors = await import("@anthropic-ai/foundry-sdk/core/error");
  const common = commonClientOptions(settings);
  const client = new AnthropicFoundry({
    ...common,
    baseURL,
    resource: null,
    ...credentials,
    defaultHeaders: skip ? { ...common.defaultHeaders, "x-api-key": null } : common.defaultHeaders,
  });
  return { client, errors };
}
