import { createUserMessage, type IdSource } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import { groupApiRounds, latestUserPrompt } from "./rounds.js";

/** Settings of snip (opt-in). */
export interface SnipOptions {
  ids: IdSource;
  /** The most API rounds kept; older ones are dropped. */
  maxRounds: number;
}

/** A snip's result: the history, and the boundary the UI can show (absent when nothing was dropped). */
export interface SnipResult {
  messages: Message[];
  boundary?: Message;
}

const SNIP_TEXT =
  /^\[?(\d+) earlier rounds of this conversation were removed to save context\.\]?$/;

/** How many rounds an earlier snip message says it removed; 0 for any other message. */
function snippedBefore(message: Message): number {
  let text: string | undefined;
  if (message.type === "system" && message.subtype === "informational") text = message.content;
  if (message.type === "user" && message.isMeta && typeof message.message.content === "string") {
    text = message.message.content;
  }
  const match = text === undefined ? null : SNIP_TEXT.exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * Snip: past `maxRounds` API rounds, drops the oldest whole rounds (a tool pair is never
 * split). The lead (a compaction summary, the first prompt) stays; a system boundary for the
 * UI and one meta note for the model say how many rounds are gone; the latest user request
 * is re-added verbatim when it was dropped. Returns the same array when under the cap.
 */
export function createSnip(options: SnipOptions): (messages: Message[]) => SnipResult {
  return (messages) => {
    const all = groupApiRounds(messages);
    const lead = all[0]?.lead ? all[0].messages : [];
    const rounds = all.filter((r) => !r.lead);
    if (rounds.length <= options.maxRounds) return { messages };
    const cut = rounds.length - options.maxRounds;
    const dropped = rounds.slice(0, cut).flatMap((r) => r.messages);
    const kept = rounds.slice(cut).flatMap((r) => r.messages);
    const total = cut + lead.reduce((n, m) => Math.max(n, snippedBefore(m)), 0);
    const text = `${total} earlier rounds of this conversation were removed to save context.`;
    const boundary: Message = {
      type: "system",
      subtype: "informational",
      level: "info",
      uuid: options.ids.uuid(),
      timestamp: options.ids.timestamp(),
      content: text,
    };
    const head = lead.filter((m) => snippedBefore(m) === 0);
    head.push(boundary, createUserMessage(`[${text}]`, options.ids, { isMeta: true }));
    const prompt = latestUserPrompt(messages);
    if (prompt && dropped.includes(prompt)) {
      head.push(createUserMessage(prompt.message.content, options.ids));
    }
    return { messages: [...head, ...kept], boundary };
  };
}
