import type { ClientRequest, IncomingMessage } from "node:http";
import type { ProxyEnv } from "../proxy-env.js";
import { type TransportCache, transportCache } from "./agents.js";
import { acceptEncoding, decodersFor } from "./content-decoding.js";
import { BodyChunks } from "./response-body.js";
import {
  abortReason,
  connectTimeoutError,
  fetchFailed,
  headersTimeoutError,
} from "./transport-errors.js";
import { Headers } from "./web-headers.js";
import { asFetchResponse, WebResponse } from "./web-response.js";

// Why not Node's own fetch: its first call loads undici's fetch and compiles its HTTP parser
// (WebAssembly), about 0.25 s of CPU and 30 MB of RSS in a one-turn `keel -p` (bench/results.md).
// This fetch covers what the SDK sends (a string or byte body, a signal, redirects followed as
// fetch follows them) over node:http(s) with keep-alive agents, and keeps undici's defaults and
// failures: the same timeouts failing with the same errors (transport-errors.ts), the same
// accept-encoding and decoding (content-decoding.ts). Anything else goes to Node's fetch.
// Nor its Headers and Response: the first use of those globals loads undici too (about 60 ms of
// CPU per run), so headers are keel's own (web-headers.ts) and the response is a WebResponse.

/** Statuses whose responses carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/** Timeouts and the fallback of createNodeFetch; the defaults are undici's. */
export interface NodeFetchOptions {
  /** TCP (and TLS) connection set up (default 10 s); fails with "fetch failed". */
  connectTimeoutMs?: number;
  /** Connected to response head complete (default 300 s); fails with "fetch failed". */
  headersTimeoutMs?: number;
  /** Longest silence in a body being read (default 300 s); errors it with "terminated". */
  bodyIdleTimeoutMs?: number;
  /** How long an unused keep-alive socket stays pooled (default 4 s). */
  keepAliveTimeoutMs?: number;
  /** The fetch for requests this one does not send itself (default Node's). */
  fallback?: typeof fetch;
  /** The proxies requests go through (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
  proxy?: ProxyEnv;
}

type Limits = Required<Omit<NodeFetchOptions, "fallback" | "keepAliveTimeoutMs" | "proxy">>;

interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
  signal: AbortSignal;
}

/** The request body when it is one this fetch sends itself, else null. */
function plainBody(body: RequestInit["body"]): Uint8Array | string | undefined | null {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (ArrayBuffer.isView(body))
    return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return null;
}

function headerRecord(init: RequestInit["headers"], body: Outgoing["body"]) {
  const headers: Record<string, string> = {};
  // The SDK hands over a Headers already checked; any other shape is checked by making one.
  const checked = init instanceof Headers ? init : new Headers(init);
  for (const [name, value] of checked) headers[name] = value;
  if (typeof body === "string" && !headers["content-type"]) {
    headers["content-type"] = "text/plain;charset=UTF-8";
  }
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return headers;
}

/** The web Response of a node:http response (fetch's shape: Headers, a web stream body). */
function toResponse(
  message: IncomingMessage,
  outgoing: Outgoing,
  limits: Limits,
  redirected: boolean,
): Response {
  const status = message.statusCode ?? 0;
  // `new Response` throws a RangeError for these; fetch fails with a TypeError.
  if (status < 200 || status > 599) {
    message.destroy();
    throw fetchFailed(new RangeError(`response status ${status} is outside 200–599`));
  }
  const empty = outgoing.method === "HEAD" || NULL_BODY.has(status);
  const decoders = empty ? [] : decodersFor(message.headers["content-encoding"]);
  if (decoders instanceof Error) {
    message.destroy();
    throw fetchFailed(decoders);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < message.rawHeaders.length; i += 2) {
    headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
  }
  if (empty) message.resume();
  const body = empty ? null : new BodyChunks(message, decoders, outgoing.signal, limits);
  const statusText = message.statusMessage ?? "";
  const init = { status, statusText, headers, url: outgoing.url.href, redirected };
  return asFetchResponse(new WebResponse(body, init));
}

/** Whether fetch resends a redirected request as a bodiless GET. */
function becomesGet(status: number, method: string): boolean {
  if (status === 303) return method !== "GET" && method !== "HEAD";
  return (status === 301 || status === 302) && method === "POST";
}

/** Where a redirect leads, as fetch rewrites it (307/308 keep method and body). */
function redirected(message: IncomingMessage, outgoing: Outgoing): Outgoing | undefined {
  const status = message.statusCode ?? 0;
  const location = message.headers.location;
  if (!REDIRECTS.has(status) || !location) return undefined;
  const url = new URL(location, outgoing.url);
  const toGet = becomesGet(status, outgoing.method);
  const headers = { ...outgoing.headers };
  if (toGet) {
    for (const name of ["content-type", "content-length", "content-encoding", "content-language"])
      delete headers[name];
  }
  if (url.origin !== outgoing.url.origin) {
    for (const name of ["authorization", "proxy-authorization", "cookie"]) delete headers[name];
  }
  return {
    url,
    method: toGet ? "GET" : outgoing.method,
    headers,
    body: toGet ? undefined : outgoing.body,
    signal: outgoing.signal,
  };
}

/**
 * Times the head of a request as undici does: connectTimeoutMs until the socket is connected
 * (TLS included; a reused socket already is), then headersTimeoutMs until the response head.
 * Returns the function that stops the timing.
 */
function timeHead(sent: ClientRequest, url: URL, limits: Limits): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number, error: () => Error) => {
    clearTimeout(timer);
    timer = setTimeout(() => sent.destroy(error()), ms);
    timer.unref(); // the socket, not the timer, keeps the process alive
  };
  const connected = () => arm(limits.headersTimeoutMs, headersTimeoutError);
  const { connectTimeoutMs } = limits;
  arm(connectTimeoutMs, () => connectTimeoutError(url, connectTimeoutMs));
  const secure = url.protocol === "https:";
  sent.once("socket", (socket) => {
    if (sent.reusedSocket || (!secure && !socket.connecting)) connected();
    else socket.once(secure ? "secureConnect" : "connect", connected);
  });
  return () => clearTimeout(timer);
}

/** Sends one request; resolves with the response's head (the body not yet read). */
async function send(outgoing: Outgoing, transports: TransportCache, limits: Limits) {
  const { signal, url } = outgoing;
  if (signal.aborted) throw abortReason(signal);
  const { agent, request } = await transports.for(url);
  const headers = { "accept-encoding": acceptEncoding(url), ...outgoing.headers };
  return new Promise<IncomingMessage>((resolve, reject) => {
    let sent: ClientRequest | undefined;
    let stopTiming = () => {};
    const settle = () => {
      stopTiming();
      signal.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      settle();
      sent?.destroy();
      reject(abortReason(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    // An abort while the agent was awaited fired no listener: it was not added yet.
    if (signal.aborted) return onAbort();
    try {
      sent = request(url, { method: outgoing.method, headers, agent }, (message) => {
        settle();
        resolve(message);
      });
    } catch (error) {
      // Thrown, not emitted: e.g. ERR_INVALID_PROTOCOL for a redirect to a non-http scheme.
      settle();
      return reject(fetchFailed(error));
    }
    stopTiming = timeHead(sent, url, limits);
    sent.on("error", (error) => {
      settle();
      reject(fetchFailed(error));
    });
    sent.end(outgoing.body);
  });
}

async function follow(
  first: Outgoing,
  transports: TransportCache,
  limits: Limits,
  mode: RequestInit["redirect"],
): Promise<Response> {
  let outgoing = first;
  for (let hops = 0; ; hops++) {
    const message = await send(outgoing, transports, limits);
    const next = mode === "follow" ? redirected(message, outgoing) : undefined;
    if (!next) return toResponse(message, outgoing, limits, hops > 0);
    message.resume();
    if (hops >= MAX_REDIRECTS) throw fetchFailed(new Error("redirect count exceeded"));
    outgoing = next;
  }
}

/**
 * A `fetch` for the Anthropic SDK built on node:http/node:https with keep-alive agents: same
 * Response, same errors (TypeError "fetch failed" with the socket or timeout error as cause,
 * the signal's reason on abort, TypeError "terminated" for a body cut short or gone idle).
 */
export function createNodeFetch(options: NodeFetchOptions = {}): typeof fetch {
  const fallback = options.fallback ?? ((input, init) => globalThis.fetch(input, init));
  const limits: Limits = {
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    headersTimeoutMs: options.headersTimeoutMs ?? 300_000,
    bodyIdleTimeoutMs: options.bodyIdleTimeoutMs ?? 300_000,
  };
  const transports = transportCache(options.keepAliveTimeoutMs, options.proxy);
  return async (input, init) => {
    const body = plainBody(init?.body);
    const url = typeof input === "string" || input instanceof URL ? new URL(input) : undefined;
    const web = url?.protocol === "http:" || url?.protocol === "https:";
    if (!url || !web || body === null || (init?.redirect ?? "follow") === "error") {
      return fallback(input, init);
    }
    const outgoing: Outgoing = {
      url,
      method: (init?.method ?? "GET").toUpperCase(),
      headers: headerRecord(init?.headers, body),
      body,
      signal: init?.signal ?? new AbortController().signal,
    };
    return follow(outgoing, transports, limits, init?.redirect ?? "follow");
  };
}
