import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * A run's journal.jsonl (contracts §3): a line when an `agent()` call starts and one when it
 * ends (done with its value, or failed). Resume replays finished calls from it (see ReplayCursor).
 */
const journalEntrySchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("started"), seq: z.number().int().nonnegative(), key: z.string() }),
  z.object({
    status: z.literal("done"),
    seq: z.number().int().nonnegative(),
    key: z.string(),
    result: z.unknown(),
  }),
  z.object({
    status: z.literal("failed"),
    seq: z.number().int().nonnegative(),
    key: z.string(),
    error: z.string(),
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

type Recorded =
  | { state: "done"; key: string; result: unknown }
  | { state: "running" | "failed"; key: string };

/**
 * Answers, call by call in start order, whether a resumed run's agent() call is replayed from
 * the journal (Claude Code 2.1.332's rule). The cache is positional: a call that failed, that
 * changed (prompt or options), or that never started in the earlier run runs live, and so does
 * every call after it, since later calls may depend on what it returns. A call still running
 * when the run stopped runs again without ending reuse: finished calls after it still replay.
 */
export class ReplayCursor {
  private readonly recorded = new Map<number, Recorded>();
  private broken = false;

  constructor(entries: readonly JournalEntry[]) {
    for (const entry of entries) {
      if (entry.status === "done")
        this.recorded.set(entry.seq, { state: "done", key: entry.key, result: entry.result });
      else if (entry.status === "failed")
        this.recorded.set(entry.seq, { state: "failed", key: entry.key });
      else if (!this.recorded.has(entry.seq))
        this.recorded.set(entry.seq, { state: "running", key: entry.key });
    }
  }

  next(seq: number, key: string): ReplayAnswer {
    const recorded = this.recorded.get(seq);
    if (this.broken || recorded === undefined || recorded.key !== key) {
      this.broken = true;
      return { kind: "live" };
    }
    if (recorded.state === "done") return { kind: "cached", result: recorded.result };
    if (recorded.state === "failed") this.broken = true;
    return { kind: "live" };
  }
}
