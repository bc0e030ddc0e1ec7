import type { LooseBlock, RequestBody } from "./request-body.js";
import { type RequestViolation, violation } from "./violation.js";

type Message = RequestBody["messages"][number];

/** The most cache breakpoints a request may carry. */
export const MAX_CACHE_BREAKPOINTS = 4;

const ASSISTANT_ONLY = new Set([
  "tool_use",
  "thinking",
  "redacted_thinking",
  "server_tool_use",
  "web_search_tool_result",
]);
const USER_ONLY = new Set(["tool_result", "image", "document"]);

/** Roles start with user and alternate. */
export function checkRoles(messages: Message[]): RequestViolation[] {
  if (messages.length === 0) {
    return [violation("roles", "messages: at least one message is required")];
  }
  if (messages[0]!.role !== "user") {
    return [violation("roles", 'messages: first message must use the "user" role')];
  }
  for (let i = 1; i < messages.length; i++) {
    const role = messages[i]!.role;
    if (role === messages[i - 1]!.role) {
      return [
        violation(
          "roles",
          `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row (messages.${i - 1} and messages.${i})`,
        ),
      ];
    }
  }
  return [];
}

function textProblem(block: LooseBlock, where: string): RequestViolation | undefined {
  if (block.type !== "text") return undefined;
  const text = typeof block.text === "string" ? block.text : "";
  if (text === "") {
    return violation("empty_content", `${where}.text: text content blocks must be non-empty`);
  }
  if (text.trim() === "") {
    return violation(
      "empty_content",
      `${where}.text: text content blocks must contain non-whitespace text`,
    );
  }
  return undefined;
}

function blockProblems(message: Message, block: LooseBlock, where: string): RequestViolation[] {
  const out: RequestViolation[] = [];
  const text = textProblem(block, where);
  if (text) out.push(text);
  const wrongRole =
    (message.role === "user" && ASSISTANT_ONLY.has(block.type)) ||
    (message.role === "assistant" && USER_ONLY.has(block.type));
  if (wrongRole) {
    out.push(
      violation(
        "block_role",
        `${where}: \`${block.type}\` blocks are not allowed in \`${message.role}\` messages`,
      ),
    );
  }
  if (block.type === "thinking" && typeof block.signature !== "string") {
    out.push(violation("thinking_signature", `${where}.signature: Field required`));
  } else if (block.type === "thinking" && block.signature === "") {
    out.push(
      violation(
        "thinking_signature",
        `${where}.signature: thinking blocks must be sent back with the signature the API returned (it is empty)`,
      ),
    );
  }
  if (block.type === "redacted_thinking" && (typeof block.data !== "string" || block.data === "")) {
    out.push(violation("thinking_signature", `${where}.data: Field required`));
  }
  return out;
}

/**
 * Content rules: no empty message (except a final assistant prefill), no empty or
 * whitespace-only text block, blocks only in messages of their role, thinking blocks with
 * their signature.
 */
export function checkContent(messages: Message[]): RequestViolation[] {
  const out: RequestViolation[] = [];
  messages.forEach((message, i) => {
    const isFinalAssistant = i === messages.length - 1 && message.role === "assistant";
    if (message.content.length === 0 && !isFinalAssistant) {
      out.push(
        violation(
          "empty_content",
          `messages.${i}: all messages must have non-empty content except for the optional final assistant message`,
        ),
      );
    }
    if (typeof message.content === "string") return;
    message.content.forEach((block, j) => {
      out.push(...blockProblems(message, block, `messages.${i}.content.${j}`));
    });
  });
  return out;
}

function hasCacheControl(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const control = (value as Record<string, unknown>).cache_control;
  return control !== undefined && control !== null;
}

function countInBlocks(blocks: unknown): number {
  if (!Array.isArray(blocks)) return 0;
  let count = 0;
  for (const block of blocks) {
    if (hasCacheControl(block)) count += 1;
    const nested = (block as Record<string, unknown> | null)?.content;
    count += countInBlocks(nested);
  }
  return count;
}

/** At most four cache_control breakpoints across tools, system and messages. */
export function checkCacheBreakpoints(body: RequestBody): RequestViolation[] {
  let count = countInBlocks(body.system) + countInBlocks(body.tools);
  for (const message of body.messages) count += countInBlocks(message.content);
  if (count <= MAX_CACHE_BREAKPOINTS) return [];
  return [
    violation(
      "cache_control",
      `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.`,
    ),
  ];
}
