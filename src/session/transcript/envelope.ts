import type { Message, ProgressMessage } from "../../protocol/messages.js";

/** A message that is written to the transcript and links into its parentUuid chain. */
export type ChainMessage = Exclude<Message, ProgressMessage>;

/** The fields a transcript line adds around a message (Claude Code's line format). */
export interface TranscriptEnvelope {
  /** The previously written chain message; null for the first one and for compact boundaries. */
  parentUuid: string | null;
  /** On a compact boundary: the message before it, which the chain no longer links to. */
  logicalParentUuid?: string | null;
  /** True in a subagent's own transcript. */
  isSidechain: boolean;
  userType: "external";
  cwd: string;
  sessionId: string;
  /** The keel version that wrote the line. */
  version: string;
  gitBranch?: string;
  agentId?: string;
}

/** One transcript line holding a message: the envelope followed by the message's own fields. */
export type MessageLine = TranscriptEnvelope & ChainMessage;

/** A bookkeeping line that is not part of the chain (file-history snapshot, summary, …). */
export interface TranscriptRecord {
  type: string;
  [field: string]: unknown;
}

/** The record that marks a written message as removed (a response discarded for a retry). */
export interface TombstoneRecord {
  type: "tombstone";
  uuid: string;
}

/** The `type` of a tombstone record. */
export const TOMBSTONE = "tombstone";

/** The record types that carry conversation messages; every other type is bookkeeping. */
export const CHAIN_TYPES: ReadonlySet<string> = new Set([
  "user",
  "assistant",
  "attachment",
  "system",
]);

/**
 * Every envelope field keel or Claude Code writes around a message; stripped on read so the
 * loaded messages hold only their in-memory fields.
 */
export const ENVELOPE_KEYS: readonly string[] = [
  "parentUuid",
  "logicalParentUuid",
  "isSidechain",
  "userType",
  "cwd",
  "sessionId",
  "version",
  "gitBranch",
  "agentId",
  "entrypoint",
  "slug",
  "teamName",
  "agentName",
  "promptId",
];

/** Whether a message is a chain participant (progress is UI-only and never written). */
export function isChainMessage(message: Message): message is ChainMessage {
  return message.type !== "progress";
}

/** Whether a message is a compact boundary, which starts a fresh chain. */
export function isCompactBoundary(message: ChainMessage): boolean {
  return message.type === "system" && message.subtype === "compact_boundary";
}
