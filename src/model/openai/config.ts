import { type ProxyEnv, proxyEnvFrom } from "../proxy-env.js";

/** Where an OpenAI-compatible server is and how to authenticate to it. */
export interface OpenAIConfig {
  /** The API root, including `/v1` (e.g. `http://127.0.0.1:8080/v1`). */
  baseURL?: string;
  apiKey?: string;
  /** The proxies on the way (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
  proxy?: ProxyEnv;
}

/** The public OpenAI API, used when no base URL is configured. */
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * Sent when no key is configured. Local servers (llama.cpp, Ollama, vLLM without --api-key)
 * need none, but the official client refuses to start without one, so it gets a placeholder
 * that such servers ignore (and a server that does check keys answers 401).
 */
export const NO_API_KEY_PLACEHOLDER = "no-key";

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The provider configuration from OPENAI_BASE_URL, OPENAI_API_KEY and the proxy variables
 * (empty values count as unset).
 */
export function openaiConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): OpenAIConfig {
  const baseURL = nonEmpty(env.OPENAI_BASE_URL);
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  const proxy = proxyEnvFrom(env);
  return {
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(proxy ? { proxy } : {}),
  };
}
