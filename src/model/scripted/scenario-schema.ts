import { z } from "zod";
import { STOP_REASONS } from "../../protocol/content.js";
import { REQUEST_KINDS } from "../provider.js";

/** Tool names the Messages API accepts. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const count = z.number().int().nonnegative();

/** Token counts a turn reports instead of the estimate (each field optional). */
export const usageSchema = z.strictObject({
  input_tokens: count.optional(),
  output_tokens: count.optional(),
  cache_creation_input_tokens: count.optional(),
  cache_read_input_tokens: count.optional(),
  /** Requests the API's own tools made (counted from the response's blocks when absent). */
  server_tool_use: z
    .strictObject({ web_search_requests: count.optional(), web_fetch_requests: count.optional() })
    .optional(),
});

const textBlock = z.strictObject({ type: z.literal("text"), text: z.string() });

const thinkingBlock = z.strictObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  /** Generated from the thinking text when absent. */
  signature: z.string().min(1).optional(),
});

const redactedThinkingBlock = z.strictObject({
  type: z.literal("redacted_thinking"),
  data: z.string().min(1),
});

const toolUseBlock = z.strictObject({
  type: z.literal("tool_use"),
  /** Generated (`toolu_01…`, stable across runs) when absent. */
  id: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, "tool_use ids are letters, digits, _ and -")
    .optional(),
  name: z.string().regex(TOOL_NAME, "tool names match ^[a-zA-Z0-9_-]{1,64}$"),
  input: z.record(z.string(), z.unknown()),
});

/** The server tools' names the API has (the SDK's `ServerToolUseBlockParam` names). */
const SERVER_TOOL_NAMES = [
  "web_search",
  "web_fetch",
  "code_execution",
  "bash_code_execution",
  "text_editor_code_execution",
  "tool_search_tool_regex",
  "tool_search_tool_bm25",
] as const;

const serverToolUseBlock = z.strictObject({
  type: z.literal("server_tool_use"),
  /** Generated (`srvtoolu_01…`, stable across runs) when absent. */
  id: z
    .string()
    .regex(/^srvtoolu_[a-zA-Z0-9_]+$/, "server_tool_use ids match ^srvtoolu_[a-zA-Z0-9_]+$")
    .optional(),
  name: z.enum(SERVER_TOOL_NAMES),
  input: z.record(z.string(), z.unknown()),
});

const webSearchResult = z.strictObject({
  type: z.literal("web_search_result").default("web_search_result"),
  title: z.string(),
  url: z.string().min(1),
  /** Generated (a base64 blob, stable across runs) when absent. */
  encrypted_content: z.string().min(1).optional(),
  page_age: z.string().nullable().optional(),
});

const webSearchError = z.strictObject({
  type: z.literal("web_search_tool_result_error"),
  error_code: z.enum([
    "invalid_tool_input",
    "unavailable",
    "max_uses_exceeded",
    "too_many_requests",
    "query_too_long",
    "request_too_large",
  ]),
});

const webSearchToolResultBlock = z.strictObject({
  type: z.literal("web_search_tool_result"),
  /** The server_tool_use it answers; the nearest one before it when absent. */
  tool_use_id: z.string().min(1).optional(),
  content: z.union([z.array(webSearchResult), webSearchError]),
});

/** One content block of a scripted response. */
export const contentBlockSchema = z.discriminatedUnion("type", [
  textBlock,
  thinkingBlock,
  redactedThinkingBlock,
  toolUseBlock,
  serverToolUseBlock,
  webSearchToolResultBlock,
]);

/** A response's content: blocks, or a string as shorthand for one text block. */
export const contentSchema = z.preprocess(
  (value) => (typeof value === "string" ? [{ type: "text", text: value }] : value),
  z.array(contentBlockSchema),
);

const stopReason = z.enum(STOP_REASONS);

const times = z.number().int().positive().optional();
const afterBlocks = count.default(0);

/** Something that goes wrong on a turn, `times` times, before the turn is served. */
export const faultSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("http_error"),
    status: z.number().int().min(400).max(599),
    body: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    times,
  }),
  z.strictObject({
    type: z.literal("error_event"),
    afterBlocks,
    midBlock: z.boolean().optional(),
    error: z.strictObject({ type: z.string().min(1), message: z.string() }).optional(),
    times,
  }),
  z.strictObject({
    type: z.literal("disconnect"),
    afterBlocks,
    midBlock: z.boolean().optional(),
    times,
  }),
  z.strictObject({ type: z.literal("max_tokens"), afterBlocks, times }),
  z.strictObject({
    type: z.literal("malformed"),
    afterBlocks,
    midBlock: z.boolean().optional(),
    times,
  }),
  z.strictObject({ type: z.literal("stall"), ms: count, times }),
]);

const responseFields = {
  content: contentSchema,
  stop_reason: stopReason.optional(),
  usage: usageSchema.optional(),
  chunkDelayMs: count.optional(),
  deltaDelayMs: count.optional(),
};

/** One main-request turn of a scenario. */
export const turnSchema = z.strictObject({
  ...responseFields,
  faults: z.array(faultSchema).optional(),
});

/** A canned answer for side requests (compaction, summaries, titles, …), matched per request. */
export const sideRuleSchema = z.strictObject({
  match: z.strictObject({
    requestKind: z.enum(REQUEST_KINDS).optional(),
    systemPattern: z.string().min(1).optional(),
  }),
  ...responseFields,
  /** Faults on the rule's answers (a failing compaction request), counted per rule. */
  faults: z.array(faultSchema).optional(),
});

/** A pause before each response: a fixed number of ms, or drawn from a seeded range. */
export const latencySchema = z.union([
  count,
  z
    .strictObject({ min: count, max: count, seed: z.number().int() })
    .refine((range) => range.min <= range.max, { message: "min is more than max", path: ["min"] }),
]);

const turnMode = z.enum(["assistant-count", "count"]);

/** One agent's own script (its turns and side rules); unset pacing comes from the scenario. */
export const agentScriptSchema = z.strictObject({
  description: z.string().optional(),
  turnMode: turnMode.optional(),
  chunkDelayMs: count.optional(),
  deltaDelayMs: count.optional(),
  latencyMs: latencySchema.optional(),
  turns: z.array(turnSchema),
  side: z.array(sideRuleSchema).default([]),
});

/** A scenario file, as written. */
export const scenarioSchema = z.strictObject({
  name: z.string().optional(),
  description: z.string().optional(),
  turnMode: turnMode.default("assistant-count"),
  chunkDelayMs: count.default(0),
  deltaDelayMs: count.default(0),
  latencyMs: latencySchema.default(0),
  validate: z.boolean().default(true),
  turns: z.array(turnSchema),
  side: z.array(sideRuleSchema).default([]),
  /** Scripts of their own for the agents named here (by their x-keel-agent name). */
  agents: z.record(z.string().min(1), agentScriptSchema).default({}),
});

/** A scenario as written (before ids and signatures are filled in). */
export type ScenarioInput = z.output<typeof scenarioSchema>;
/** An agent's script as written. */
export type AgentScriptInput = z.output<typeof agentScriptSchema>;
/** A latency as written: fixed, or a seeded range. */
export type LatencyInput = z.output<typeof latencySchema>;
/** A fault as written in a scenario. */
export type Fault = z.output<typeof faultSchema>;
/** Per-turn token counts that replace the estimate. */
export type UsageOverride = z.output<typeof usageSchema>;
