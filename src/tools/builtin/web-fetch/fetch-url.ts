import { isIP } from "node:net";

/** URLs longer than this are refused (Claude Code's limit). */
const MAX_URL_LENGTH = 2000;

/** A URL's host without IPv6 brackets, lower-cased (`[::1]` → `::1`). */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

/** True for a host that names this machine by itself: `localhost`, 127.0.0.0/8, `::1`. */
export function isLoopbackName(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

/** What a WebFetch URL parses to: the URL to request, or why it cannot be fetched. */
export type ParsedFetchUrl = { ok: true; url: URL } | { ok: false; message: string };

/**
 * The URL WebFetch requests: http or https only, no credentials, and http upgraded to https
 * unless the host is loopback (a local server rarely speaks TLS, and nothing crosses a network).
 */
export function parseFetchUrl(text: string): ParsedFetchUrl {
  if (text.length > MAX_URL_LENGTH)
    return { ok: false, message: `The URL is longer than ${MAX_URL_LENGTH} characters.` };
  if (!URL.canParse(text)) return { ok: false, message: `Not a valid URL: ${text}` };
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: `WebFetch fetches http and https URLs only, not ${url.protocol}` };
  if (url.username !== "" || url.password !== "")
    return { ok: false, message: "WebFetch does not send credentials written in a URL." };
  if (url.protocol === "http:" && !isLoopbackName(bareHost(url))) url.protocol = "https:";
  return { ok: true, url };
}
