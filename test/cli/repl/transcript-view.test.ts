import { describe, expect, it } from "vitest";
import {
  applySdkMessage,
  EMPTY_VIEW,
  type TranscriptView,
} from "../../../src/cli/repl/transcript-model.js";
import type { SdkMessage } from "../../../src/session/sdk-messages.js";
import { assistantMessage, resultMessage, textDelta, toolResultMessage } from "./sdk-builders.js";

const CWD = "/project";

function fold(...messages: SdkMessage[]): TranscriptView {
  return messages.reduce((view, message) => applySdkMessage(view, message, CWD), EMPTY_VIEW);
}

const bashCall = (id: string, command: string) =>
  assistantMessage(`a-${id}`, [{ type: "tool_use", id, name: "Bash", input: { command } }]);

describe("the conversation view of a turn's messages", () => {
  it("streams text deltas, then keeps the finished text block", () => {
    const streaming = fold(textDelta("d1", "Hel"), textDelta("d2", "lo"));
    expect(streaming.streaming).toBe("Hello");
    const done = applySdkMessage(
      streaming,
      assistantMessage("a1", [{ type: "text", text: "Hello" }]),
      CWD,
    );
    expect(done.streaming).toBe("");
    expect(done.done).toEqual([{ kind: "assistant", id: "a1:0", text: "Hello" }]);
  });

  it("keeps a tool call running until its result, then shows the first lines", () => {
    const running = fold(bashCall("t1", "npm test"));
    expect(running.running).toMatchObject([{ summary: "Bash(npm test)" }]);
    const output = ["1", "2", "3", "4", "5", "6"].join("\n");
    const view = applySdkMessage(
      running,
      toolResultMessage("u1", [{ type: "tool_result", tool_use_id: "t1", content: output }]),
      CWD,
    );
    expect(view.running).toEqual([]);
    expect(view.done).toMatchObject([
      { kind: "tool", result: { isError: false, lines: ["1", "2", "3", "4", "… +2 lines"] } },
    ]);
  });

  it("summarises calls by their main input, with paths inside the project made relative", () => {
    const view = fold(
      assistantMessage("a1", [
        { type: "tool_use", id: "r", name: "Read", input: { file_path: "/project/src/a.ts" } },
        { type: "tool_use", id: "g", name: "Grep", input: { pattern: "TODO", path: "src" } },
        { type: "tool_use", id: "o", name: "Read", input: { file_path: "/etc/hosts" } },
      ]),
    );
    expect(view.running.map((t) => t.summary)).toEqual([
      "Read(src/a.ts)",
      "Grep(TODO)",
      "Read(/etc/hosts)",
    ]);
  });

  it("shows an Edit's change as a diff from its structured result", () => {
    const edit = assistantMessage("a1", [
      { type: "tool_use", id: "e1", name: "Edit", input: { file_path: "/project/a.js" } },
    ]);
    const patch = {
      structuredPatch: [
        {
          oldStart: 3,
          oldLines: 1,
          newStart: 3,
          newLines: 1,
          lines: ["-  return a - b;", "+  return a + b;"],
        },
      ],
    };
    const view = fold(
      edit,
      toolResultMessage("u1", [{ type: "tool_result", tool_use_id: "e1", content: "ok" }], patch),
    );
    expect(view.done[0]).toMatchObject({
      summary: "Edit(a.js)",
      result: {
        diff: [
          { kind: "hunk", text: "@@ -3,1 +3,1 @@" },
          { kind: "removed", text: "-  return a - b;" },
          { kind: "added", text: "+  return a + b;" },
        ],
      },
    });
  });

  it("marks calls cut short by an interrupt when the turn ends, and the turn as interrupted", () => {
    const view = fold(
      bashCall("t1", "sleep 30"),
      resultMessage("r1", {
        is_error: true,
        subtype: "error_during_execution",
        terminal_reason: "aborted_tools",
        errors: ["The turn was interrupted before it finished."],
      }),
    );
    expect(view.running).toEqual([]);
    expect(view.done).toMatchObject([
      { kind: "tool", result: { isError: true, lines: ["Interrupted"] } },
      { kind: "interrupted", text: "" },
    ]);
    expect(view.lastResult?.uuid).toBe("r1");
  });

  it("keeps the text streaming when the person interrupted, marked as interrupted", () => {
    const view = fold(
      textDelta("d1", "Half of the "),
      textDelta("d2", "answer"),
      resultMessage("r1", {
        is_error: true,
        subtype: "error_during_execution",
        terminal_reason: "aborted_streaming",
      }),
    );
    expect(view.streaming).toBe("");
    expect(view.done).toEqual([{ kind: "interrupted", id: "r1", text: "Half of the answer" }]);
  });

  it("says why a turn ended that nobody interrupted", () => {
    const view = fold(
      textDelta("d1", "Half"),
      resultMessage("r1", {
        is_error: true,
        subtype: "error_max_budget_usd",
        terminal_reason: "aborted_streaming",
        errors: ["Reached maximum budget ($1)"],
      }),
    );
    expect(view.done).toMatchObject([
      { kind: "notice", tone: "error", text: "Turn ended: Reached maximum budget ($1)" },
    ]);
  });

  it("forgets the text of a response that failed and is sent again", () => {
    const start = {
      type: "stream_event" as const,
      event: {
        type: "message_start" as const,
        message: { id: "m2", model: "claude-test", usage: { input_tokens: 1, output_tokens: 1 } },
      },
      parent_tool_use_id: null,
      session_id: "s-1",
      uuid: "e2",
    };
    const view = fold(
      textDelta("d1", "The first try"),
      start as SdkMessage,
      textDelta("d2", "Again"),
    );
    expect(view.streaming).toBe("Again");
  });

  it("counts the turn's output tokens from each response's final usage, until the result", () => {
    const delta = (uuid: string, output: number) => ({
      type: "stream_event" as const,
      uuid,
      session_id: "s-1",
      parent_tool_use_id: null,
      event: {
        type: "message_delta" as const,
        delta: { stop_reason: "tool_use" as const },
        usage: { output_tokens: output },
      },
    });
    const counted = fold(delta("d1", 12), delta("d2", 30));
    expect(counted.turnTokens).toBe(42);
    expect(applySdkMessage(counted, resultMessage("r1"), CWD).turnTokens).toBe(0);
  });

  it("keeps a subagent's own messages out of the main conversation", () => {
    const inner = { ...bashCall("t9", "ls"), parent_tool_use_id: "agent-1" };
    expect(fold(inner, { ...textDelta("d", "x"), parent_tool_use_id: "agent-1" })).toEqual(
      EMPTY_VIEW,
    );
  });

  it("keeps a thinking block as its own item (the view collapses it), redacted ones marked", () => {
    const view = fold(
      assistantMessage("a1", [
        { type: "thinking", thinking: "secret plan", signature: "sig" },
        { type: "redacted_thinking", data: "opaque" },
      ]),
    );
    expect(view.done).toEqual([
      { kind: "thinking", id: "a1:0", text: "secret plan", redacted: false },
      { kind: "thinking", id: "a1:1", text: "", redacted: true },
    ]);
  });
});
