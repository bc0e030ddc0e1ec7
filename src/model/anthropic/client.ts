import Anthropic from "@anthropic-ai/sdk";

/**
 * The official client, limited to the credentials keel hands it. The SDK would otherwise
 * look for more on first use (ANTHROPIC_PROFILE, workload identity variables, profiles on
 * disk), which keel neither documents nor wants in hermetic runs.
 */
class ExplicitCredentialsClient extends Anthropic {
  protected override _shouldResolveDefaultCredentials(): boolean {
    return false;
  }
}

/** What the client needs to reach the API. */
export interface ClientSettings {
  apiKey?: string;
  authToken?: string;
  baseURL?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The credential headers Claude Code sends: the API key as `x-api-key`, the auth token as
 * `Authorization: Bearer`, both when both are set. (This SDK version would send an API key
 * as a bearer token, so the headers are set here, not through its `apiKey` option.)
 */
export function credentialHeaders(settings: ClientSettings): Record<string, string> {
  const headers: Record<string, string> = {};
  if (settings.apiKey) headers["x-api-key"] = settings.apiKey;
  if (settings.authToken) headers.authorization = `Bearer ${settings.authToken}`;
  return headers;
}

/** An SDK client with its own retries off (keel's retry layer is the only one). */
export function createClient(settings: ClientSettings): Anthropic {
  return new ExplicitCredentialsClient({
    apiKey: null,
    authToken: null,
    baseURL: settings.baseURL ?? "https://api.anthropic.com",
    maxRetries: 0,
    defaultHeaders: credentialHeaders(settings),
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
    ...(settings.timeoutMs === undefined ? {} : { timeout: settings.timeoutMs }),
  });
}
