import { isUserTyped } from "../../context/rounds.js";
import type { Message } from "../../protocol/messages.js";
import { INTERRUPT_MESSAGE } from "../../tools/tool-errors.js";
import { removedUuids } from "./chain.js";
import { type DisplayRecord, displayRecords } from "./display-record.js";
import type { TranscriptEntry } from "./entry.js";
import { type ChainMessage, isCompactBoundary } from "./envelope.js";

/** One entry of a conversation as the REPL showed it: a message, or a display record. */
export type ShownEntry =
  | { kind: "message"; message: Message }
  | { kind: "display"; record: DisplayRecord };

type MessageEntry = Extract<TranscriptEntry, { kind: "message" }>;

/**
 * Each uuid's last line before `line`: a compaction writes the messages it keeps again after
 * its boundary, and the chain before the boundary goes through their first writing.
 */
function messagesBefore(
  entries: readonly TranscriptEntry[],
  line: number,
): Map<string, MessageEntry> {
  const map = new Map<string, MessageEntry>();
  for (const entry of entries) {
    if (entry.kind === "message" && entry.line < line) map.set(entry.message.uuid, entry);
  }
  return map;
}

function leafOf(
  entries: readonly TranscriptEntry[],
  uuid: string | undefined,
): MessageEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.kind === "message" && (uuid === undefined || entry.message.uuid === uuid))
      return entry;
  }
  return undefined;
}

/** The messages from the leaf back to the session's first, across every compact boundary. */
function wholeChain(entries: readonly TranscriptEntry[], leaf: MessageEntry): ChainMessage[] {
  const removed = removedUuids(entries);
  let byUuid = messagesBefore(entries, Number.POSITIVE_INFINITY);
  let seen = new Set<string>();
  const chain: ChainMessage[] = [];
  for (let entry: MessageEntry | undefined = leaf; entry && !seen.has(entry.message.uuid); ) {
    seen.add(entry.message.uuid);
    if (!removed.has(entry.message.uuid)) chain.push(entry.message);
    let parent: string | null = entry.envelope.parentUuid;
    if (isCompactBoundary(entry.message)) {
      parent = entry.envelope.logicalParentUuid ?? null;
      byUuid = messagesBefore(entries, entry.line);
      seen = new Set();
    }
    entry = parent === null ? undefined : byUuid.get(parent);
  }
  return chain.reverse();
}

function autoTriggered(boundary: ChainMessage): boolean {
  return (
    boundary.type === "system" &&
    boundary.subtype === "compact_boundary" &&
    boundary.compactMetadata.trigger === "auto"
  );
}

const contentKey = (message: ChainMessage) =>
  message.type === "user" ? JSON.stringify(message.message.content) : "";

/**
 * Without what a compaction gave the model in place of the conversation: the summary, and the
 * latest prompt it repeats (already shown before the boundary); a message kept across a
 * boundary is shown once.
 */
function withoutCompactionCopies(chain: readonly ChainMessage[]): ChainMessage[] {
  const shown: ChainMessage[] = [];
  const uuids = new Set<string>();
  let lastPrompt = "";
  let repeated: string | undefined;
  for (const message of chain) {
    if (uuids.has(message.uuid)) continue;
    uuids.add(message.uuid);
    // An automatic compaction repeats the prompt of the turn it interrupted (post-compact.ts).
    if (isCompactBoundary(message) && autoTriggered(message)) repeated = lastPrompt;
    if (message.type === "user" && message.isCompactSummary) continue;
    if (isUserTyped(message)) {
      const key = contentKey(message);
      const copy = key === repeated;
      repeated = undefined;
      if (copy) continue;
      lastPrompt = key;
    }
    shown.push(message);
  }
  return shown;
}

/** The messages with each display record after the message it followed. */
function withDisplayRecords(
  messages: readonly ChainMessage[],
  records: readonly DisplayRecord[],
): ShownEntry[] {
  const after = new Map<string | null, DisplayRecord[]>();
  for (const record of records)
    after.set(record.after, [...(after.get(record.after) ?? []), record]);
  const shown = (key: string | null): ShownEntry[] =>
    (after.get(key) ?? []).map((record) => ({ kind: "display", record }));
  return [
    ...shown(null),
    ...messages.flatMap((message): ShownEntry[] => [
      { kind: "message", message },
      ...shown(message.uuid),
    ]),
  ];
}

/**
 * The conversation ending at `leafUuid` (default: the last message) as the REPL showed it, for
 * drawing it again (/resume, /rewind): from the session's first message, through every
 * compaction (marked by its boundary; the summary the model got instead is left out), with
 * every tool result whole, and the display records (an interrupted answer) where they were
 * shown. Records of a branch a rewind left are not shown. Empty when there is no such message.
 */
export function shownConversation(
  entries: readonly TranscriptEntry[],
  leafUuid?: string,
): ShownEntry[] {
  const leaf = leafOf(entries, leafUuid);
  if (!leaf) return [];
  return withDisplayRecords(
    withoutCompactionCopies(wholeChain(entries, leaf)),
    displayRecords(entries),
  );
}

/** The note the loop adds to the history when the person interrupts a response (not a prompt). */
export function isInterruptNote(message: Message): boolean {
  return message.type === "user" && message.message.content === INTERRUPT_MESSAGE;
}

/**
 * How many messages a shown conversation holds: the prompts typed and the model's replies (a
 * reply is one response, however many blocks it has). /resume's list and its notice count so.
 */
export function shownMessageCount(shown: readonly ShownEntry[]): number {
  const replies = new Set<string>();
  let prompts = 0;
  for (const entry of shown) {
    if (entry.kind !== "message") continue;
    const { message } = entry;
    if (message.type === "assistant") replies.add(message.message.id);
    else if (isUserTyped(message) && !isInterruptNote(message)) prompts += 1;
  }
  return prompts + replies.size;
}
