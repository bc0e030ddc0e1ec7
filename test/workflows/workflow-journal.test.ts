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

  it("runs a call that was still running again, and still replays the finished calls after it", () => {
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
    // C finished before the kill: B still running does not end reuse (Claude Code 2.1.332).
    expect(cursor.next(2, keyC)).toEqual({ kind: "cached", result: "C" });
  });

  it("runs a failed call, a never-started call and everything after them live", () => {
    const failed = new ReplayCursor([
      { status: "failed", seq: 0, key: keyA, error: "the model failed" },
      { status: "done", seq: 1, key: keyB, result: "B" },
    ]);
    expect(failed.next(0, keyA)).toEqual({ kind: "live" });
    expect(failed.next(1, keyB)).toEqual({ kind: "live" });
    const unstarted = new ReplayCursor([{ status: "done", seq: 1, key: keyB, result: "B" }]);
    expect(unstarted.next(0, keyA)).toEqual({ kind: "live" });
    expect(unstarted.next(1, keyB)).toEqual({ kind: "live" });
  });

  it("runs an edited call live even when the journal has a result for its position", () => {
    const cursor = new ReplayCursor([{ status: "done", seq: 0, key: keyA, result: "A" }]);
    expect(cursor.next(0, agentCallKey("review a.ts more carefully", { label: "a" }))).toEqual({
      kind: "live",
    });
  });
});
