import type { ClientSettings } from "../anthropic/client.js";
import { type AnthropicProviderConfig, createClientProvider } from "../anthropic/provider.js";
import { ModelError } from "../errors.js";
import type { ModelProvider } from "../provider.js";
import type { Env } from "../select.js";
import type { CloudClient } from "./client.js";
import type { CloudPlatform } from "./which.js";

/** Each platform's client maker, imported only when that platform is chosen. */
async function cloudClient(
  platform: CloudPlatform,
  env: Env,
  settings: ClientSettings,
): Promise<CloudClient> {
  switch (platform) {
    case "bedrock":
      return (await import("./bedrock.js")).bedrockClient(env, settings);
    case "vertex":
      return (await import("./vertex.js")).vertexClient(env, settings);
    case "foundry":
      return (await import("./foundry.js")).foundryClient(env, settings);
  }
}

/** A provider whose every request fails with `error` (a platform set up wrongly). */
function failingProvider(name: string, error: ModelError): ModelProvider {
  return {
    name,
    // biome-ignore lint/correctness/useYield: it only fails, as a request to it would
    stream: async function* () {
      throw error;
    },
  };
}

/**
 * The Messages API on a cloud platform, through Anthropic's package for it. A setup the
 * platform cannot work with (no region, no key) is reported when a request is made, as
 * missing Anthropic credentials are.
 */
export async function createCloudProvider(
  platform: CloudPlatform,
  env: Env,
  config: AnthropicProviderConfig,
): Promise<ModelProvider> {
  try {
    const { client, errors } = await cloudClient(platform, env, config);
    return createClientProvider(platform, client, errors, config);
  } catch (error) {
    if (error instanceof ModelError) return failingProvider(platform, error);
    const message = error instanceof Error ? error.message : String(error);
    return failingProvider(platform, new ModelError({ kind: "other" }, `${platform}: ${message}`));
  }
}
