import { type ProxyEnv, proxyEnvFrom } from "../proxy-env.js";

/** Where and how keel reaches the Anthropic Messages API. */
export interface AnthropicConfig {
  /** Sent as `x-api-key`. */
  apiKey?: string;
  /** Sent as `Authorization: Bearer …` (gateways, proxies). */
  authToken?: string;
  /** Replaces https://api.anthropic.com. */
  baseURL?: string;
  /** The proxies on the way (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
  proxy?: ProxyEnv;
}

/** A set, non-blank variable, trimmed; blank counts as unset (as the official SDK reads it). */
function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Reads ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL and the proxy variables
 * as Claude Code does: both credentials may be set, and then both headers are sent.
 */
export function anthropicConfigFromEnv(env: Record<string, string | undefined>): AnthropicConfig {
  const apiKey = setting(env.ANTHROPIC_API_KEY);
  const authToken = setting(env.ANTHROPIC_AUTH_TOKEN);
  const baseURL = setting(env.ANTHROPIC_BASE_URL);
  const proxy = proxyEnvFrom(env);
  return {
    ...(proxy ? { proxy } : {}),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(authToken === undefined ? {} : { authToken }),
    ...(baseURL === undefined ? {} : { baseURL }),
  };
}
