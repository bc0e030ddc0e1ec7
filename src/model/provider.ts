import type {
  ApiMessageParam,
  ApiThinkingConfig,
  EffortLevel,
  SystemPrompt,
  TaskBudget,
  ToolDefinition,
} from "../protocol/api.js";
import type { AssistantContentBlock, StopReason } from "../protocol/content.js";
import type { StreamEvent } from "../protocol/events.js";
import type { WebSearchServerTool } from "../protocol/server-tools.js";
import type { Usage } from "../protocol/usage.js";

/**
 * What a request can be for: the main loop's turns, and the side requests the small model or
 * the main model answers apart from them (compaction, tool-round summaries, titles, WebFetch's
 * reading of a page, `prompt` hooks, the `auto` mode's classifier, dreaming).
 */
export const REQUEST_KINDS = [
  "main",
  "compact",
  "summary",
  "title",
  "side",
  "web_fetch",
  "hook_prompt",
  "auto_classifier",
  "dream",
] as const;

/**
 * What a request is for. Sent as the `x-keel-request-kind` header so a scripted server
 * can answer side requests without using up a turn of its scenario.
 */
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The `x-keel-agent` name of the main thread's requests. */
export const MAIN_AGENT = "main";

/**
 * The headers keel adds to every request, for the scripted model (contracts.md §9): what the
 * request is for, and which agent sends it.
 */
export function keelHeaders(request: ModelRequest): Record<string, string> {
  return { "x-keel-request-kind": request.kind, "x-keel-agent": request.agent ?? MAIN_AGENT };
}

/** One Messages API request, provider-neutral. */
export interface ModelRequest {
  model: string;
  system?: SystemPrompt;
  messages: ApiMessageParam[];
  tools?: ToolDefinition[];
  /** Tools the API runs itself (web search); only an Anthropic-shaped provider sends them. */
  serverTools?: WebSearchServerTool[];
  maxTokens: number;
  thinking?: ApiThinkingConfig;
  /** The effort asked for; sent where the model takes it (model/thinking-support.ts). */
  effort?: EffortLevel;
  /** An advisory token budget for the turn's loop; only an Anthropic-shaped provider sends it. */
  taskBudget?: TaskBudget;
  temperature?: number;
  stopSequences?: string[];
  kind: RequestKind;
  /** The agent that sends it (a subagent's name); the main thread when absent. */
  agent?: string;
  /** The turn named this model itself: a session's model switch does not reroute it. */
  modelPinned?: boolean;
}

/** A model response, assembled from its stream. */
export interface ModelResponse {
  id: string;
  model: string;
  content: AssistantContentBlock[];
  stopReason: StopReason | null;
  stopSequence: string | null;
  usage: Usage;
  requestId?: string;
  /** A tool_use block was still open when the response stopped: it was dropped, never run. */
  droppedPartialToolUse?: { id: string; name: string };
}

/** What a provider yields while one request streams. */
export type ModelEvent =
  /** A raw stream event, for partial-message consumers (UI, stream-json). */
  | { type: "stream_event"; event: StreamEvent }
  /**
   * A content block that has completed. A tool_use can start running at once.
   * `inputError` says why a tool_use's JSON input could not be parsed (input is then {}).
   */
  | { type: "block"; index: number; block: AssistantContentBlock; inputError?: string }
  /** The whole response, after message_stop. Always the last event. */
  | { type: "response"; response: ModelResponse };

/**
 * One streaming Messages API request against one backend. A provider never retries; it
 * throws only `ModelError` (classified once, here at the boundary), and stops promptly
 * when the signal aborts.
 */
export interface ModelProvider {
  readonly name: string;
  stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent, void, undefined>;
  /**
   * Drops credentials it keeps (an `apiKeyHelper`'s key) so that the next request gets fresh
   * ones; true when it had such credentials. The retry layer calls it once after a 401.
   */
  refreshCredentials?(): boolean;
  /**
   * The input tokens the backend counts for a request, as it would be sent (`/context`);
   * absent where the backend has no counting endpoint.
   */
  countTokens?(request: ModelRequest, signal: AbortSignal): Promise<number>;
}
