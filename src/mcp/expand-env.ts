import type { McpServerConfig, McpServerEntry } from "./config-schema.js";

/** The result of expanding one string: the text, and the variables that were unset. */
interface Expanded {
  text: string;
  missing: string[];
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Expands `${VAR}` and `${VAR:-default}` in one string; an unset variable with no default is reported. */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): Expanded {
  const missing: string[] = [];
  const expanded = text.replace(VARIABLE, (whole, name: string, fallback: string | undefined) => {
    const value = env[name];
    // Claude Code's rule: a set variable wins even when empty; the default is for unset ones.
    if (value !== undefined) return value;
    if (fallback !== undefined) return fallback;
    missing.push(name);
    return whole;
  });
  return { text: expanded, missing };
}

/** What expanding a whole entry gives: the connectable config, and the variables that are unset. */
export interface ExpandedEntry {
  config: McpServerConfig;
  /** Unset variables without a default, left as written (`${VAR}`), as Claude Code leaves them. */
  missing: string[];
}

/**
 * Expands variables in the fields Claude Code expands (command, args, env, url, headers) and
 * names the transport explicitly. An unset variable without a default stays as written: Claude
 * Code starts such a server all the same, and says which variables were missing.
 */
export function expandServerEntry(
  entry: McpServerEntry,
  env: Readonly<Record<string, string | undefined>>,
): ExpandedEntry {
  const missing = new Set<string>();
  const one = (text: string) => {
    const result = expandVariables(text, env);
    for (const name of result.missing) missing.add(name);
    return result.text;
  };
  const record = (values: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, one(value)]));
  let config: McpServerConfig;
  if ("command" in entry) {
    config = {
      type: "stdio",
      command: one(entry.command),
      args: (entry.args ?? []).map(one),
      env: record(entry.env),
    };
  } else {
    const type = entry.type === "sse" ? "sse" : "http";
    config = { type, url: one(entry.url), headers: record(entry.headers) };
  }
  return { config, missing: [...missing] };
}
