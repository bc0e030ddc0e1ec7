/**
 * Where requests to the model go through a proxy, from HTTP_PROXY / HTTPS_PROXY / NO_PROXY
 * (lower-case names first, as curl and Claude Code read them), in the process's environment
 * or the settings' `env`.
 */
export interface ProxyEnv {
  /** The proxy for http:// URLs. */
  http?: URL;
  /** The proxy for https:// URLs. */
  https?: URL;
  /** NO_PROXY's entries, lower-cased: hosts, `.domain` suffixes, `host:port`, or `*`. */
  noProxy: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

function variable(env: Env, name: string): { name: string; value: string } | undefined {
  for (const key of [name.toLowerCase(), name]) {
    const value = env[key]?.trim();
    if (value) return { name: key, value };
  }
  return undefined;
}

/** A proxy URL; a bare `host:port` is taken as http://host:port, as curl takes it. */
function proxyUrl(env: Env, name: string): URL | undefined {
  const found = variable(env, name);
  if (!found) return undefined;
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${found.name} is not a proxy URL: "${found.value}"`);
  }
  if (url.protocol !== "http:") {
    throw new Error(`${found.name}: keel reaches proxies over http:// only, got "${found.value}"`);
  }
  return url;
}

/** The proxies the environment names; undefined when it names none. */
export function proxyEnvFrom(env: Env): ProxyEnv | undefined {
  const http = proxyUrl(env, "HTTP_PROXY");
  const https = proxyUrl(env, "HTTPS_PROXY");
  if (!http && !https) return undefined;
  const noProxy = (variable(env, "NO_PROXY")?.value ?? "")
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((entry) => entry !== "");
  return { ...(http ? { http } : {}), ...(https ? { https } : {}), noProxy };
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

/** Whether one NO_PROXY entry covers a URL: its host or a subdomain, and its port if given. */
function bypasses(entry: string, url: URL): boolean {
  if (entry === "*") return true;
  const portAt = entry.lastIndexOf(":");
  const hasPort = portAt > 0 && !entry.endsWith("]") && /^\d+$/.test(entry.slice(portAt + 1));
  const host = (hasPort ? entry.slice(0, portAt) : entry).replace(/^\*?\./, "");
  if (hasPort && entry.slice(portAt + 1) !== defaultPort(url)) return false;
  const hostname = url.hostname.toLowerCase();
  return hostname === host || hostname.endsWith(`.${host}`);
}

/** The proxy a request to `url` goes through, or undefined when it goes direct. */
export function proxyFor(url: URL, proxy: ProxyEnv | undefined): URL | undefined {
  // An https URL falls back to HTTP_PROXY, as undici's EnvHttpProxyAgent (Claude Code's) does.
  const through = url.protocol === "https:" ? (proxy?.https ?? proxy?.http) : proxy?.http;
  if (!through || proxy?.noProxy.some((entry) => bypasses(entry, url))) return undefined;
  return through;
}
