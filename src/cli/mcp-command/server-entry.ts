import { z } from "zod";
import { type McpServerEntry, mcpServerEntrySchema } from "../../mcp/config-schema.js";
import { UsageError } from "../usage-error.js";

/** The transports `keel mcp add -t` takes (Claude Code's names). */
export const TRANSPORTS = ["stdio", "sse", "http"] as const;

/** What `keel mcp add` was given. */
export interface AddInput {
  transport: (typeof TRANSPORTS)[number];
  commandOrUrl: string;
  args: readonly string[];
  /** `-e KEY=value`, each as typed. */
  env: readonly string[];
  /** `-H "Name: value"`, each as typed. */
  headers: readonly string[];
}

const NAME = /^[A-Za-z0-9_-]+$/;

/** Refuses a server name Claude Code would refuse (tools are named `mcp__<name>__<tool>`). */
export function checkServerName(name: string): void {
  if (!NAME.test(name)) {
    throw new UsageError(
      `invalid server name "${name}": use only letters, numbers, hyphens and underscores`,
    );
  }
}

function pairs(items: readonly string[], split: (item: string) => [string, string] | undefined) {
  const out: Record<string, string> = {};
  for (const item of items) {
    const pair = split(item);
    if (!pair) return { bad: item };
    out[pair[0]] = pair[1];
  }
  return { ok: out };
}

function envPair(item: string): [string, string] | undefined {
  const at = item.indexOf("=");
  return at > 0 ? [item.slice(0, at), item.slice(at + 1)] : undefined;
}

function headerPair(item: string): [string, string] | undefined {
  const at = item.indexOf(":");
  const name = item.slice(0, at).trim();
  return at > 0 && name !== "" ? [name, item.slice(at + 1).trim()] : undefined;
}

function stdioEntry(input: AddInput): McpServerEntry {
  if (input.headers.length > 0) {
    throw new UsageError("-H/--header is for http and sse servers (add -t http or -t sse)");
  }
  const env = pairs(input.env, envPair);
  if ("bad" in env) {
    throw new UsageError(`invalid environment variable "${env.bad}": expected KEY=value`);
  }
  return { type: "stdio", command: input.commandOrUrl, args: [...input.args], env: env.ok };
}

function remoteEntry(input: AddInput & { transport: "http" | "sse" }): McpServerEntry {
  if (input.args.length > 0) {
    throw new UsageError(
      `an ${input.transport} server takes a URL and no arguments (got "${input.args.join(" ")}"); options such as -H go before the server name`,
    );
  }
  if (input.env.length > 0) {
    throw new UsageError("-e/--env is for stdio servers; an http or sse server takes -H headers");
  }
  const headers = pairs(input.headers, headerPair);
  if ("bad" in headers) {
    throw new UsageError(`invalid header "${headers.bad}": expected "Name: value"`);
  }
  const entry = { type: input.transport, url: input.commandOrUrl };
  return Object.keys(headers.ok).length > 0 ? { ...entry, headers: headers.ok } : entry;
}

/** The `.mcp.json` entry `keel mcp add` writes, as Claude Code writes it. */
export function entryFromFlags(input: AddInput): McpServerEntry {
  if (input.transport === "stdio") return stdioEntry(input);
  return remoteEntry({ ...input, transport: input.transport });
}

/**
 * A `keel mcp add-json` value, checked: `raw` is written as given (keys keel does not use
 * stay for Claude Code), `entry` is what keel reads of it. Bad JSON or a bad entry is a
 * usage error.
 */
export function entryFromJson(
  name: string,
  text: string,
): { raw: Record<string, unknown>; entry: McpServerEntry } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`invalid JSON for server "${name}": ${(error as Error).message}`);
  }
  const parsed = mcpServerEntrySchema.safeParse(json);
  if (!parsed.success) {
    const detail = z.prettifyError(parsed.error).replace(/\s*\n\s*/g, "; ");
    throw new UsageError(`invalid MCP server config for "${name}": ${detail}`);
  }
  return { raw: json as Record<string, unknown>, entry: parsed.data };
}
