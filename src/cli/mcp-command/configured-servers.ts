import { join } from "node:path";
import { SettingsError } from "../../config/settings/errors.js";
import { loadSettings } from "../../config/settings/load.js";
import { folderTrust } from "../../config/trust/trust-store.js";
import { mcpConfigFileSchema } from "../../mcp/config-schema.js";
import { readJsonFile, readTextIfPresent } from "../../mcp/read-json-file.js";
import type { McpServerSpec } from "../../mcp/resolve-servers.js";
import { resolveMcpSetup } from "../../mcp/setup.js";
import { UsageError } from "../usage-error.js";
import type { McpRoots } from "./server-places.js";

/** A configured server, and what `keel mcp list` may do with it. */
export type ListedServer =
  | { kind: "startable"; spec: McpServerSpec }
  | { kind: "needs-approval"; spec: McpServerSpec }
  | { kind: "rejected"; spec: McpServerSpec }
  /** A server of the project's files in a folder the person has not trusted: never started. */
  | { kind: "untrusted"; name: string; origin: string; raw: unknown }
  | { kind: "invalid"; name: string; origin: string; message: string };

/** Every configured server, the environment stdio servers start with, and file problems. */
export interface ConfiguredServers {
  servers: ListedServer[];
  env: Readonly<Record<string, string | undefined>>;
  notices: string[];
}

/** The name a listed server goes by. */
export function listedName(server: ListedServer): string {
  return "spec" in server ? server.spec.name : server.name;
}

/** The project's own files that declare servers (read only to list them when untrusted). */
async function projectEntries(cwd: string): Promise<ListedServer[]> {
  const files = [
    join(cwd, ".mcp.json"),
    join(cwd, ".claude", "settings.json"),
    join(cwd, ".claude", "settings.local.json"),
  ];
  const found: ListedServer[] = [];
  for (const origin of files) {
    const read = await readJsonFile(origin, mcpConfigFileSchema, readTextIfPresent);
    const servers = read.ok ? (read.data?.mcpServers ?? {}) : {};
    for (const [name, raw] of Object.entries(servers)) {
      found.push({ kind: "untrusted", name, origin, raw });
    }
  }
  return found;
}

async function settingsOf(roots: McpRoots, trusted: boolean) {
  try {
    return await loadSettings({ ...roots, ...(trusted ? {} : { projectCode: false }) });
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Finds every server a session here would know of, as a session decides them (settings,
 * `~/.claude.json`, keel's `mcp-servers.json`, `.mcp.json`, approvals), without starting any.
 * In a folder the person has not trusted, the project's own servers are listed as such.
 */
export async function configuredServers(
  roots: McpRoots,
  processEnv: Readonly<Record<string, string | undefined>>,
): Promise<ConfiguredServers> {
  const trust = await folderTrust(roots.stateDir, roots.cwd);
  const settings = await settingsOf(roots, trust.trusted);
  const env = { ...processEnv, ...settings.env };
  const setup = await resolveMcpSetup({
    ...roots,
    env,
    ...(trust.trusted ? {} : { projectFile: false }),
    settingsServers: settings.mcpServers,
    settingsFiles: settings.files,
  });
  const servers: ListedServer[] = [
    ...setup.servers.map((spec) => ({ kind: "startable" as const, spec })),
    ...setup.needsApproval.map((spec) => ({ kind: "needs-approval" as const, spec })),
    ...setup.rejected.map((spec) => ({ kind: "rejected" as const, spec })),
    ...setup.invalid.map((e) => ({
      kind: "invalid" as const,
      name: e.server,
      origin: e.origin,
      message: e.message,
    })),
    ...(trust.trusted ? [] : await projectEntries(roots.cwd)),
  ];
  return { servers, env, notices: [...settings.warnings, ...setup.notices] };
}
