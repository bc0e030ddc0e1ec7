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

/** The API's effort levels (`output_config.effort`), lowest first; `--effort` takes the same. */
export const EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max"] as const;

/** How much effort the model puts into a response (thinking, text and tool calls alike). */
export type EffortLevel = (typeof EFFORT_LEVELS)[number];

/** An advisory token budget for an agentic loop (the API's `task_budget`, a beta). */
export interface TaskBudget {
  total: number;
}

/** The beta header value the API wants with `output_config.task_budget`. */
export const TASK_BUDGETS_BETA = "task-budgets-2026-03-13";

/** The system prompt: plain text or blocks (blocks can carry cache breakpoints). */
export type SystemPrompt = string | TextBlock[];
