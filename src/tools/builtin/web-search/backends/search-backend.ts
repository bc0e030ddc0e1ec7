import type { WebSearchInput } from "../schema.js";

/** One result a search backend found. */
export interface SearchHit {
  title: string;
  url: string;
  /** The backend's short excerpt of the page, when it gives one. */
  snippet?: string;
}

/** The search services keel can ask when the provider has no server-side search. */
export type SearchBackendName = "searxng" | "brave" | "tavily";

/** A third-party search service WebSearch runs its query on (an `openai:` session's search). */
export interface SearchBackend {
  name: SearchBackendName;
  search(input: WebSearchInput, signal: AbortSignal): Promise<SearchHit[]>;
}

/** True when `host` is `domain` or one of its subdomains. */
function hostIn(host: string, domain: string): boolean {
  const wanted = domain.toLowerCase().replace(/^\*?\./, "");
  return host === wanted || host.endsWith(`.${wanted}`);
}

/**
 * The hits the call's domain filters keep: a backend may ignore them (SearXNG has none), so
 * keel applies them to every backend's answer, by the hit's host.
 */
export function keepDomains(hits: readonly SearchHit[], input: WebSearchInput): SearchHit[] {
  const allowed = input.allowed_domains ?? [];
  const blocked = input.blocked_domains ?? [];
  return hits.filter((hit) => {
    let host: string;
    try {
      host = new URL(hit.url).hostname.toLowerCase();
    } catch {
      return false;
    }
    if (allowed.length > 0 && !allowed.some((domain) => hostIn(host, domain))) return false;
    return !blocked.some((domain) => hostIn(host, domain));
  });
}
