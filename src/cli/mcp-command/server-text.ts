import type { McpServerConfig } from "../../mcp/config-schema.js";
import type { McpScope } from "../../mcp/scopes.js";

/** How Claude Code names each scope in `mcp get` and in its messages. */
export const SCOPE_LABELS: Record<McpScope, string> = {
  local: "Local config (private to you in this project)",
  project: "Project config (shared via .mcp.json)",
  user: "User config (available in all your projects)",
  dynamic: "Dynamic config (from command line)",
};

/** What a server runs or reaches: `command args`, or `url (HTTP)` / `url (SSE)`. */
export function targetText(config: McpServerConfig): string {
  if (config.type === "stdio") return [config.command, ...config.args].join(" ");
  return `${config.url} (${config.type.toUpperCase()})`;
}

/** A raw entry's target, read loosely (an entry that did not validate or was not expanded). */
export function rawTargetText(raw: unknown): string {
  const entry = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const args = Array.isArray(entry.args) ? entry.args.filter((a) => typeof a === "string") : [];
  if (typeof entry.command === "string") return [entry.command, ...args].join(" ");
  if (typeof entry.url === "string") return entry.url;
  return "(no command or url)";
}
