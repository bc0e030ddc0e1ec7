import type { Message, UserMessage } from "../../../protocol/messages.js";
import {
  type DisplayRecord,
  isInterruptNote,
  type ShownEntry,
  shownMessageCount,
} from "../../../session/transcript/index.js";
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
  if (message.type === "system" && message.subtype === "compact_boundary") {
    const text = "Conversation compacted: the model saw a summary of what came before.";
    return appendItem(view, { kind: "notice", id: message.uuid, text, tone: "info" });
  }
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
  // The loop's note that the person interrupted the response: shown as it was live.
  if (isInterruptNote(message)) return withInterruption(view, message.uuid, "");
  const typed = typedText(message);
  if (typed !== undefined) return appendItem(view, { kind: "user", id: message.uuid, text: typed });
  const result = { type: "user" as const, message: message.message, ...base };
  const sdk =
    message.toolUseResult === undefined
      ? result
      : { ...result, tool_use_result: message.toolUseResult };
  return applySdkMessage(view, sdk, cwd);
}

/** A turn marked as interrupted; calls it cut short are finished now, as they were on screen. */
function withInterruption(view: TranscriptView, id: string, text: string): TranscriptView {
  const done = [...view.done, ...view.running];
  return appendItem({ ...view, done, running: [] }, { kind: "interrupted", id, text });
}

/**
 * A display record as the REPL showed it: a turn interrupted, with its partial answer. Right
 * after the loop's interrupt note (nothing shown between) it is that same interruption, now
 * with its text.
 */
function withRecord(view: TranscriptView, record: DisplayRecord, index: number): TranscriptView {
  const last = view.done.at(-1);
  if (last?.kind === "interrupted" && last.text === "" && view.running.length === 0) {
    return { ...view, done: [...view.done.slice(0, -1), { ...last, text: record.text }] };
  }
  return withInterruption(view, `${record.after ?? "start"}:interrupted:${index}`, record.text);
}

/** Plain messages (an engine's history, with no transcript to read) as shown entries. */
export function shownMessages(messages: readonly Message[]): ShownEntry[] {
  return messages.map((message) => ({ kind: "message", message }));
}

/**
 * The transcript view of an earlier conversation, so the REPL shows its turns as it showed them
 * live: prompts, answers and tool calls with their results, compactions, interrupted answers.
 * A call left without a result (a cut-short turn) is shown finished, without one.
 */
export function historyView(
  entries: readonly ShownEntry[],
  cwd: string,
  view: TranscriptView,
): TranscriptView {
  let folded = view;
  entries.forEach((entry, index) => {
    folded =
      entry.kind === "message"
        ? withMessage(folded, entry.message, cwd)
        : withRecord(folded, entry.record, index);
  });
  return { ...folded, done: [...folded.done, ...folded.running], running: [], streaming: "" };
}

/** What the REPL says after it resumed a session (the count /resume's list gives too). */
export function resumedNotice(sessionId: string, shown: readonly ShownEntry[]): string {
  return `Resumed session ${sessionId} (${shownMessageCount(shown)} earlier messages).`;
}
