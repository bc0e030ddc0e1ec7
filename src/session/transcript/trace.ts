import { textOf } from "../../protocol/content.js";
import type { LoopTransition, Message } from "../../protocol/messages.js";
import type { TranscriptEntry } from "./entry.js";

/** How much of a prompt a trace header shows. */
export const TRACE_PROMPT_CHARS = 80;

function promptPreview(message: Message): string | undefined {
  if (message.type !== "user" || message.isMeta || message.isCompactSummary) return undefined;
  const content = message.message.content;
  if (typeof content !== "string" && content.some((b) => b.type === "tool_result")) {
    return undefined;
  }
  const text = textOf(content).replace(/\s+/g, " ").trim();
  if (text === "") return undefined;
  return text.length > TRACE_PROMPT_CHARS ? `${text.slice(0, TRACE_PROMPT_CHARS)}…` : text;
}

/** A transition's kind, reason and payload: `continue max_output_tokens_recovery {"attempt":1}`. */
export function transitionText(transition: LoopTransition): string {
  const { kind, reason, ...payload } = transition;
  const detail = Object.keys(payload).length > 0 ? ` ${JSON.stringify(payload)}` : "";
  return `${kind} ${reason}${detail}`;
}

function transitionLine(transition: LoopTransition, turnCount: number): string {
  return `turn ${turnCount}  ${transitionText(transition)}`;
}

function lineFor(message: Message): string | undefined {
  const prompt = promptPreview(message);
  if (prompt !== undefined) return `> ${prompt}`;
  if (message.type !== "system") return undefined;
  if (message.subtype === "transition")
    return transitionLine(message.transition, message.turnCount);
  if (message.subtype === "compact_boundary") {
    const { trigger, preTokens } = message.compactMetadata;
    return `-- compacted (${trigger}, ${preTokens} tokens before)`;
  }
  return undefined;
}

/**
 * The path a session took, for people: a `> prompt` header per user prompt (its first 80
 * characters), then one line per loop transition (`turn 2  continue max_output_tokens_recovery
 * {"attempt":1}`), and a line where the context was compacted. In file order.
 */
export function traceLines(entries: readonly TranscriptEntry[]): string[] {
  const lines: string[] = [];
  for (const entry of entries) {
    if (entry.kind !== "message") continue;
    const line = lineFor(entry.message);
    if (line !== undefined) lines.push(line);
  }
  return lines;
}
