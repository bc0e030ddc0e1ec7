import type {
  AssistantContentBlock,
  CacheControl,
  TextBlock,
  UserContentBlock,
} from "./content.js";

/** A user turn as the Messages API takes it. */
export interface ApiUserMessage {
  role: "user";
  content: string | UserContentBlock[];
}

/** An assistant turn as the Messages API takes it. */
export interface ApiAssistantMessage {
  role: "assistant";
  content: string | AssistantContentBlock[];
}

/** One entry of a request's `messages`. */
export type ApiMessageParam = ApiUserMessage | ApiAssistantMessage;

/** A tool the model may call, with its JSON Schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: "object"; [key: string]: unknown };
  cache_control?: CacheControl;
}

/** Extended thinking as the API takes it. */
export type ApiThinkingConfig =
  | { type: "enabled"; budget_tokens: number }
  | { type: "adaptive" }
  | { type: "disabled" };

/** The system prompt: plain text or blocks (blocks can carry cache breakpoints). */
export type SystemPrompt = string | TextBlock[];
