import { z } from "zod";
import type { AgentDefinition } from "../../config/agent-definition.js";
import { type IgnoredAgentFields, sdkAgentsSchema } from "../../config/agent-sdk-definitions.js";
import { HOOK_EVENTS, type HookEvent } from "../../hooks/events.js";
import { initializeNotices } from "./initialize-fields.js";

const hookMatcher = z.object({
  matcher: z.string().optional(),
  hookCallbackIds: z.array(z.string()),
  timeout: z.number().positive().optional(),
});

const systemPromptField = z.union([
  z.string(),
  z.array(z.string()),
  z.object({
    type: z.literal("preset"),
    preset: z.string(),
    append: z.string().optional(),
  }),
]);

/** `plugins` with `pluginDelivery: 'initialize'`: local folders, as `--plugin-dir` takes them. */
const sdkPlugin = z.object({
  type: z.literal("local"),
  path: z.string().min(1),
  skipMcpDiscovery: z.boolean().optional(),
});

/**
 * The fields of `initialize` keel acts on; the rest are accepted, and those keel has no
 * effect for are named on stderr (initialize-fields.ts).
 */
export const initializeRequest = z
  .object({
    subtype: z.literal("initialize"),
    hooks: z.record(z.string(), z.array(hookMatcher)).optional(),
    sdkMcpServers: z.array(z.string()).optional(),
    systemPrompt: systemPromptField.optional(),
    appendSystemPrompt: z.string().optional(),
    jsonSchema: z.record(z.string(), z.unknown()).optional(),
    agents: sdkAgentsSchema.optional(),
    /** `mcpServersDelivery: 'initialize'`: the servers keel would otherwise get by --mcp-config. */
    mcpServers: z.record(z.string(), z.unknown()).optional(),
    plugins: z.array(sdkPlugin).optional(),
    title: z.string().optional(),
  })
  .passthrough();

/** An initialize request, read. */
export type InitializeRequest = z.infer<typeof initializeRequest>;

/** One SDK hook callback registration: the event, its matcher, the callback id. */
export interface SdkHookRegistration {
  event: HookEvent;
  matcher?: string;
  callbackId: string;
  timeoutSeconds?: number;
}

/** What the SDK asked for at initialize, in keel's terms. */
export interface SdkInit {
  hooks: SdkHookRegistration[];
  mcpServers: string[];
  /** Replaces keel's system prompt ("" = none of keel's own). */
  systemPrompt?: string;
  appendSystemPrompt?: string;
  jsonSchema?: Record<string, unknown>;
  /** The SDK's `agents`: for the Agent tool, and for `--agent` to choose from. */
  agents: AgentDefinition[];
  /** Fields of those agents keel does not act on (mcpServers, skills, …). */
  ignoredAgentFields: IgnoredAgentFields[];
  /** The SDK's `mcpServers` sent here rather than on the command line (`.mcp.json`-style JSON). */
  mcpConfig?: string;
  /** The SDK's `plugins` sent here: folders loaded with, and without, their MCP servers. */
  plugins?: { withMcp: string[]; withoutMcp: string[] };
  /** The SDK's `title`: the new session's name. */
  title?: string;
  /** One line for each field keel accepts without effect. */
  notices: string[];
}

function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

function promptParts(
  request: InitializeRequest,
): Pick<SdkInit, "systemPrompt" | "appendSystemPrompt"> {
  const prompt = request.systemPrompt;
  const append = request.appendSystemPrompt;
  if (prompt === undefined) return append === undefined ? {} : { appendSystemPrompt: append };
  if (typeof prompt === "string" || Array.isArray(prompt)) {
    const text = typeof prompt === "string" ? prompt : prompt.join("\n\n");
    return { systemPrompt: text, ...(append === undefined ? {} : { appendSystemPrompt: append }) };
  }
  // The preset keeps keel's own prompt; only the appended text is added.
  const appended = prompt.append ?? append;
  return appended === undefined ? {} : { appendSystemPrompt: appended };
}

function pluginFolders(request: InitializeRequest): Pick<SdkInit, "plugins"> {
  if (request.plugins === undefined) return {};
  const withoutMcp = request.plugins.filter((p) => p.skipMcpDiscovery === true).map((p) => p.path);
  const withMcp = request.plugins.filter((p) => p.skipMcpDiscovery !== true).map((p) => p.path);
  return { plugins: { withMcp, withoutMcp } };
}

/** Reads an initialize request into what keel sets up from it. */
export function readInitialize(request: InitializeRequest): SdkInit {
  const hooks: SdkHookRegistration[] = [];
  for (const [event, matchers] of Object.entries(request.hooks ?? {})) {
    // keel knows all of the SDK's HOOK_EVENTS; a name outside them has no moment to fire at.
    if (!isHookEvent(event)) continue;
    for (const m of matchers) {
      for (const callbackId of m.hookCallbackIds) {
        hooks.push({
          event,
          callbackId,
          ...(m.matcher === undefined ? {} : { matcher: m.matcher }),
          ...(m.timeout === undefined ? {} : { timeoutSeconds: m.timeout }),
        });
      }
    }
  }
  return {
    hooks,
    mcpServers: request.sdkMcpServers ?? [],
    ...promptParts(request),
    ...(request.jsonSchema === undefined ? {} : { jsonSchema: request.jsonSchema }),
    agents: request.agents?.definitions ?? [],
    ignoredAgentFields: request.agents?.ignored ?? [],
    ...(request.mcpServers === undefined
      ? {}
      : { mcpConfig: JSON.stringify({ mcpServers: request.mcpServers }) }),
    ...pluginFolders(request),
    ...(request.title === undefined ? {} : { title: request.title }),
    notices: initializeNotices(request),
  };
}
