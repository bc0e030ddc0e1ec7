import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserMessage } from "../../../src/protocol/factories.js";
import type { Message } from "../../../src/protocol/messages.js";
import {
  interruptedRecord,
  loadConversation,
  openTranscript,
  readTranscript,
  type ShownEntry,
  shownConversation,
  shownMessageCount,
  type TranscriptWriter,
} from "../../../src/session/transcript/index.js";
import { assistant, compactBoundary, counterIds, tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

function writer(path: string): TranscriptWriter {
  return openTranscript({
    path,
    sessionId: "s",
    cwd: "/p",
    version: "0.1.0",
    onError: (error) => {
      throw error;
    },
  });
}

async function shown(path: string, leafUuid?: string): Promise<ShownEntry[]> {
  const entries = await readTranscript(path, {
    onWarning: (w) => {
      throw new Error(w);
    },
  });
  return shownConversation(entries, leafUuid);
}

/** What each shown entry says: a prompt's or answer's text, a boundary, an interruption. */
function said(entries: readonly ShownEntry[]): string[] {
  return entries.map((entry) => {
    if (entry.kind === "display") return `interrupted: ${entry.record.text}`;
    const m: Message = entry.message;
    if (m.type === "system") return m.subtype;
    if (m.type === "assistant")
      return m.message.content.map((b) => (b.type === "text" ? b.text : b.type)).join();
    if (m.type === "user")
      return typeof m.message.content === "string" ? m.message.content : "[blocks]";
    return m.type;
  });
}

describe("the conversation as the REPL showed it", () => {
  it("goes back through a compaction, without the summary or the prompt it repeated", async () => {
    const ids = counterIds();
    const path = join(dir, "s.jsonl");
    const out = writer(path);
    const prompt = createUserMessage("Fix the parser.", ids);
    const answer = assistant([{ type: "text", text: "Fixed it." }], ids);
    for (const m of [prompt, answer]) out.append(m);
    // An automatic compaction inside the next turn repeats its prompt after the summary.
    const next = createUserMessage("Now the README.", ids);
    out.append(next);
    out.append(compactBoundary(ids));
    out.append(createUserMessage("Summary: the parser.", ids, { isCompactSummary: true }));
    out.append(createUserMessage("Now the README.", ids));
    const done = assistant([{ type: "text", text: "README done." }], ids);
    out.append(done);
    out.close();

    const entries = await shown(path);
    expect(said(entries)).toEqual([
      "Fix the parser.",
      "Fixed it.",
      "Now the README.",
      "compact_boundary",
      "README done.",
    ]);
    // The model's view starts at the boundary; the shown one does not.
    const loaded = loadConversation(await readTranscript(path, { onWarning: () => {} }));
    expect(loaded[0]).toMatchObject({ subtype: "compact_boundary" });
    expect(shownMessageCount(entries)).toBe(4);
  });

  it("shows a message a compaction kept once, where it first was", async () => {
    const ids = counterIds();
    const path = join(dir, "s.jsonl");
    const out = writer(path);
    const prompt = createUserMessage("Look at the image.", ids);
    const answer = assistant([{ type: "text", text: "A cat." }], ids);
    for (const m of [prompt, answer]) out.append(m);
    // A compaction that only removed images keeps the messages, written again after it.
    out.append(compactBoundary(ids));
    out.append({ ...prompt });
    out.append({ ...answer });
    out.close();
    expect(said(await shown(path))).toEqual(["Look at the image.", "A cat.", "compact_boundary"]);
  });

  it("puts an interrupted answer after the message it followed, and leaves a rewound one out", async () => {
    const ids = counterIds();
    const path = join(dir, "s.jsonl");
    const out = writer(path);
    const first = createUserMessage("Explain the loop.", ids);
    out.append(first);
    out.appendRecord(interruptedRecord(first.uuid, "The loop first", ids.timestamp()));
    const second = createUserMessage("Explain it briefly.", ids);
    out.append(second);
    const answer = assistant([{ type: "text", text: "It loops." }], ids);
    out.append(answer);
    out.close();
    expect(said(await shown(path))).toEqual([
      "Explain the loop.",
      "interrupted: The loop first",
      "Explain it briefly.",
      "It loops.",
    ]);
    // The model's conversation, loaded for a resume, never has it.
    const loaded = loadConversation(await readTranscript(path, { onWarning: () => {} }));
    expect(JSON.stringify(loaded)).not.toContain("The loop first");
    expect(loaded).toHaveLength(3);

    // Rewound to before the first prompt: a new branch without it, and without its record.
    const again = writer(path);
    again.branchFrom(null);
    const other = createUserMessage("Something else.", ids);
    again.append(other);
    again.close();
    expect(said(await shown(path, other.uuid))).toEqual(["Something else."]);
  });

  it("counts prompts and replies, a reply of several blocks once", async () => {
    const ids = counterIds();
    const path = join(dir, "s.jsonl");
    const out = writer(path);
    out.append(createUserMessage("List and read.", ids));
    out.append(assistant([{ type: "text", text: "Listing." }], ids, "tool_use", "r1"));
    out.append(
      assistant([{ type: "tool_use", id: "t1", name: "Glob", input: {} }], ids, "tool_use", "r1"),
    );
    out.append(
      createUserMessage([{ type: "tool_result", tool_use_id: "t1", content: "a.ts" }], ids),
    );
    out.append(assistant([{ type: "text", text: "One file." }], ids, "end_turn", "r2"));
    out.close();
    expect(shownMessageCount(await shown(path))).toBe(3);
  });
});
