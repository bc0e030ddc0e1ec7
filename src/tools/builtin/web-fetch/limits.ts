/** WebFetch's caps (issue 31; Claude Code's own). */
export const WEB_FETCH_LIMITS = {
  /** Bytes of a response body read at most; the rest is not downloaded. */
  maxBodyBytes: 10 * 1024 * 1024,
  /** A whole fetch (every hop) must finish within this. */
  timeoutMs: 60_000,
  /** Characters of page text the small model reads per call; `offset` reads on. */
  maxTextChars: 100_000,
  /** How long a fetched page is served from the cache. */
  cacheTtlMs: 15 * 60_000,
  /** Pages the cache keeps at most (the least recently used goes first). */
  cacheEntries: 50,
  /** Same-host redirects followed before giving up. */
  maxRedirects: 10,
} as const;

/** WebFetch's caps, as a caller may lower them (tests use a short timeout). */
export type WebFetchLimits = { readonly [K in keyof typeof WEB_FETCH_LIMITS]: number };
