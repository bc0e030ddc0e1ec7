import { z } from "zod";
import { STOP_REASONS } from "../../protocol/content.js";
import {
  KNOWN_BLOCK_TYPES,
  KNOWN_DELTA_TYPES,
  KNOWN_STREAM_EVENT_TYPES,
  type StreamEvent,
} from "../../protocol/events.js";
import { ModelError } from "../errors.js";
import { fastEvent } from "./fast-events.js";
import type { ServerSentEvent } from "./sse.js";

const count = z.number().nullish();
const wireUsage = z.object({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
});
const stopReason = z.enum(STOP_REASONS).nullable();

/** Blocks of kinds keel does not use (other server tools' results, …) keep only their type: the assembler skips them. */
const otherBlock = z.object({ type: z.string().refine((t) => !KNOWN_BLOCK_TYPES.has(t)) });
const startedBlock = z.union([
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("text"), text: z.string().default("") }),
    z.object({
      type: z.literal("thinking"),
      thinking: z.string().default(""),
      signature: z.string().default(""),
    }),
    z.object({ type: z.literal("redacted_thinking"), data: z.string() }),
    z.object({
      type: z.literal("tool_use"),
      id: z.string(),
      name: z.string(),
      input: z.record(z.string(), z.unknown()).default({}),
    }),
    z.object({
      type: z.literal("server_tool_use"),
      id: z.string(),
      name: z.string(),
      input: z.record(z.string(), z.unknown()).default({}),
    }),
    // Kept whole: each result's encrypted_content must go back to the API unchanged.
    z.object({
      type: z.literal("web_search_tool_result"),
      tool_use_id: z.string(),
      content: z.union([z.array(z.looseObject({ type: z.string() })), z.looseObject({})]),
    }),
  ]),
  otherBlock,
]);

const otherDelta = z.object({ type: z.string().refine((t) => !KNOWN_DELTA_TYPES.has(t)) });
const blockDelta = z.union([
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("text_delta"), text: z.string() }),
    z.object({ type: z.literal("thinking_delta"), thinking: z.string() }),
    z.object({ type: z.literal("signature_delta"), signature: z.string() }),
    z.object({ type: z.literal("input_json_delta"), partial_json: z.string() }),
  ]),
  otherDelta,
]);

const index = z.number().int().nonnegative();

/** The known Messages API stream events; unknown fields are dropped, missing strings default. */
export const streamEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message_start"),
    message: z.object({
      id: z.string(),
      type: z.literal("message").default("message"),
      role: z.literal("assistant").default("assistant"),
      model: z.string(),
      content: z.tuple([]).default([]),
      stop_reason: stopReason.default(null),
      stop_sequence: z.string().nullable().default(null),
      usage: wireUsage.default({}),
    }),
  }),
  z.object({ type: z.literal("content_block_start"), index, content_block: startedBlock }),
  z.object({ type: z.literal("content_block_delta"), index, delta: blockDelta }),
  z.object({ type: z.literal("content_block_stop"), index }),
  z.object({
    type: z.literal("message_delta"),
    delta: z.object({ stop_reason: stopReason.default(null), stop_sequence: z.string().nullish() }),
    usage: wireUsage.optional(),
  }),
  z.object({ type: z.literal("message_stop") }),
  z.object({ type: z.literal("ping") }),
  z.object({
    type: z.literal("error"),
    error: z.object({ type: z.string(), message: z.string().default("") }),
    request_id: z.string().optional(),
  }),
]);

/** Data with something besides whitespace (found at its first character, usually). */
const NOT_BLANK = /\S/;

function malformed(message: string, cause?: unknown): ModelError {
  return new ModelError({ kind: "malformed_stream" }, `malformed stream: ${message}`, { cause });
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw malformed(`event data is not JSON (${(error as Error).message})`, error);
  }
}

/**
 * Checks one server-sent event against the Messages API event shapes. Returns undefined for
 * event types keel does not know (the API says to ignore them); throws a `malformed_stream`
 * ModelError for data that is not JSON or a known event of the wrong shape.
 */
export function decodeStreamEvent(sse: ServerSentEvent): StreamEvent | undefined {
  if (!NOT_BLANK.test(sse.data)) return undefined;
  const value = parseJson(sse.data);
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw malformed("event data is not a JSON object");
  }
  // The API always repeats the event name as `type`; a gateway that leaves it out is read by name.
  const given = (value as { type?: unknown }).type;
  const type = typeof given === "string" ? given : sse.event;
  if (type === null) throw malformed("event has neither a type nor an event name");
  if (!KNOWN_STREAM_EVENT_TYPES.has(type)) return undefined;
  const event = typeof given === "string" ? (value as Record<string, unknown>) : { ...value, type };
  const fast = fastEvent(event);
  if (fast) return fast;
  const parsed = streamEventSchema.safeParse(event);
  if (!parsed.success) {
    throw malformed(`bad ${type} event: ${z.prettifyError(parsed.error).slice(0, 300)}`);
  }
  // Blocks and deltas of unknown kinds are only `{type}` here; the assembler skips them by
  // type, which the shared StreamEvent type (known kinds only) does not spell out.
  return parsed.data as StreamEvent;
}
