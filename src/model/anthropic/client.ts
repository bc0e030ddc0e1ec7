import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ProxyEnv } from "../proxy-env.js";
import { type ApiTimeouts, DEFAULT_API_TIMEOUTS } from "../timeouts.js";
import { createNodeFetch } from "./node-fetch.js";

/**
 * The official client with only the Messages resource keel calls (the full `Anthropic` class
 * brings every resource: about 1 MB more to compile at start), limited to the credentials
 * keel hands it. The SDK would otherwise look for more on first use (ANTHROPIC_PROFILE,
 * workload identity variables, profiles on disk), which keel neither documents nor wants in
 * hermetic runs.
 */
export class MessagesClient extends BaseAnthropic {
  /** The Messages API (`messages.create`), as on the full client. */
  readonly messages: Messages = new Messages(this);

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
  /** The headers and idle limits (default 60 s and 90 s). */
  timeouts?: ApiTimeouts;
  /** Beta features (`--betas`), sent as the `anthropic-beta` header, comma-joined. */
  betas?: readonly string[];
  /** The proxies requests go through (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
  proxy?: ProxyEnv;
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

/**
 * An SDK client with its own retries off (keel's retry layer is the only one), sending over
 * node:http unless a `fetch` is given (see node-fetch.ts for why). The provider times the
 * headers itself (request-signal.ts); the SDK's and the fetch's head timers have the same
 * limit but start later, so they never fire first. The fetch times the body's silences.
 */
export function createClient(settings: ClientSettings): MessagesClient {
  const common = commonClientOptions(settings);
  return new MessagesClient({
    ...common,
    apiKey: null,
    authToken: null,
    baseURL: settings.baseURL ?? "https://api.anthropic.com",
    defaultHeaders: { ...credentialHeaders(settings), ...common.defaultHeaders },
  });
}

/**
 * The options every SDK client keel makes shares, the official one and the cloud providers':
 * retries off, keel's fetch and its header limit, the betas header, no OpenTelemetry spans.
 */
export function commonClientOptions(settings: ClientSettings) {
  const { headersMs, idleMs } = settings.timeouts ?? DEFAULT_API_TIMEOUTS;
  return {
    maxRetries: 0,
    defaultHeaders: settings.betas?.length
      ? { "anthropic-beta": settings.betas.join(",") }
      : ({} as Record<string, string>),
    fetch:
      settings.fetch ??
      createNodeFetch({
        headersTimeoutMs: headersMs,
        bodyIdleTimeoutMs: idleMs,
        ...(settings.proxy ? { proxy: settings.proxy } : {}),
      }),
    // The SDK's OpenTelemetry spans are on by default and cost every request span set-up and
    // attribute work even with no tracer registered; keel registers none, so they stay off.
    openTelemetry: false as const,
    timeout: headersMs,
  };
}
