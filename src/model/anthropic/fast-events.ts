import { STOP_REASONS, type StopReason } from "../../protocol/content.js";
import type {
  BlockDelta,
  StartedBlock,
  StreamEvent,
  StreamMessageStart,
} from "../../protocol/events.js";
import type { WireUsage } from "../../protocol/usage.js";

// Hand checks for the well-formed shapes of every event a stream is made of. Each gives exactly
// what stream-events.ts's schema would (defaults filled, unknown fields dropped, the schema's
// key order) or undefined, and then the schema reads the event. A hand check costs a fraction of
// the schema's walk; fast-events.test.ts holds the two equal.

type Json = Record<string, unknown>;
type MessageDelta = Extract<StreamEvent, { type: "message_delta" }>;

/** Maps, not objects: no inherited name (`__proto__`, `toString`) is ever found in them. */
const KNOWN_STOP_REASONS: ReadonlySet<unknown> = new Set(STOP_REASONS);
const DELTA_FIELDS: ReadonlyMap<unknown, string> = new Map([
  ["text_delta", "text"],
  ["input_json_delta", "partial_json"],
  ["thinking_delta", "thinking"],
  ["signature_delta", "signature"],
]);
const USAGE_FIELDS = [
  "input_tokens",
  "output_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
] as const;

/** Not a primitive: what the schema's objects accept (JSON gives plain objects or arrays). */
function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** A token count as the schema takes it: absent, null, or a finite number. */
function isCount(value: unknown): value is number | null | undefined {
  return value === undefined || value === null || Number.isFinite(value);
}

function isStopReason(value: unknown): value is StopReason | null | undefined {
  return value === undefined || value === null || KNOWN_STOP_REASONS.has(value);
}

function isOptionalString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === "string";
}

/** A string the schema defaults to "" when absent (null is not absent). */
function orEmpty(value: unknown): unknown {
  return value === undefined ? "" : value;
}

/** The four counts keel reads, present as given; undefined when one is not a count. */
function usageOf(value: Json): WireUsage | undefined {
  const usage: Record<string, number | null> = {};
  for (const field of USAGE_FIELDS) {
    const count = value[field];
    if (!isCount(count)) return undefined;
    if (count !== undefined) usage[field] = count;
  }
  const searches = serverToolSearches(value.server_tool_use);
  if (searches === false) return undefined;
  return {
    ...(usage as WireUsage),
    ...(searches === undefined ? {} : { server_tool_use: { web_search_requests: searches } }),
  };
}

/** `server_tool_use.web_search_requests` as given; false when it is there but not a count. */
function serverToolSearches(value: unknown): number | null | undefined | false {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object") return false;
  const count = (value as Json).web_search_requests;
  return isCount(count) ? count : false;
}

function messageStart(value: Json): StreamEvent | undefined {
  const message = value.message;
  if (!isObject(message)) return undefined;
  const { id, type, role, model, content, stop_reason, stop_sequence, usage } = message;
  if (typeof id !== "string" || typeof model !== "string") return undefined;
  if (type !== undefined && type !== "message") return undefined;
  if (role !== undefined && role !== "assistant") return undefined;
  if (content !== undefined && !(Array.isArray(content) && content.length === 0)) return undefined;
  if (!isStopReason(stop_reason) || !isOptionalString(stop_sequence)) return undefined;
  if (usage !== undefined && !isObject(usage)) return undefined;
  const counts = usageOf(usage ?? {});
  if (!counts) return undefined;
  const start: StreamMessageStart = {
    id,
    type: "message",
    role: "assistant",
    model,
    content: [],
    stop_reason: stop_reason ?? null,
    stop_sequence: stop_sequence ?? null,
    usage: counts,
  };
  return { type: "message_start", message: start };
}

/** A block of a known kind in its usual shape (a tool_use's input is `{}` until its deltas). */
function startedBlock(block: Json): StartedBlock | undefined {
  switch (block.type) {
    case "text": {
      const text = orEmpty(block.text);
      return typeof text === "string" ? { type: "text", text } : undefined;
    }
    case "thinking": {
      const thinking = orEmpty(block.thinking);
      const signature = orEmpty(block.signature);
      if (typeof thinking !== "string" || typeof signature !== "string") return undefined;
      return { type: "thinking", thinking, signature };
    }
    case "redacted_thinking":
      return typeof block.data === "string"
        ? { type: "redacted_thinking", data: block.data }
        : undefined;
    case "tool_use": {
      const { id, name, input } = block;
      if (typeof id !== "string" || typeof name !== "string") return undefined;
      if (input !== undefined && !(isObject(input) && Object.keys(input).length === 0)) {
        return undefined;
      }
      return { type: "tool_use", id, name, input: {} };
    }
    default:
      return undefined;
  }
}

function blockStart(value: Json): StreamEvent | undefined {
  const { index, content_block } = value;
  if (!isIndex(index) || !isObject(content_block)) return undefined;
  const block = startedBlock(content_block);
  return block && { type: "content_block_start", index, content_block: block };
}

function blockDelta(value: Json): StreamEvent | undefined {
  const { index, delta } = value;
  if (!isIndex(index) || !isObject(delta)) return undefined;
  const kind = delta.type;
  const field = DELTA_FIELDS.get(kind);
  if (field === undefined) return undefined;
  const text = delta[field];
  if (typeof text !== "string") return undefined;
  return { type: "content_block_delta", index, delta: { type: kind, [field]: text } as BlockDelta };
}

function messageDelta(value: Json): StreamEvent | undefined {
  const { delta, usage } = value;
  if (!isObject(delta) || (usage !== undefined && !isObject(usage))) return undefined;
  const { stop_reason, stop_sequence } = delta;
  if (!isStopReason(stop_reason) || !isOptionalString(stop_sequence)) return undefined;
  const event: MessageDelta = {
    type: "message_delta",
    delta: {
      stop_reason: stop_reason ?? null,
      ...(stop_sequence !== undefined ? { stop_sequence } : {}),
    },
  };
  if (usage === undefined) return event;
  const counts = usageOf(usage);
  return counts && { ...event, usage: counts };
}

/**
 * A well-formed event of the known kinds, as the schema would give it, or undefined for anything
 * else (errors, unknown block kinds, odd shapes), which the schema then reads.
 */
export function fastEvent(value: Json): StreamEvent | undefined {
  switch (value.type) {
    case "content_block_delta":
      return blockDelta(value);
    case "content_block_stop":
      return isIndex(value.index) ? { type: "content_block_stop", index: value.index } : undefined;
    case "message_start":
      return messageStart(value);
    case "content_block_start":
      return blockStart(value);
    case "message_delta":
      return messageDelta(value);
    case "message_stop":
      return { type: "message_stop" };
    case "ping":
      return { type: "ping" };
    default:
      return undefined;
  }
}
