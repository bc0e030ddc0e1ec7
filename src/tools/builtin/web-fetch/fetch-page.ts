import { fetchHop, type HopOptions } from "./fetch-hop.js";
import { bareHost, parseFetchUrl } from "./fetch-url.js";

/** What fetching a URL came to: the page, or a redirect to another host (not followed). */
export type FetchedPage =
  | {
      kind: "page";
      /** The URL the body came from (after same-host redirects). */
      url: URL;
      status: number;
      statusText: string;
      contentType: string;
      body: Buffer;
      truncated: boolean;
    }
  | { kind: "cross_host_redirect"; from: URL; to: URL; status: number; statusText: string };

/** How a page is fetched: the hop options without the signal, plus the deadline and hop limit. */
export interface FetchPageOptions extends Omit<HopOptions, "signal"> {
  timeoutMs: number;
  maxRedirects: number;
  signal: AbortSignal;
}

/** `www.example.com` and `example.com` are one site for redirects (Claude Code's rule). */
function siteOf(url: URL): string {
  return bareHost(url).replace(/^www\./, "");
}

/**
 * Fetches a URL within the deadline, following redirects that stay on the same host (each new
 * address upgraded and checked again) and stopping at one to another host, whose permission
 * the model must get with a call of its own.
 */
export async function fetchPage(url: URL, options: FetchPageOptions): Promise<FetchedPage> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, deadline]);
  let current = url;
  try {
    for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
      const got = await fetchHop(current, { ...options, signal });
      if (got.kind === "body") return { ...got, kind: "page", url: current };
      const next = parseFetchUrl(got.location.href);
      if (!next.ok)
        throw new Error(`${current.href} redirected to ${got.location.href}: ${next.message}`);
      if (siteOf(next.url) !== siteOf(current)) {
        const { status, statusText } = got;
        return { kind: "cross_host_redirect", from: current, to: next.url, status, statusText };
      }
      current = next.url;
    }
  } catch (error) {
    if (deadline.aborted && !options.signal.aborted)
      throw new Error(
        `WebFetch gave up on ${current.href}: no full answer within ${options.timeoutMs / 1000} s.`,
      );
    throw error;
  }
  throw new Error(`${url.href} redirected more than ${options.maxRedirects} times.`);
}
