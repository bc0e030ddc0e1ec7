import { join } from "node:path";
import { keelStateDir } from "../config/paths.js";
import { readSettingsFile } from "../config/settings/read-file.js";
import { webSearchSettingSchema } from "../config/settings/web-search-setting.js";
import type { Fetch } from "../tools/builtin/web-search/backends/backend-http.js";
import { BRAVE_API, braveBackend } from "../tools/builtin/web-search/backends/brave.js";
import type { SearchBackend } from "../tools/builtin/web-search/backends/search-backend.js";
import { searxngBackend } from "../tools/builtin/web-search/backends/searxng.js";
import { TAVILY_API, tavilyBackend } from "../tools/builtin/web-search/backends/tavily.js";
import type { WebSearchDeps } from "../tools/builtin/web-search/web-search-tool.js";

/** The search service keel's settings name: ready, not usable (and why), or none named. */
export type SearchBackendChoice =
  | { kind: "backend"; backend: SearchBackend; where: string }
  | { kind: "unusable"; why: string }
  | { kind: "none" };

/**
 * The `webSearch` service of keel's own settings file (never a project's: a project must not
 * send the session's queries elsewhere), with its key from the environment.
 */
export async function searchBackendChoice(
  env: Readonly<Record<string, string | undefined>>,
  fetcher: Fetch = fetch,
): Promise<SearchBackendChoice> {
  const path = join(keelStateDir(env), "settings.json");
  const file = await readSettingsFile(path);
  if (file.kind === "missing" || file.kind === "unusable") return { kind: "none" };
  if (file.value.webSearch === undefined) return { kind: "none" };
  const parsed = webSearchSettingSchema.safeParse(file.value.webSearch);
  if (!parsed.success) {
    return { kind: "unusable", why: `${path}: webSearch: ${parsed.error.issues[0]?.message}` };
  }
  const setting = parsed.data;
  if (setting.provider === "searxng") {
    return { kind: "backend", backend: searxngBackend(setting.url, fetcher), where: setting.url };
  }
  const [variable, base] =
    setting.provider === "brave" ? ["BRAVE_API_KEY", BRAVE_API] : ["TAVILY_API_KEY", TAVILY_API];
  const key = env[variable]?.trim();
  if (!key) {
    return {
      kind: "unusable",
      why: `webSearch names ${setting.provider} in ${path}, but ${variable} is not set`,
    };
  }
  const url = setting.url ?? base;
  const backend =
    setting.provider === "brave"
      ? braveBackend(key, url, fetcher)
      : tavilyBackend(key, url, fetcher);
  return { kind: "backend", backend, where: url };
}

/**
 * WebSearch for a session: the provider's server-side search when it has one (nothing to
 * configure), else keel's `webSearch` service; false leaves the tool out, with one line when a
 * service is named but cannot be used.
 */
export async function sessionWebSearch(
  providerSearches: boolean,
  env: Readonly<Record<string, string | undefined>>,
  warn: (line: string) => void,
): Promise<WebSearchDeps | false> {
  if (providerSearches) return {};
  const choice = await searchBackendChoice(env);
  if (choice.kind === "backend") return { backend: choice.backend };
  if (choice.kind === "unusable") warn(`WebSearch is off: ${choice.why}`);
  return false;
}
