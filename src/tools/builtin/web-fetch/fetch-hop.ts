import { request as httpRequest, type IncomingMessage, STATUS_CODES } from "node:http";
import { request as httpsRequest } from "node:https";
import { VERSION } from "../../../version.js";
import { guardedLookup, literalAddressProblem, type ResolveHost } from "./address-guard.js";
import { bareHost } from "./fetch-url.js";

/** What one HTTP request of a fetch got: a body, or a redirect to follow or report. */
export type HopResult =
  | {
      kind: "body";
      status: number;
      statusText: string;
      contentType: string;
      body: Buffer;
      /** The body went past the cap and was cut there. */
      truncated: boolean;
    }
  | { kind: "redirect"; status: number; statusText: string; location: URL };

/** How one request is made. */
export interface HopOptions {
  resolve: ResolveHost;
  /** True when a permission rule names this host exactly (private addresses allowed then). */
  hostAllowed: (host: string) => boolean;
  /** Why a request must not go to this address (the sandbox's network settings), if it must not. */
  refusal?: (url: URL) => string | undefined;
  maxBodyBytes: number;
  signal: AbortSignal;
}

const HEADERS = {
  "user-agent": `keel/${VERSION} (WebFetch)`,
  accept: "text/markdown, text/html;q=0.9, text/plain;q=0.8, application/json;q=0.7, */*;q=0.5",
};

/** One GET, through the guarded lookup; redirects come back unfollowed. */
export async function fetchHop(url: URL, options: HopOptions): Promise<HopResult> {
  const refused = literalAddressProblem(bareHost(url), options.hostAllowed);
  if (refused) throw refused;
  const denied = options.refusal?.(url);
  if (denied !== undefined) throw new Error(denied);
  const response = await send(url, options);
  const status = response.statusCode ?? 0;
  const statusText = response.statusMessage || STATUS_CODES[status] || "";
  const location = response.headers.location;
  if (status >= 300 && status < 400 && location !== undefined) {
    response.resume();
    if (!URL.canParse(location, url.href))
      throw new Error(`${url.href} redirected to an address that is not a URL: ${location}`);
    return { kind: "redirect", status, statusText, location: new URL(location, url) };
  }
  const { body, truncated } = await readCapped(response, options.maxBodyBytes);
  const contentType = response.headers["content-type"] ?? "";
  return { kind: "body", status, statusText, contentType, body, truncated };
}

function send(url: URL, options: HopOptions): Promise<IncomingMessage> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: "GET",
      headers: HEADERS,
      lookup: guardedLookup(options.resolve, options.hostAllowed),
      signal: options.signal,
    });
    outgoing.once("response", resolve);
    outgoing.once("error", reject);
    outgoing.end();
  });
}

/** Reads the body up to `max` bytes; past that the connection is closed, not drained. */
async function readCapped(
  response: IncomingMessage,
  max: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const piece = chunk as Buffer;
    if (size + piece.length > max) {
      chunks.push(piece.subarray(0, max - size));
      response.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(piece);
    size += piece.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}
