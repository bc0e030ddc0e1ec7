import { z } from "zod";
import { STOP_REASONS } from "../../protocol/content.js";

/** Tool names the Messages API accepts. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const count = z.number().int().nonnegative();

/** Token counts a turn reports instead of the estimate (each field optional). */
export const usageSchema = z.strictObject({
  input_tokens: count.optional(),
  output_tokens: count.optional(),
  cache_creation_input_tokens: count.optional(),
  cache_read_input_tokens: count.optional(),
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

/** One content block of a scripted response. */
export const contentBlockSchema = z.discriminatedUnion("type", [
  textBlock,
  thinkingBlock,
  redactedThinkingBlock,
  toolUseBlock,
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

/** A canned answer for side requests (compaction, summaries, titles), matched per request. */
export const sideRuleSchema = z.strictObject({
  match: z.strictObject({
    requestKind: z.string().min(1).optional(),
    systemPattern: z.string().min(1).optional(),
  }),
  ...responseFields,
  /** Faults on the rule's answers (a failing compaction request), counted per rule. */
  faults: z.array(faultSchema).optional(),
});

/** A scenario file, as written. */
export const scenarioSchema = z.strictObject({
  name: z.string().optional(),
  description: z.string().optional(),
  turnMode: z.enum(["assistant-count", "count"]).default("assistant-count"),
  chunkDelayMs: count.default(0),
  deltaDelayMs: count.default(0),
  validate: z.boolean().default(true),
  turns: z.array(turnSchema),
  side: z.array(sideRuleSchema).default([]),
});

/** A scenario as written (before ids and signatures are filled in). */
export type ScenarioInput = z.output<typeof scenarioSchema>;
/** A fault as written in a scenario. */
export type Fault = z.output<typeof faultSchema>;
/** Per-turn token counts that replace the estimate. */
export type UsageOverride = z.output<typeof usageSchema>;
