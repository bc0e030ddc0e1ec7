/** Content blocks in the Anthropic Messages format: keel's internal message format. */

/** A prompt-cache breakpoint on a block. */
export interface CacheControl {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

/** Plain text, from the user or the model. */
export interface TextBlock {
  type: "text";
  text: string;
  cache_control?: CacheControl;
}

/** The model's visible reasoning; the signature must be sent back unchanged. */
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** Reasoning the API returns encrypted; sent back as it came. */
export interface RedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

/** A call the model asks the runtime to make. */
export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
  cache_control?: CacheControl;
}

/** The tools the Messages API runs on its side. */
export type ServerToolName =
  | "web_search"
  | "web_fetch"
  | "code_execution"
  | "bash_code_execution"
  | "text_editor_code_execution"
  | "tool_search_tool_regex"
  | "tool_search_tool_bm25";

/** A call the model made to a tool the API runs itself (web search, …); never run by keel. */
export interface ServerToolUseBlock {
  type: "server_tool_use";
  id: string;
  name: ServerToolName;
  input: Record<string, unknown>;
  cache_control?: CacheControl;
}

/** One page a web search found; `encrypted_content` must be sent back unchanged. */
export interface WebSearchResult {
  type: "web_search_result";
  title: string;
  url: string;
  encrypted_content: string;
  page_age?: string | null;
}

/** Why a web search failed, as the API reports it in place of results. */
export type WebSearchErrorCode =
  | "invalid_tool_input"
  | "unavailable"
  | "max_uses_exceeded"
  | "too_many_requests"
  | "query_too_long"
  | "request_too_large";

/** What the API's web search returned for a `server_tool_use` of the same response. */
export interface WebSearchToolResultBlock {
  type: "web_search_tool_result";
  tool_use_id: string;
  content:
    | WebSearchResult[]
    | { type: "web_search_tool_result_error"; error_code: WebSearchErrorCode };
  cache_control?: CacheControl;
}

/** The image formats the Messages API accepts. */
export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** An image, inline (base64) or by URL. */
export interface ImageBlock {
  type: "image";
  source:
    | { type: "base64"; media_type: ImageMediaType; data: string }
    | { type: "url"; url: string };
  cache_control?: CacheControl;
}

/** A document (PDF or plain text) given to the model. */
export interface DocumentBlock {
  type: "document";
  source:
    | { type: "base64"; media_type: "application/pdf"; data: string }
    | { type: "text"; media_type: "text/plain"; data: string }
    | { type: "url"; url: string };
  title?: string;
  context?: string;
  cache_control?: CacheControl;
}

/** What a tool answered; pairs with the tool_use of the same id in the previous message. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content?: string | Array<TextBlock | ImageBlock | DocumentBlock>;
  is_error?: boolean;
  cache_control?: CacheControl;
}

/** Blocks a model response can hold. */
export type AssistantContentBlock =
  | TextBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | ToolUseBlock
  | ServerToolUseBlock
  | WebSearchToolResultBlock;

/** Blocks a user message can hold. */
export type UserContentBlock = TextBlock | ImageBlock | DocumentBlock | ToolResultBlock;

/** Any content block. */
export type ContentBlock = AssistantContentBlock | UserContentBlock;

/** The stop reasons of the Messages API that keel knows. */
export const STOP_REASONS = [
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "refusal",
] as const;

/** Why the model stopped, as the Messages API reports it. */
export type StopReason = (typeof STOP_REASONS)[number];

/** The text of a message's text blocks, joined. */
export function textOf(content: string | readonly ContentBlock[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((b): b is TextBlock => b.type === "text")
    .map((b) => b.text)
    .join("");
}
