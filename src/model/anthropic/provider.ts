import { TASK_BUDGETS_BETA } from "../../protocol/api.js";
import { assembleStream } from "../assemble.js";
import { betasFor, splitContext1m } from "../context-1m.js";
import { ModelError } from "../errors.js";
import type { KeyHelper } from "../key-helper.js";
import {
  keelHeaders,
  type ModelEvent,
  type ModelProvider,
  type ModelRequest,
} from "../provider.js";
import { type RequestSignal, requestSignal } from "../request-signal.js";
import { DEFAULT_API_TIMEOUTS } from "../timeouts.js";
import { type Endpoint, headersTimeout } from "../transport-failure.js";
import { withCacheBreakpoints } from "./cache-breakpoints.js";
import { type ClientSettings, createClient, type MessagesClient } from "./client.js";
import { type CountTokensCall, countTokensBody } from "./count-tokens.js";
import { messagesRequestBody } from "./request-body.js";
import { createRequestEncoder, type RequestEncoder } from "./request-json.js";
import { responseEvents } from "./response-events.js";
import { abortedError, type SdkErrors, toModelError } from "./to-model-error.js";

/** Settings of the Anthropic provider. */
export interface AnthropicProviderConfig extends ClientSettings {
  /** Place prompt-cache breakpoints (default true). */
  promptCaching?: boolean;
  /** The `apiKeyHelper` whose key is sent when neither the API key nor the auth token is set. */
  keyHelper?: KeyHelper;
}

/** What a Messages provider sends through: the official client, or a cloud provider's. */
export interface MessagesSender {
  messages: Pick<MessagesClient["messages"], "create">;
  buildURL: MessagesClient["buildURL"];
}

function missingCredentials(): ModelError {
  return new ModelError(
    { kind: "auth" },
    "no Anthropic credentials: set ANTHROPIC_API_KEY (sent as x-api-key) or ANTHROPIC_AUTH_TOKEN (sent as Authorization: Bearer), or the apiKeyHelper setting",
  );
}

/** How one request is sent, and where. */
interface Send {
  client: MessagesSender;
  encode: RequestEncoder;
  endpoint: Endpoint;
  betas: readonly string[];
  /** The client's SDK error classes, when they are not the bundled SDK's. */
  errors?: SdkErrors;
  keyHelper?: KeyHelper;
  /** The count_tokens endpoint, where the backend has one (the Anthropic API's). */
  count?: CountTokensCall;
}

/**
 * The helper's key, sent as Claude Code sends it: as `x-api-key` and as a bearer token.
 * A helper that fails ends the request with its own error (a ModelError).
 */
async function helperHeaders(send: Send, signal: AbortSignal): Promise<Record<string, string>> {
  if (!send.keyHelper) return {};
  const key = await send.keyHelper.key(signal);
  return { "x-api-key": key, authorization: `Bearer ${key}` };
}

/**
 * The body and headers of one request. A `[1m]` model goes out under its API id with the 1M
 * beta added to the session's betas (the header replaces the client's default one).
 */
function wireRequest(send: Send, request: ModelRequest) {
  const { id, context1m } = splitContext1m(request.model);
  const body = messagesRequestBody(context1m ? { ...request, model: id } : request);
  const betas = betasFor(request.model, send.betas);
  if (request.taskBudget && !betas.includes(TASK_BUDGETS_BETA)) betas.push(TASK_BUDGETS_BETA);
  const beta = context1m || request.taskBudget ? { "anthropic-beta": betas.join(",") } : {};
  return {
    body,
    headers: { ...keelHeaders(request), ...beta, "content-type": "application/json" },
  };
}

async function openStream(
  send: Send,
  request: ModelRequest,
  sent: RequestSignal,
  outer: AbortSignal,
): Promise<Response> {
  const { body, headers } = wireRequest(send, request);
  const { signal } = sent;
  try {
    Object.assign(headers, await helperHeaders(send, signal));
    // The body goes as keel encoded it (a JSON body the SDK passes on as it is, given its
    // content type): the same text the SDK would write, without encoding the tools each time.
    return await send.client.messages
      .create(body, {
        signal,
        headers,
        body: send.encode(body),
      })
      .asResponse();
  } catch (error) {
    if (sent.headersTimedOut && !outer.aborted) throw headersTimeout(send.endpoint);
    throw toModelError(error, outer, send.endpoint, send.errors);
  } finally {
    sent.headersArrived();
  }
}

async function* streamMessages(
  send: Send | undefined,
  config: AnthropicProviderConfig,
  request: ModelRequest,
  signal: AbortSignal,
): AsyncGenerator<ModelEvent, void, undefined> {
  if (!send) throw missingCredentials();
  if (signal.aborted) throw abortedError(signal.reason);
  const prepared = config.promptCaching === false ? request : withCacheBreakpoints(request);
  const linked = requestSignal(signal, send.endpoint.timeouts.headersMs);
  try {
    // The raw Response, not the SDK's Stream: that parser drops a last event that has no
    // blank line after it, which real bodies (a message_stop at EOF) do have.
    const response = await openStream(send, prepared, linked, signal);
    const requestId = response.headers.get("request-id") ?? undefined;
    const events = responseEvents(response, signal, send.endpoint, send.errors);
    yield* assembleStream(events, requestId);
  } catch (error) {
    // A stream cut by our own abort ends as aborted, however the cut showed up.
    if (!signal.aborted || (error instanceof ModelError && error.kind === "aborted")) throw error;
    const aborted = abortedError(error);
    throw error instanceof ModelError && error.afterContent ? aborted.withAfterContent() : aborted;
  } finally {
    linked.release();
  }
}

/** A request's input tokens as the backend counts them: the body the stream would send. */
async function countTokens(
  send: Send | undefined,
  config: AnthropicProviderConfig,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<number> {
  if (!send?.count) throw missingCredentials();
  const prepared = config.promptCaching === false ? request : withCacheBreakpoints(request);
  const { body, headers } = wireRequest(send, prepared);
  try {
    Object.assign(headers, await helperHeaders(send, signal));
    const counted = await send.count(countTokensBody(body), { signal, headers });
    return counted.input_tokens;
  } catch (error) {
    throw toModelError(error, signal, send.endpoint, send.errors);
  }
}

function sender(
  client: MessagesSender,
  config: AnthropicProviderConfig,
  errors: SdkErrors | undefined,
): Send {
  const timeouts = config.timeouts ?? DEFAULT_API_TIMEOUTS;
  const endpoint = { url: client.buildURL("/v1/messages", undefined), timeouts };
  // The key and the token win over the helper, as in Claude Code.
  const keyHelper = config.apiKey || config.authToken ? undefined : config.keyHelper;
  return {
    client,
    encode: createRequestEncoder(),
    endpoint,
    betas: config.betas ?? [],
    ...(errors ? { errors } : {}),
    ...(keyHelper ? { keyHelper } : {}),
  };
}

/** A provider that streams Messages requests through `send` (undefined: no credentials). */
function messagesProvider(
  name: string,
  send: Send | undefined,
  config: AnthropicProviderConfig,
): ModelProvider {
  const keyHelper = send?.keyHelper;
  return {
    name,
    stream: (request, signal) => streamMessages(send, config, request, signal),
    ...(send?.count
      ? { countTokens: (request, signal) => countTokens(send, config, request, signal) }
      : {}),
    ...(keyHelper
      ? {
          refreshCredentials: () => {
            keyHelper.forget();
            return true;
          },
        }
      : {}),
  };
}

/**
 * The Anthropic Messages API provider, on the official SDK with its retries off. Missing
 * credentials are reported (kind "auth") when a request is made.
 */
export function createAnthropicProvider(config: AnthropicProviderConfig): ModelProvider {
  const credentialed = config.apiKey || config.authToken || config.keyHelper;
  if (!credentialed) return messagesProvider("anthropic", undefined, config);
  const client = createClient(config);
  const send = sender(client, config, undefined);
  const count: CountTokensCall = (body, options) => client.messages.countTokens(body, options);
  return messagesProvider("anthropic", { ...send, count }, config);
}

/**
 * A provider over another client of the Messages API (a cloud provider's package, which signs
 * and reshapes requests itself), with that client's SDK error classes.
 */
export function createClientProvider(
  name: string,
  client: MessagesSender,
  errors: SdkErrors,
  config: AnthropicProviderConfig,
): ModelProvider {
  return messagesProvider(name, sender(client, config, errors), config);
}
