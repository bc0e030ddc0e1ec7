import { describe, expect, it } from "vitest";
import {
  agentCallKey,
  type JournalEntry,
  journalLine,
  parseJournal,
  ReplayCursor,
} from "../../src/workflows/workflow-journal.js";

const keyA = agentCallKey("review a.ts", { label: "a" });
const keyB = agentCallKey("review b.ts", { label: "b" });
const keyC = agentCallKey("review c.ts", { label: "c" });

function journalOf(entries: JournalEntry[]): string {
  return entries.map(journalLine).join("");
}

describe("workflow journal", () => {
  it("keys a call by its prompt and options", () => {
    expect(agentCallKey("p", { schema: { type: "object" } })).toBe(
      agentCallKey("p", { schema: { type: "object" } }),
    );
    expect(agentCallKey("p", { label: "x" })).not.toBe(agentCallKey("p", { label: "y" }));
    expect(agentCallKey("p", undefined)).not.toBe(agentCallKey("q", undefined));
  });

  it("round-trips entries and drops a torn last line", () => {
    const entries: JournalEntry[] = [
      { status: "started", seq: 0, key: keyA },
      { status: "done", seq: 0, key: keyA, result: { verdict: "ok" } },
    ];
    const parsed = parseJournal(`${journalOf(entries)}{"status":"do`);
    expect(parsed).toEqual({ ok: true, entries });
  });

  it("reports a damaged line in the middle instead of guessing", () => {
    const text = `not json\n${journalLine({ status: "started", seq: 0, key: keyA })}`;
    expect(parseJournal(text)).toEqual({
      ok: false,
      message: "journal.jsonl line 1 is not a valid journal entry",
    });
  });

  it("replays the finished prefix and runs the unfinished call and everything after it live", () => {
    const parsed = parseJournal(
      journalOf([
        { status: "started", seq: 0, key: keyA },
        { status: "started", seq: 1, key: keyB },
        { status: "done", seq: 0, key: keyA, result: "A" },
        { status: "started", seq: 2, key: keyC },
        { status: "done", seq: 2, key: keyC, result: "C" },
      ]),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const cursor = new ReplayCursor(parsed.entries);
    expect(cursor.next(0, keyA)).toEqual({ kind: "cached", result: "A" });
    expect(cursor.next(1, keyB)).toEqual({ kind: "live" });
    // C finished before the kill, but it started after the unfinished B, so it runs again.
    expect(cursor.next(2, keyC)).toEqual({ kind: "live" });
  });

  it("runs an edited call live even when the journal has a result for its position", () => {
    const cursor = new ReplayCursor([{ status: "done", seq: 0, key: keyA, result: "A" }]);
    expect(cursor.next(0, agentCallKey("review a.ts more carefully", { label: "a" }))).toEqual({
      kind: "live",
    });
  });
});
