/** Which request invariant a violation breaks. */
export type ViolationRule =
  /** The body is not shaped like a Messages API request. */
  | "shape"
  | "model"
  | "max_tokens"
  /** thinking.budget_tokens must be below max_tokens. */
  | "thinking_budget"
  /** Roles start with user and alternate. */
  | "roles"
  /** No empty message content, no empty text blocks. */
  | "empty_content"
  /** A block in a message of the wrong role (a tool_use from the user, …). */
  | "block_role"
  /** Every tool_use has exactly one tool_result right after it, and vice versa. */
  | "tool_pairing"
  /** tool_result blocks come first in their user message. */
  | "tool_result_order"
  /** At most 4 cache_control breakpoints. */
  | "cache_control"
  /** Thinking blocks go back with their signature (redacted ones with their data). */
  | "thinking_signature"
  | "tool_name"
  | "tool_schema"
  /** Server tools' blocks: each web search result answers its call, with the API's fields. */
  | "server_tool"
  /** What Bedrock checks of a body before the model does (anthropic_version, no model key). */
  | "bedrock"
  /** What Vertex AI checks of a body before the model does (anthropic_version, no model key). */
  | "vertex";

/** One broken invariant of a request, worded like the Messages API's own 400 messages. */
export interface RequestViolation {
  rule: ViolationRule;
  message: string;
}

/** Builds a violation (keeps the checks short). */
export function violation(rule: ViolationRule, message: string): RequestViolation {
  return { rule, message };
}
