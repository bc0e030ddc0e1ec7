/** Where and how keel reaches the Anthropic Messages API. */
export interface AnthropicConfig {
  /** Sent as `x-api-key`. */
  apiKey?: string;
  /** Sent as `Authorization: Bearer …` (gateways, proxies). */
  authToken?: string;
  /** Replaces https://api.anthropic.com. */
  baseURL?: string;
}

/** A set, non-blank variable, trimmed; blank counts as unset (as the official SDK reads it). */
function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Reads ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN and ANTHROPIC_BASE_URL as Claude Code does:
 * both credentials may be set, and then both headers are sent.
 */
export function anthropicConfigFromEnv(env: Record<string, string | undefined>): AnthropicConfig {
  const apiKey = setting(env.ANTHROPIC_API_KEY);
  const authToken = setting(env.ANTHROPIC_AUTH_TOKEN);
  const baseURL = setting(env.ANTHROPIC_BASE_URL);
  return {
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(authToken === undefined ? {} : { authToken }),
    ...(baseURL === undefined ? {} : { baseURL }),
  };
}
