import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext } from "../../context.js";
import type { Tool } from "../../tool.js";
import { type ResolveHost, systemResolve } from "./address-guard.js";
import { webFetchDescription } from "./description.js";
import { fetchPage } from "./fetch-page.js";
import { parseFetchUrl } from "./fetch-url.js";
import { WEB_FETCH_LIMITS, type WebFetchLimits } from "./limits.js";
import { type CachedPage, PageCache } from "./page-cache.js";
import { pageText } from "./page-text.js";
import { readPage } from "./read-page.js";
import { crossHostRedirectNotice, pageNotes, webFetchResult } from "./result.js";
import { type WebFetchInput, type WebFetchOutput, webFetchInputSchema } from "./schema.js";

/** What WebFetch can be given besides the session's config (all have working defaults). */
export interface WebFetchDeps {
  /**
   * True when a permission rule names this host exactly: only then may it be, or resolve to,
   * a private, loopback or link-local address. Default: no host is named.
   */
  hostNamedByRule?: (host: string) => boolean;
  /** Why a request (of any hop) must not go to an address; the session's sandbox network settings. */
  refusal?: (url: URL) => string | undefined;
  resolve?: ResolveHost;
  now?: () => number;
  limits?: Partial<WebFetchLimits>;
  /** A library option: the result is the page's markdown itself, with no model reading it. */
  returnMarkdown?: boolean;
}

/** The page's text, from the cache or fetched; a redirect to another host comes back as is. */
type Fetched =
  | { kind: "page"; page: CachedPage }
  | { kind: "redirect"; notice: string; status: number; statusText: string };

/** WebFetch: fetches a page, turns it into markdown and has the small model answer about it. */
export function createWebFetchTool(
  _config: BuiltinToolsConfig,
  deps: WebFetchDeps = {},
): Tool<WebFetchInput, WebFetchOutput> {
  const limits: WebFetchLimits = { ...WEB_FETCH_LIMITS, ...deps.limits };
  const now = deps.now ?? Date.now;
  const cache = new PageCache(limits.cacheTtlMs, limits.cacheEntries, now);
  const hostAllowed = deps.hostNamedByRule ?? (() => false);
  const resolve = deps.resolve ?? systemResolve;

  async function fetched(url: URL, prompt: string, signal: AbortSignal): Promise<Fetched> {
    const cached = cache.get(url.href);
    if (cached) return { kind: "page", page: cached };
    const refusal = deps.refusal ? { refusal: deps.refusal } : {};
    const got = await fetchPage(url, { ...limits, resolve, hostAllowed, signal, ...refusal });
    if (got.kind === "cross_host_redirect") {
      const notice = crossHostRedirectNotice(got, prompt);
      return { kind: "redirect", notice, status: got.status, statusText: got.statusText };
    }
    const text = await pageText(got.body, got.contentType, got.url.href);
    if (!text.ok) throw new Error(text.message);
    const page: CachedPage = {
      url: got.url.href,
      status: got.status,
      statusText: got.statusText,
      bytes: got.body.length,
      text: text.text,
      truncated: got.truncated,
    };
    cache.set(url.href, page);
    return { kind: "page", page };
  }

  async function answer(page: CachedPage, input: WebFetchInput, context: ToolCallContext) {
    const offset = input.offset ?? 0;
    if (offset > 0 && offset >= page.text.length)
      throw new Error(
        `offset ${offset} is past the end of the page's text (${page.text.length} characters).`,
      );
    const end = Math.min(page.text.length, offset + limits.maxTextChars);
    const window = page.text.slice(offset, end);
    const notes = pageNotes(
      { end, total: page.text.length },
      page.truncated ? limits.maxBodyBytes : undefined,
    );
    if (deps.returnMarkdown) return `${window}${notes}`;
    const model = context.options.sideModel;
    if (!model)
      throw new Error("WebFetch needs a model to read the page, and this session has none for it.");
    return `${await readPage(model, window, input.prompt, context.signal)}${notes}`;
  }

  return {
    name: "WebFetch",
    description: webFetchDescription(),
    inputSchema: webFetchInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async validateInput(input) {
      const parsed = parseFetchUrl(input.url);
      return parsed.ok ? { ok: true } : { ok: false, message: parsed.message };
    },
    async call(input, context) {
      const startedAt = now();
      const parsed = parseFetchUrl(input.url);
      if (!parsed.ok) throw new Error(parsed.message);
      const got = await fetched(parsed.url, input.prompt, context.signal);
      const url = parsed.url.href;
      if (got.kind === "redirect") {
        const { status: code, statusText: codeText, notice: result } = got;
        return { data: { bytes: 0, code, codeText, result, durationMs: now() - startedAt, url } };
      }
      const { page } = got;
      const result = await answer(page, input, context);
      const data = { bytes: page.bytes, code: page.status, codeText: page.statusText, result, url };
      return { data: { ...data, durationMs: now() - startedAt } };
    },
    mapToolResult: webFetchResult,
  };
}
