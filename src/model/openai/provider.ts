import OpenAI, { type APIError } from "openai";
import { createNodeFetch } from "../anthropic/node-fetch.js";
import {
  keelHeaders,
  type ModelEvent,
  type ModelProvider,
  type ModelRequest,
} from "../provider.js";
import type { ProxyEnv } from "../proxy-env.js";
import { type RequestSignal, requestSignal } from "../request-signal.js";
import { type ApiTimeouts, DEFAULT_API_TIMEOUTS } from "../timeouts.js";
import { type Endpoint, headersTimeout } from "../transport-failure.js";
import { NO_API_KEY_PLACEHOLDER, OPENAI_DEFAULT_BASE_URL } from "./config.js";
import { abortedError, toModelError } from "./failure.js";
import { toChatCompletionRequest } from "./request.js";
import { assembleChatCompletionStream } from "./stream.js";

/** How to reach an OpenAI-compatible server; `fetch` is injectable for tests. */
export interface OpenAIProviderConfig {
  baseURL?: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /** The headers and idle limits (default 60 s and 90 s). */
  timeouts?: ApiTimeouts;
  /** The proxies requests go through (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
  proxy?: ProxyEnv;
}

/**
 * The official client, keeping each error response's whole body: the client keeps only its
 * `error` member, and older vLLM sends `{"object":"error","message":…}` with no such member.
 */
class BodyKeepingClient extends OpenAI {
  private readonly bodies = new WeakMap<object, unknown>();

  /** The error response body behind an error this client made, if it had one. */
  bodyOf(error: unknown): unknown {
    return error && typeof error === "object" ? this.bodies.get(error) : undefined;
  }

  protected override makeStatusError(
    status: number,
    error: object,
    message: string | undefined,
    headers: Headers,
  ): APIError {
    const made = super.makeStatusError(status, error, message, headers);
    const body: unknown = error ?? message;
    if (body !== undefined) this.bodies.set(made, body);
    return made;
  }
}

/** The client and where it sends. */
interface Send {
  client: BodyKeepingClient;
  endpoint: Endpoint;
}

/** The chunks of one response; the client ends quietly on abort, so an abort is raised here. */
async function* chunksOf(
  stream: AsyncIterable<unknown>,
  send: Send,
  signal: AbortSignal,
): AsyncGenerator<unknown, void, undefined> {
  try {
    yield* stream;
  } catch (error) {
    throw toModelError(error, signal, send.endpoint, send.client.bodyOf(error));
  }
  if (signal.aborted) throw abortedError();
}

/** Sends the request and waits for the response headers. */
async function openStream(
  send: Send,
  request: ModelRequest,
  sent: RequestSignal,
  outer: AbortSignal,
) {
  try {
    return await send.client.chat.completions
      .create(toChatCompletionRequest(request), {
        signal: sent.signal,
        headers: keelHeaders(request),
      })
      .withResponse();
  } catch (error) {
    if (sent.headersTimedOut && !outer.aborted) throw headersTimeout(send.endpoint);
    throw toModelError(error, outer, send.endpoint, send.client.bodyOf(error));
  } finally {
    sent.headersArrived();
  }
}

async function* streamChat(
  send: Send,
  request: ModelRequest,
  signal: AbortSignal,
): AsyncGenerator<ModelEvent, void, undefined> {
  const sent = requestSignal(signal, send.endpoint.timeouts.headersMs);
  try {
    const { data, request_id } = await openStream(send, request, sent, signal);
    yield* assembleChatCompletionStream(
      chunksOf(data, send, signal),
      request.model,
      request_id ?? undefined,
    );
  } finally {
    sent.release();
  }
}

/**
 * A provider for OpenAI-compatible chat-completions servers (OpenAI, OpenRouter, vLLM,
 * llama.cpp, Ollama). It iterates the raw chunk stream itself: the client's `.stream()` helper
 * drops tool calls that arrive without an `index`. It sends over the Anthropic provider's
 * node:http fetch, so both providers time heads and silent bodies alike and fail with the
 * same codes.
 */
export function createOpenAIProvider(config: OpenAIProviderConfig): ModelProvider {
  const timeouts = config.timeouts ?? DEFAULT_API_TIMEOUTS;
  const client = new BodyKeepingClient({
    baseURL: config.baseURL ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: config.apiKey ?? NO_API_KEY_PLACEHOLDER,
    maxRetries: 0,
    logLevel: "off",
    // keel times the head itself (request-signal.ts); the client's timer starts later.
    timeout: timeouts.headersMs,
    fetch:
      config.fetch ??
      createNodeFetch({
        headersTimeoutMs: timeouts.headersMs,
        bodyIdleTimeoutMs: timeouts.idleMs,
        ...(config.proxy ? { proxy: config.proxy } : {}),
      }),
  });
  const send = {
    client,
    endpoint: { url: client.buildURL("/chat/completions", undefined), timeouts },
  };
  return { name: "openai", stream: (request, signal) => streamChat(send, request, signal) };
}
