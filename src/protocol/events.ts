import type {
  RedactedThinkingBlock,
  ServerToolUseBlock,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
  WebSearchToolResultBlock,
} from "./content.js";
import type { WireUsage } from "./usage.js";

/** The message envelope that opens a stream (content always empty). */
export interface StreamMessageStart {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: [];
  stop_reason: StopReason | null;
  stop_sequence: string | null;
  usage: WireUsage;
}

/**
 * A block as content_block_start announces it, before any delta. A server tool's call streams
 * its input like a tool_use; its result arrives whole.
 */
export type StartedBlock =
  | TextBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | ToolUseBlock
  | ServerToolUseBlock
  | WebSearchToolResultBlock;

/** An increment to an open block. */
export type BlockDelta =
  | { type: "text_delta"; text: string }
  | { type: "input_json_delta"; partial_json: string }
  | { type: "thinking_delta"; thinking: string }
  | { type: "signature_delta"; signature: string };

/** The body of an error event or an error response. */
export interface ApiErrorBody {
  type: string;
  message: string;
}

/** One server-sent event of a Messages API stream. */
export type StreamEvent =
  | { type: "message_start"; message: StreamMessageStart }
  | { type: "content_block_start"; index: number; content_block: StartedBlock }
  | { type: "content_block_delta"; index: number; delta: BlockDelta }
  | { type: "content_block_stop"; index: number }
  | {
      type: "message_delta";
      delta: { stop_reason: StopReason | null; stop_sequence?: string | null };
      usage?: WireUsage;
    }
  | { type: "message_stop" }
  | { type: "ping" }
  | { type: "error"; error: ApiErrorBody; request_id?: string };

/** Emitted when a request to the model has been sent (the UI shows a spinner). */
export interface RequestStartEvent {
  type: "stream_request_start";
}

/** The stream event types keel understands; others are ignored, as the API asks. */
export const KNOWN_STREAM_EVENT_TYPES: ReadonlySet<string> = new Set<StreamEvent["type"]>([
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
  "ping",
  "error",
]);

/**
 * The block types keel keeps (web search's blocks go back to the API in history, as it
 * expects); blocks of other kinds (other server tools' results, …) are skipped.
 */
export const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set<StartedBlock["type"]>([
  "text",
  "thinking",
  "redacted_thinking",
  "tool_use",
  "server_tool_use",
  "web_search_tool_result",
]);

/** The delta types keel applies to open blocks. */
export const KNOWN_DELTA_TYPES: ReadonlySet<string> = new Set<BlockDelta["type"]>([
  "text_delta",
  "thinking_delta",
  "signature_delta",
  "input_json_delta",
]);
