import type { McpServerEntry } from "../../mcp/config-schema.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { UsageError } from "../usage-error.js";
import { type AddInput, checkServerName, entryFromFlags, entryFromJson } from "./server-entry.js";
import { type McpRoots, type WritableScope, writePlace } from "./server-places.js";

const TYPE_LABELS = { stdio: "stdio", http: "HTTP", sse: "SSE" } as const;

/** Writes `entry` under `name` in the scope's file; a name the scope already has is refused. */
async function addEntry(
  name: string,
  raw: Record<string, unknown>,
  scope: WritableScope,
  roots: McpRoots,
): Promise<string> {
  checkServerName(name);
  return writePlace(scope, roots, (servers) => {
    if (name in servers)
      throw new UsageError(`MCP server ${name} already exists in ${scope} config`);
    return { ...servers, [name]: raw };
  });
}

/** What is said after adding: what was added and where, and for project servers, approval. */
function addedText(
  name: string,
  entry: McpServerEntry,
  scope: WritableScope,
  file: string,
): string {
  const type =
    entry.type === undefined ? "stdio" : entry.type === "streamable-http" ? "http" : entry.type;
  const what =
    "command" in entry
      ? ` with command: ${[entry.command, ...(entry.args ?? [])].join(" ")}`
      : ` with URL: ${entry.url}`;
  const lines = [
    `Added ${TYPE_LABELS[type]} MCP server ${name}${what} to ${scope} config`,
    `File modified: ${file}`,
  ];
  if (scope === "project") {
    lines.push(
      "Project servers start once approved: the REPL asks at its next start here (keel -p starts approved servers only).",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `keel mcp add [-s scope] [-t transport] [-e K=V] [-H "K: V"] <name> <commandOrUrl> [args...]`. */
export async function addServer(
  name: string,
  input: AddInput,
  scope: WritableScope,
  roots: McpRoots,
  io: CliIo,
): Promise<number> {
  const entry = entryFromFlags(input);
  const file = await addEntry(name, { ...entry }, scope, roots);
  await writeTo(io.stdout, addedText(name, entry, scope, file));
  return 0;
}

/** `keel mcp add-json [-s scope] <name> <json>`: the entry is checked, then written as given. */
export async function addJsonServer(
  name: string,
  json: string,
  scope: WritableScope,
  roots: McpRoots,
  io: CliIo,
): Promise<number> {
  const { raw, entry } = entryFromJson(name, json);
  const file = await addEntry(name, raw, scope, roots);
  await writeTo(io.stdout, addedText(name, entry, scope, file));
  return 0;
}
