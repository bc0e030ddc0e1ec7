import { z } from "zod";

const stringRecord = z.record(z.string(), z.string());

/** A server started as a child process and spoken to over stdin/stdout (`type` may be omitted). */
export const stdioServerSchema = z.object({
  type: z.literal("stdio").optional(),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: stringRecord.optional(),
});

/** A remote server over streamable HTTP (`streamable-http` is Claude Code's alias of `http`). */
export const httpServerSchema = z.object({
  type: z.enum(["http", "streamable-http"]),
  url: z.string().min(1),
  headers: stringRecord.optional(),
});

/** A remote server over the legacy HTTP+SSE transport. */
export const sseServerSchema = z.object({
  type: z.literal("sse"),
  url: z.string().min(1),
  headers: stringRecord.optional(),
});

/** One `mcpServers` entry as written in a file (before `${VAR}` expansion). */
export const mcpServerEntrySchema = z.union([stdioServerSchema, httpServerSchema, sseServerSchema]);

/** A server entry as written in a file. */
export type McpServerEntry = z.infer<typeof mcpServerEntrySchema>;

/** A server entry ready to connect: variables expanded, the transport named explicitly. */
export type McpServerConfig =
  | { type: "stdio"; command: string; args: string[]; env: Record<string, string> }
  | { type: "http"; url: string; headers: Record<string, string> }
  | { type: "sse"; url: string; headers: Record<string, string> };

/** The top level of `.mcp.json` and of a `--mcp-config` value. */
export const mcpConfigFileSchema = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
});

/** The parts of `~/.claude.json` keel reads: user servers and per-project (local) servers. */
export const claudeJsonSchema = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  projects: z
    .record(
      z.string(),
      z.looseObject({
        mcpServers: z.record(z.string(), z.unknown()).optional(),
        enabledMcpjsonServers: z.array(z.string()).optional(),
        disabledMcpjsonServers: z.array(z.string()).optional(),
        enableAllProjectMcpServers: z.boolean().optional(),
      }),
    )
    .optional(),
});

/** `~/.claude.json` as keel reads it. */
export type ClaudeJson = z.infer<typeof claudeJsonSchema>;
