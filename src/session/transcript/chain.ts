import type { Message } from "../../protocol/messages.js";
import type { TranscriptEntry } from "./entry.js";
import { type ChainMessage, isCompactBoundary, TOMBSTONE } from "./envelope.js";

/** Which branch of a transcript to load. */
export interface LoadConversationOptions {
  /** The last message of the branch; default: the last chain message in the file. */
  leafUuid?: string;
}

type MessageEntry = Extract<TranscriptEntry, { kind: "message" }>;

function byUuid(entries: readonly TranscriptEntry[]): Map<string, MessageEntry> {
  const map = new Map<string, MessageEntry>();
  for (const entry of entries) {
    // The last line with a uuid wins: a message a compaction kept is written again after the
    // boundary, linked into the new chain (the writer never writes a uuid twice otherwise).
    if (entry.kind === "message") map.set(entry.message.uuid, entry);
  }
  return map;
}

/** Messages a tombstone record removed: walked through, never loaded. */
export function removedUuids(entries: readonly TranscriptEntry[]): Set<string> {
  const removed = new Set<string>();
  for (const entry of entries) {
    if (entry.kind !== "record" || entry.record.type !== TOMBSTONE) continue;
    if (typeof entry.record.uuid === "string") removed.add(entry.record.uuid);
  }
  return removed;
}

function defaultLeaf(entries: readonly TranscriptEntry[]): MessageEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.kind === "message") return entry;
  }
  return undefined;
}

/**
 * The conversation ending at the leaf: parentUuid walked back to the root, or to the latest
 * compact boundary (kept as the first message). Messages off that chain, and messages a
 * tombstone record removed, are left out.
 * Throws when `leafUuid` names no message in the transcript.
 */
export function loadConversation(
  entries: readonly TranscriptEntry[],
  options: LoadConversationOptions = {},
): Message[] {
  const messages = byUuid(entries);
  const leaf =
    options.leafUuid === undefined ? defaultLeaf(entries) : messages.get(options.leafUuid);
  if (options.leafUuid !== undefined && !leaf) {
    throw new Error(`no message ${options.leafUuid} in the transcript`);
  }
  const removed = removedUuids(entries);
  const chain: ChainMessage[] = [];
  const seen = new Set<string>();
  for (let entry = leaf; entry && !seen.has(entry.message.uuid); ) {
    seen.add(entry.message.uuid);
    if (!removed.has(entry.message.uuid)) chain.push(entry.message);
    if (isCompactBoundary(entry.message) || entry.envelope.parentUuid === null) break;
    entry = messages.get(entry.envelope.parentUuid);
  }
  return chain.reverse();
}
