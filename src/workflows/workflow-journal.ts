import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * A run's journal.jsonl (contracts §3): one line per `agent()` call, in start order. Resume
 * replays the longest unchanged prefix of finished calls from it (task-types.md §3.4).
 */
const journalEntrySchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("started"), seq: z.number().int().nonnegative(), key: z.string() }),
  z.object({
    status: z.literal("done"),
    seq: z.number().int().nonnegative(),
    key: z.string(),
    result: z.unknown(),
  }),
]);
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** The identity of an agent() call: a change to its prompt or options makes it run live. */
export function agentCallKey(prompt: string, options: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([prompt, options ?? null]))
    .digest("hex");
}

export function journalLine(entry: JournalEntry): string {
  return `${JSON.stringify(entry)}\n`;
}

export type ParsedJournal = { ok: true; entries: JournalEntry[] } | { ok: false; message: string };

/** Parses a journal's text; a torn last line (the run was killed mid-write) is dropped. */
export function parseJournal(text: string): ParsedJournal {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const entries: JournalEntry[] = [];
  for (const [index, line] of lines.entries()) {
    const parsed = parseLine(line);
    if (parsed !== undefined) {
      entries.push(parsed);
      continue;
    }
    if (index === lines.length - 1) break;
    return { ok: false, message: `journal.jsonl line ${index + 1} is not a valid journal entry` };
  }
  return { ok: true, entries };
}

function parseLine(line: string): JournalEntry | undefined {
  try {
    const result = journalEntrySchema.safeParse(JSON.parse(line));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export type ReplayAnswer = { kind: "cached"; result: unknown } | { kind: "live" };

/**
 * Answers, call by call in start order, whether a resumed run's agent() call is replayed from
 * the journal. Once one call misses (new, edited or unfinished), it and every later call run live,
 * because later calls may depend on what the live one returns.
 */
export class ReplayCursor {
  private readonly finished = new Map<number, { key: string; result: unknown }>();
  private broken = false;

  constructor(entries: readonly JournalEntry[]) {
    for (const entry of entries) {
      if (entry.status === "done")
        this.finished.set(entry.seq, { key: entry.key, result: entry.result });
    }
  }

  next(seq: number, key: string): ReplayAnswer {
    const done = this.finished.get(seq);
    if (this.broken || done === undefined || done.key !== key) {
      this.broken = true;
      return { kind: "live" };
    }
    return { kind: "cached", result: done.result };
  }
}
