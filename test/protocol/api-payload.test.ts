import { describe, expect, it } from "vitest";
import { toApiMessages } from "../../src/protocol/api-payload.js";
import type { AssistantContentBlock, UserContentBlock } from "../../src/protocol/content.js";
import type { AssistantMessage, Message, UserMessage } from "../../src/protocol/messages.js";
import { emptyUsage } from "../../src/protocol/usage.js";

let n = 0;
const base = () => ({ uuid: `u${++n}`, timestamp: "2026-01-01T00:00:00.000Z" });

function user(content: string | UserContentBlock[], extra: Partial<UserMessage> = {}): UserMessage {
  return { ...base(), type: "user", message: { role: "user", content }, ...extra };
}

function assistant(
  id: string,
  content: AssistantContentBlock[],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage {
  return {
    ...base(),
    type: "assistant",
    message: {
      id,
      model: "m",
      role: "assistant",
      content,
      stop_reason: null,
      stop_sequence: null,
      usage: emptyUsage(),
    },
    ...extra,
  };
}

describe("toApiMessages", () => {
  it("merges the blocks of one response, yielded block by block, into one assistant turn", () => {
    const messages: Message[] = [
      user("hi"),
      assistant("msg_1", [{ type: "thinking", thinking: "hmm", signature: "sig" }]),
      assistant("msg_1", [{ type: "text", text: "Reading." }]),
      assistant("msg_1", [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "a" } }]),
      user([{ type: "tool_result", tool_use_id: "t1", content: "data" }]),
    ];
    expect(toApiMessages(messages)).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hmm", signature: "sig" },
          { type: "text", text: "Reading." },
          { type: "tool_use", id: "t1", name: "Read", input: { file_path: "a" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "data" }] },
    ]);
  });

  it("merges consecutive user messages and puts tool results first", () => {
    const messages: Message[] = [
      user("go"),
      assistant("msg_1", [{ type: "tool_use", id: "t1", name: "Bash", input: {} }]),
      user("a note typed meanwhile", { isMeta: true }),
      user([{ type: "tool_result", tool_use_id: "t1", content: "ok" }]),
      {
        ...base(),
        type: "attachment",
        attachment: { type: "queued_command", prompt: "also run the tests" },
      },
    ];
    const out = toApiMessages(messages);
    expect(out).toHaveLength(3);
    const last = out[2]!;
    expect(last.role).toBe("user");
    const blocks = last.content as UserContentBlock[];
    expect(blocks.map((b) => b.type)).toEqual(["tool_result", "text", "text"]);
    expect((blocks[2] as { text: string }).text).toContain("also run the tests");
    expect((blocks[2] as { text: string }).text).toMatch(/^<system-reminder>/);
  });

  it("drops UI-only messages, API-error messages and empty text blocks", () => {
    const messages: Message[] = [
      user("hi"),
      assistant("err", [{ type: "text", text: "API Error: 500" }], { isApiErrorMessage: true }),
      { ...base(), type: "system", subtype: "informational", level: "info", content: "note" },
      { ...base(), type: "progress", toolUseID: "t", parentToolUseID: "t", data: {} },
      assistant("msg_2", [
        { type: "text", text: "  " },
        { type: "text", text: "Hello" },
      ]),
      {
        ...base(),
        type: "attachment",
        attachment: { type: "max_turns_reached", maxTurns: 2, turnCount: 3 },
      },
    ];
    expect(toApiMessages(messages)).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "text", text: "Hello" }] },
    ]);
  });

  it("keeps thinking signatures and redacted thinking as they came", () => {
    const blocks: AssistantContentBlock[] = [
      { type: "redacted_thinking", data: "opaque" },
      { type: "thinking", thinking: "x", signature: "EqQBCgIYAhIM" },
      { type: "text", text: "done" },
    ];
    const out = toApiMessages([user("q"), assistant("m", blocks)]);
    expect(out[1]).toEqual({ role: "assistant", content: blocks });
  });

  it("does not modify the conversation it reads", () => {
    const messages: Message[] = [user("a"), user([{ type: "text", text: "b" }])];
    const before = structuredClone(messages);
    toApiMessages(messages);
    expect(messages).toEqual(before);
  });
});
