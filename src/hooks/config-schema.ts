import { z } from "zod";

const timeout = z.number().positive("timeout must be a positive number of seconds").optional();
const onFailure = z.enum(["continue", "block"]).optional();

/** Fields every handler type may carry. */
const common = {
  timeout,
  if: z.string().optional(),
  statusMessage: z.string().optional(),
  once: z.boolean().optional(),
};

/** A command handler as settings files write it; unknown fields are kept and ignored. */
export const commandHookSchema = z.looseObject({
  type: z.literal("command"),
  command: z.string().min(1, "command must not be empty"),
  args: z.array(z.string()).optional(),
  shell: z.string().optional(),
  async: z.boolean().optional(),
  asyncRewake: z.boolean().optional(),
  onFailure,
  ...common,
});

/** An http handler: the input JSON is POSTed to `url`. */
export const httpHookSchema = z.looseObject({
  type: z.literal("http"),
  url: z.url("url must be an absolute URL"),
  headers: z.record(z.string(), z.string()).optional(),
  allowedEnvVars: z.array(z.string()).optional(),
  onFailure,
  ...common,
});

/** A prompt handler: the small model decides. */
export const promptHookSchema = z.looseObject({
  type: z.literal("prompt"),
  prompt: z.string().min(1, "prompt must not be empty"),
  model: z.string().optional(),
  continueOnBlock: z.boolean().optional(),
  ...common,
});

/** An agent handler: a subagent decides. */
export const agentHookSchema = z.looseObject({
  type: z.literal("agent"),
  prompt: z.string().min(1, "prompt must not be empty"),
  model: z.string().optional(),
  ...common,
});

/** An mcp_tool handler: a tool of a configured MCP server decides. */
export const mcpToolHookSchema = z.looseObject({
  type: z.literal("mcp_tool"),
  server: z.string().min(1, "server must not be empty"),
  tool: z.string().min(1, "tool must not be empty"),
  input: z.record(z.string(), z.unknown()).optional(),
  onFailure,
  ...common,
});

/** Any handler Claude Code accepts, told apart by `type`. */
export const handlerSchema = z.discriminatedUnion("type", [
  commandHookSchema,
  httpHookSchema,
  promptHookSchema,
  agentHookSchema,
  mcpToolHookSchema,
]);

/** A matcher group before its handlers are checked one by one. */
export const matcherGroupSchema = z.looseObject({
  matcher: z.string().optional(),
  hooks: z.array(z.unknown()),
});

/** Any handler: only `type` is read first, to name an unknown type clearly. */
export const handlerTypeSchema = z.looseObject({ type: z.string() });

/** The handler types Claude Code has. */
export const HANDLER_TYPES: ReadonlySet<string> = new Set([
  "command",
  "http",
  "prompt",
  "agent",
  "mcp_tool",
]);
