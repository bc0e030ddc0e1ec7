import { describe, expect, it } from "vitest";
import { resumeOptions } from "../../../src/cli/repl/startup/continue-in-repl.js";
import { historyView, shownMessages } from "../../../src/cli/repl/startup/history-view.js";
import { EMPTY_VIEW } from "../../../src/cli/repl/transcript-model.js";
import type { Message } from "../../../src/protocol/messages.js";
import { interruptedRecord, type ShownEntry } from "../../../src/session/transcript/index.js";

const at = "2026-01-01T00:00:00.000Z";
const usage = { input_tokens: 1, output_tokens: 1 };

function assistant(uuid: string, content: unknown[]): Message {
  return {
    type: "assistant",
    uuid,
    timestamp: at,
    message: {
      id: `msg_${uuid}`,
      model: "claude-sonnet-5",
      role: "assistant",
      content,
      stop_reason: "end_turn",
      stop_sequence: null,
      usage,
    },
  } as Message;
}

const CONVERSATION: Message[] = [
  { type: "user", uuid: "u1", timestamp: at, message: { role: "user", content: "look around" } },
  assistant("a1", [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } }]),
  {
    type: "user",
    uuid: "u2",
    timestamp: at,
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "README.md\nsrc" }],
    },
  },
  {
    type: "user",
    uuid: "m1",
    timestamp: at,
    isMeta: true,
    message: { role: "user", content: "a note from the runtime" },
  },
  assistant("a2", [{ type: "text", text: "Two entries." }]),
];

describe("the view of a resumed conversation", () => {
  it("shows prompts, answers and tool calls with their results, not runtime notes", () => {
    const view = historyView(shownMessages(CONVERSATION), "/project", EMPTY_VIEW);
    expect(view.done.map((item) => item.kind)).toEqual(["user", "tool", "assistant"]);
    expect(view.done[0]).toMatchObject({ kind: "user", text: "look around" });
    expect(view.done[1]).toMatchObject({
      kind: "tool",
      name: "Bash",
      result: { isError: false, lines: ["README.md", "src"] },
    });
    expect(view.done[2]).toMatchObject({ kind: "assistant", text: "Two entries." });
    expect(view.running).toEqual([]);
  });

  it("shows a call cut short (no result) as finished, without a result", () => {
    const view = historyView(shownMessages(CONVERSATION.slice(0, 2)), "/project", EMPTY_VIEW);
    expect(view.running).toEqual([]);
    expect(view.done[1]).toMatchObject({ kind: "tool", name: "Bash" });
    expect(view.done[1]).not.toHaveProperty("result");
  });
});

describe("what a resumed view shows besides messages", () => {
  const prompt: Message = {
    type: "user",
    uuid: "p1",
    timestamp: at,
    message: { role: "user", content: "explain the loop" },
  };
  const note: Message = {
    type: "user",
    uuid: "n1",
    timestamp: at,
    message: { role: "user", content: "[Request interrupted by user]" },
  };
  const record = interruptedRecord("n1", "The loop first", at);

  it("shows an interrupted answer once: the loop's note and the record of its text", () => {
    const entries: ShownEntry[] = [...shownMessages([prompt, note]), { kind: "display", record }];
    expect(historyView(entries, "/project", EMPTY_VIEW).done).toEqual([
      { kind: "user", id: "p1", text: "explain the loop" },
      { kind: "interrupted", id: "n1", text: "The loop first" },
    ]);
  });

  it("marks an interruption without a record (keel -p, an older transcript) all the same", () => {
    const view = historyView(shownMessages([prompt, note]), "/project", EMPTY_VIEW);
    expect(view.done.map((item) => item.kind)).toEqual(["user", "interrupted"]);
  });

  it("marks where a compaction was", () => {
    const boundary: Message = {
      type: "system",
      subtype: "compact_boundary",
      uuid: "b1",
      timestamp: at,
      compactMetadata: { trigger: "manual", preTokens: 1_000 },
    };
    const view = historyView(shownMessages([prompt, boundary]), "/project", EMPTY_VIEW);
    expect(view.done[1]).toMatchObject({
      kind: "notice",
      text: expect.stringContaining("compacted"),
    });
  });
});

describe("continuing a session in the REPL", () => {
  it("runs with keel's defaults and --resume <session>, interactive", async () => {
    const options = await resumeOptions("0e070574-1a72-45ca-9358-1cff4119a80c");
    expect(options).toMatchObject({
      resume: "0e070574-1a72-45ca-9358-1cff4119a80c",
      print: false,
      continue: false,
      prompt: "",
    });
  });
});
