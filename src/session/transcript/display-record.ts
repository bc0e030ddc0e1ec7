import { z } from "zod";
import type { TranscriptEntry } from "./entry.js";

/** The `type` of a display record. */
export const DISPLAY = "display";

/**
 * Something the REPL showed that is not part of the conversation: a turn the person
 * interrupted, with the answer it was streaming then (contracts.md §5 drops that partial
 * block from the history). Kept so that /resume draws it again; a bookkeeping line, so it is
 * never sent to the model. (A type, not an interface: it is written as a TranscriptRecord.)
 */
export type InterruptedDisplayRecord = {
  type: typeof DISPLAY;
  display: "interrupted";
  /** The chain message it followed (null: before any). */
  after: string | null;
  /** The partial answer on screen when the turn was interrupted ("" when none). */
  text: string;
  timestamp: string;
};

/** Every kind of display record (one so far). */
export type DisplayRecord = InterruptedDisplayRecord;

const displayRecordSchema = z.object({
  type: z.literal(DISPLAY),
  display: z.literal("interrupted"),
  after: z.string().nullable(),
  text: z.string(),
  timestamp: z.string(),
});

/** The record of a turn interrupted after `after`, with the partial answer `text`. */
export function interruptedRecord(
  after: string | null,
  text: string,
  timestamp: string,
): InterruptedDisplayRecord {
  return { type: DISPLAY, display: "interrupted", after, text, timestamp };
}

/** The display records of a transcript, in file order (malformed ones left out). */
export function displayRecords(entries: readonly TranscriptEntry[]): DisplayRecord[] {
  const records: DisplayRecord[] = [];
  for (const entry of entries) {
    if (entry.kind !== "record" || entry.record.type !== DISPLAY) continue;
    const parsed = displayRecordSchema.safeParse(entry.record);
    if (parsed.success) records.push(parsed.data);
  }
  return records;
}
