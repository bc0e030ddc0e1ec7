import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { claudeJsonSchema, mcpConfigFileSchema } from "../../mcp/config-schema.js";
import { keelMcpServersPath } from "../../mcp/keel-servers-file.js";
import { readJsonFile, readTextIfPresent } from "../../mcp/read-json-file.js";
import { writeFileAtomic } from "../../tasks/atomic-write.js";
import { UsageError } from "../usage-error.js";

/** The scopes `keel mcp add` writes, as Claude Code names them. */
export const WRITABLE_SCOPES = ["local", "project", "user"] as const;

/** A scope `keel mcp add` and `keel mcp remove` write. */
export type WritableScope = (typeof WRITABLE_SCOPES)[number];

/** The folders a `keel mcp` command works from. */
export interface McpRoots {
  cwd: string;
  home: string;
  stateDir: string;
}

/** Where a scope's servers are written: `.mcp.json` for project, keel's own file otherwise. */
export function placePath(scope: WritableScope, roots: McpRoots): string {
  return scope === "project" ? join(roots.cwd, ".mcp.json") : keelMcpServersPath(roots.stateDir);
}

type Json = Record<string, unknown>;

/** A file's whole JSON (other keys are kept on write); a file that does not parse is refused. */
async function readWhole(path: string): Promise<Json> {
  const schema = path.endsWith(".mcp.json") ? mcpConfigFileSchema : claudeJsonSchema;
  const read = await readJsonFile(path, schema, readTextIfPresent);
  if (!read.ok) throw new UsageError(`${read.message} — left as it is; fix or remove it first`);
  return (read.data as Json | undefined) ?? {};
}

const asRecord = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** The scope's servers in its file's JSON. */
function serversIn(whole: Json, scope: WritableScope, cwd: string): Json {
  if (scope !== "local") return asRecord(whole.mcpServers);
  return asRecord(asRecord(asRecord(whole.projects)[cwd]).mcpServers);
}

/** The servers a scope holds now (name → entry as written). */
export async function readPlace(scope: WritableScope, roots: McpRoots): Promise<Json> {
  return serversIn(await readWhole(placePath(scope, roots)), scope, roots.cwd);
}

/** The file's JSON with the scope's servers replaced by `servers`. */
function withServers(whole: Json, scope: WritableScope, cwd: string, servers: Json): Json {
  if (scope !== "local") return { ...whole, mcpServers: servers };
  const projects = asRecord(whole.projects);
  const project = { ...asRecord(projects[cwd]), mcpServers: servers };
  return { ...whole, projects: { ...projects, [cwd]: project } };
}

/** Replaces a scope's servers, keeping the rest of its file; returns the file written. */
export async function writePlace(
  scope: WritableScope,
  roots: McpRoots,
  change: (servers: Json) => Json,
): Promise<string> {
  const path = placePath(scope, roots);
  const whole = await readWhole(path);
  const servers = change(serversIn(whole, scope, roots.cwd));
  await mkdir(dirname(path), { recursive: true });
  const next = withServers(whole, scope, roots.cwd, servers);
  await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
  return path;
}
