/** What the settings allow http hooks (merged arrays of every settings file). */
export interface HttpHookPolicy {
  /** `allowedHttpHookUrls`: patterns with `*`; undefined allows every URL, [] none. */
  allowedUrls?: readonly string[];
  /** `httpHookAllowedEnvVars`: when set, each hook's allowedEnvVars is cut down to these. */
  allowedEnvVars?: readonly string[];
}

function wildcard(pattern: string): RegExp {
  const body = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${body.join(".*")}$`);
}

/** Why `url` may not be called, or undefined when it may. */
export function refusedUrl(url: string, policy: HttpHookPolicy): string | undefined {
  const allowed = policy.allowedUrls;
  if (allowed === undefined) return undefined;
  if (allowed.some((pattern) => wildcard(pattern).test(url))) return undefined;
  return allowed.length === 0
    ? `refused: allowedHttpHookUrls is empty, so no http hook may run (${url})`
    : `refused: ${url} matches none of allowedHttpHookUrls (${allowed.join(", ")})`;
}

/**
 * Header values with `$VAR` / `${VAR}` filled in from `env` — only variables the hook lists in
 * allowedEnvVars (and the settings' httpHookAllowedEnvVars, when set); others become "".
 */
export function interpolateHeaders(
  headers: Readonly<Record<string, string>>,
  hookAllowed: readonly string[] | undefined,
  policy: HttpHookPolicy,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const allowed = new Set(
    (hookAllowed ?? []).filter((name) => policy.allowedEnvVars?.includes(name) ?? true),
  );
  const fill = (_: string, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? "";
    return allowed.has(name) ? (env[name] ?? "") : "";
  };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (/^(content-length|transfer-encoding)$/i.test(key)) continue;
    out[key] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, fill);
  }
  return out;
}
