import type { Message } from "../protocol/messages.js";
import { isInterruptNote } from "../session/transcript/shown-conversation.js";

/**
 * The text a person typed, when the message is a prompt: a user message of plain text (or
 * text blocks only) that the runtime did not add (a note, a summary, the mark of an
 * interruption) and that is not a `!cmd` record.
 */
export function promptText(message: Message): string | undefined {
  if (message.type !== "user" || message.isMeta || message.isCompactSummary) return undefined;
  if (isInterruptNote(message)) return undefined;
  const content = message.message.content;
  let text: string;
  if (typeof content === "string") text = content;
  else if (content.length > 0 && content.every((block) => block.type === "text")) {
    text = content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
  } else return undefined;
  if (text.startsWith("<bash-") || text.trim() === "") return undefined;
  return text;
}

/** An earlier prompt /rewind can go back to. */
export interface PromptChoice {
  uuid: string;
  text: string;
}

/** The prompts of a conversation, newest first (the picker's order). */
export function promptChoices(messages: readonly Message[]): PromptChoice[] {
  const choices: PromptChoice[] = [];
  for (const message of messages) {
    const text = promptText(message);
    if (text !== undefined) choices.push({ uuid: message.uuid, text });
  }
  return choices.reverse();
}

/** A prompt cut to one line for a list. */
export function oneLine(text: string, max = 70): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
