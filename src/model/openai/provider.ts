import OpenAI, { type APIError } from "openai";
import type { ModelEvent, ModelProvider, ModelRequest } from "../provider.js";
import { NO_API_KEY_PLACEHOLDER, OPENAI_DEFAULT_BASE_URL } from "./config.js";
import { abortedError, toModelError } from "./failure.js";
import { toChatCompletionRequest } from "./request.js";
import { assembleChatCompletionStream } from "./stream.js";

/** How to reach an OpenAI-compatible server; `fetch` is injectable for tests. */
export interface OpenAIProviderConfig {
  baseURL?: string;
  apiKey?: string;
  fetch?: typeof fetch;
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

/** The chunks of one response; the client ends quietly on abort, so an abort is raised here. */
async function* chunksOf(
  stream: AsyncIterable<unknown>,
  client: BodyKeepingClient,
  signal: AbortSignal,
): AsyncGenerator<unknown, void, undefined> {
  try {
    yield* stream;
  } catch (error) {
    throw toModelError(error, signal, client.bodyOf(error));
  }
  if (signal.aborted) throw abortedError();
}

/** Sends the request and waits for the response headers. */
async function openStream(client: BodyKeepingClient, request: ModelRequest, signal: AbortSignal) {
  try {
    return await client.chat.completions
      .create(toChatCompletionRequest(request), {
        signal,
        headers: { "x-keel-request-kind": request.kind },
      })
      .withResponse();
  } catch (error) {
    throw toModelError(error, signal, client.bodyOf(error));
  }
}

/**
 * A provider for OpenAI-compatible chat-completions servers (OpenAI, OpenRouter, vLLM,
 * llama.cpp, Ollama). It iterates the raw chunk stream itself: the client's `.stream()` helper
 * drops tool calls that arrive without an `index`.
 */
export function createOpenAIProvider(config: OpenAIProviderConfig): ModelProvider {
  const client = new BodyKeepingClient({
    baseURL: config.baseURL ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: config.apiKey ?? NO_API_KEY_PLACEHOLDER,
    maxRetries: 0,
    logLevel: "off",
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  return {
    name: "openai",
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent, void> {
      const { data, request_id } = await openStream(client, request, signal);
      yield* assembleChatCompletionStream(
        chunksOf(data, client, signal),
        request.model,
        request_id ?? undefined,
      );
    },
  };
}
