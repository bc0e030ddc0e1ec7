import type { Message, UserMessage } from "../../../protocol/messages.js";
import { appendItem, applySdkMessage, type TranscriptView } from "../transcript-model.js";

/** The text a person typed in a user message; undefined for tool results and runtime notes. */
function typedText(message: UserMessage): string | undefined {
  if (message.isMeta || message.isCompactSummary) return undefined;
  const { content } = message.message;
  if (typeof content === "string") return content;
  if (content.some((block) => block.type === "tool_result")) return undefined;
  const text = content.flatMap((block) => (block.type === "text" ? [block.text] : []));
  return text.length > 0 ? text.join("\n") : undefined;
}

/** Folds one earlier message into the view: prompts, answers, tool calls with their results. */
function withMessage(view: TranscriptView, message: Message, cwd: string): TranscriptView {
  const base = { parent_tool_use_id: null, session_id: "", uuid: message.uuid };
  if (message.type === "assistant") {
    if (message.isApiErrorMessage) return view;
    const sdk = {
      type: "assistant" as const,
      message: { ...message.message, type: "message" as const },
      ...base,
    };
    return applySdkMessage(view, sdk, cwd);
  }
  if (message.type !== "user") return view;
  const typed = typedText(message);
  if (typed !== undefined) return appendItem(view, { kind: "user", id: message.uuid, text: typed });
  const result = { type: "user" as const, message: message.message, ...base };
  const sdk =
    message.toolUseResult === undefined
      ? result
      : { ...result, tool_use_result: message.toolUseResult };
  return applySdkMessage(view, sdk, cwd);
}

/**
 * The transcript view of a resumed conversation, so the REPL shows the earlier turns as it
 * showed them live: prompts, answers and tool calls with their results. A call left without
 * a result (a cut-short turn) is shown finished, without one.
 */
export function historyView(
  messages: readonly Message[],
  cwd: string,
  view: TranscriptView,
): TranscriptView {
  let folded = view;
  for (const message of messages) folded = withMessage(folded, message, cwd);
  return { ...folded, done: [...folded.done, ...folded.running], running: [], streaming: "" };
}
