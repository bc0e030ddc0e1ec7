import { missingToolResults } from "../../loop/missing-tool-results.js";
import type { IdSource } from "../../protocol/factories.js";
import type { AssistantMessage, Message } from "../../protocol/messages.js";

/** How a loaded conversation was cut off: not at all, after a prompt, or inside a turn. */
export type Interruption = "none" | "interrupted_prompt" | "interrupted_turn";

/** A conversation made valid to send again, and how it had been cut off. */
export interface RepairedConversation {
  messages: Message[];
  interruption: Interruption;
}

/** The tool_result text for a tool call the process died in. */
export const INTERRUPTED_TOOL_TEXT =
  "The tool call was interrupted: keel stopped before it finished.";

function isWhitespaceOnly(message: AssistantMessage): boolean {
  return message.message.content.every((b) => b.type === "text" && b.text.trim() === "");
}

function isThinkingOnly(message: AssistantMessage): boolean {
  return message.message.content.every(
    (b) => b.type === "thinking" || b.type === "redacted_thinking",
  );
}

/** Response ids that have some block besides thinking (their thinking blocks are not orphans). */
function idsWithContent(messages: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) {
    if (m.type === "assistant" && !isThinkingOnly(m)) ids.add(m.message.id);
  }
  return ids;
}

/** Without blank assistant messages and thinking that no other block of its response follows. */
function withoutEmptyAssistants(messages: readonly Message[]): Message[] {
  const withContent = idsWithContent(messages);
  return messages.filter(
    (m) =>
      m.type !== "assistant" ||
      !(isWhitespaceOnly(m) || (isThinkingOnly(m) && !withContent.has(m.message.id))),
  );
}

/** Every unanswered tool_use gets an is_error result right after its run of assistant messages. */
function withSynthesisedResults(messages: readonly Message[], ids: IdSource): Message[] {
  const out: Message[] = [];
  let run: AssistantMessage[] = [];
  const flush = () => {
    out.push(...missingToolResults(run, messages, INTERRUPTED_TOOL_TEXT, ids));
    run = [];
  };
  for (const message of messages) {
    if (message.type === "assistant") run.push(message);
    else flush();
    out.push(message);
  }
  flush();
  return out;
}

function lastRelevant(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.type === "system" || m.type === "progress") continue;
    if (m.type === "assistant" && m.isApiErrorMessage) continue;
    return m;
  }
  return undefined;
}

/** How the conversation ends: a prompt with no answer, a turn cut short, or a finished turn. */
function interruptionOf(messages: readonly Message[]): Interruption {
  const last = lastRelevant(messages);
  if (last?.type === "attachment") return "interrupted_turn";
  if (last?.type !== "user" || last.isMeta || last.isCompactSummary) return "none";
  const content = last.message.content;
  const isToolResult = typeof content !== "string" && content.some((b) => b.type === "tool_result");
  return isToolResult ? "interrupted_turn" : "interrupted_prompt";
}

/**
 * A resumed conversation made valid for the next request: unanswered tool_uses get a
 * synthesised is_error tool_result (in tool_use order, right after the assistant messages that
 * asked), blank assistant messages and orphan thinking-only ones are dropped; and how the
 * conversation had been cut off, so the host knows whether to continue the turn.
 */
export function repairConversation(
  messages: readonly Message[],
  ids: IdSource,
): RepairedConversation {
  const repaired = withSynthesisedResults(withoutEmptyAssistants(messages), ids);
  return { messages: repaired, interruption: interruptionOf(repaired) };
}
