import { describe, expect, it } from "vitest";
import { toApiMessages } from "../../../src/protocol/api-payload.js";
import { createAttachmentMessage, createUserMessage } from "../../../src/protocol/factories.js";
import {
  INTERRUPTED_TOOL_TEXT,
  repairConversation,
} from "../../../src/session/transcript/index.js";
import { assistant, counterIds, multiTurnConversation, toolUse } from "./conversation.js";

describe("repairing a resumed conversation", () => {
  it("answers two unanswered tool_uses at the tail with is_error results, in tool_use order", () => {
    const cut = multiTurnConversation(counterIds()).slice(0, 6);
    const [readA, readB] = [cut[4]!, cut[5]!];
    const { messages, interruption } = repairConversation(cut, counterIds("repair"));

    expect(messages.slice(0, 6)).toEqual(cut);
    expect(messages.slice(6)).toEqual([
      {
        type: "user",
        uuid: "repair-1",
        timestamp: expect.any(String),
        message: {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_2",
              content: INTERRUPTED_TOOL_TEXT,
              is_error: true,
            },
          ],
        },
        toolUseResult: INTERRUPTED_TOOL_TEXT,
        sourceToolAssistantUUID: readA.uuid,
      },
      expect.objectContaining({
        message: {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_3",
              content: INTERRUPTED_TOOL_TEXT,
              is_error: true,
            },
          ],
        },
        sourceToolAssistantUUID: readB.uuid,
      }),
    ]);
    expect(interruption).toBe("interrupted_turn");
    const last = toApiMessages(messages).at(-1);
    expect(last).toEqual({
      role: "user",
      content: [
        expect.objectContaining({ tool_use_id: "toolu_2" }),
        expect.objectContaining({ tool_use_id: "toolu_3" }),
      ],
    });
  });

  it("puts a missing result right after the response that asked, before the results that came", () => {
    const ids = counterIds();
    const prompt = createUserMessage("go", ids);
    const ask = assistant([toolUse("t1", "Bash", {}), toolUse("t2", "Bash", {})], ids, "tool_use");
    const answered = createUserMessage(
      [{ type: "tool_result", tool_use_id: "t2", content: "ok" }],
      ids,
    );
    const { messages } = repairConversation([prompt, ask, answered], ids);
    expect(messages.map((m) => m.uuid)).toEqual([
      prompt.uuid,
      ask.uuid,
      expect.any(String),
      answered.uuid,
    ]);
    expect(toApiMessages(messages).at(-1)?.content).toEqual([
      expect.objectContaining({ tool_use_id: "t1", is_error: true }),
      expect.objectContaining({ tool_use_id: "t2" }),
    ]);
  });

  it("drops blank assistant messages and thinking-only ones no other block of their response follows", () => {
    const ids = counterIds();
    const prompt = createUserMessage("hello?", ids);
    const thought = assistant(
      [{ type: "thinking", thinking: "hm", signature: "sig" }],
      ids,
      "end_turn",
      "r1",
    );
    const said = assistant([{ type: "text", text: "Hi." }], ids, "end_turn", "r1");
    const next = createUserMessage("more", ids);
    const blank = assistant([{ type: "text", text: "  \n" }], ids);
    const orphan = assistant([{ type: "redacted_thinking", data: "xyz" }], ids);
    const { messages, interruption } = repairConversation(
      [prompt, thought, said, next, blank, orphan],
      ids,
    );
    expect(messages).toEqual([prompt, thought, said, next]);
    expect(interruption).toBe("interrupted_prompt");
  });

  it("tells a finished conversation from one cut inside a turn or after a prompt", () => {
    const ids = counterIds();
    const whole = multiTurnConversation(ids);
    expect(repairConversation(whole, ids)).toEqual({ messages: whole, interruption: "none" });
    const queued = createAttachmentMessage({ type: "queued_command", prompt: "also this" }, ids);
    expect(repairConversation([...whole, queued], ids).interruption).toBe("interrupted_turn");
    const meta = createUserMessage("note", ids, { isMeta: true });
    expect(repairConversation([...whole, meta], ids).interruption).toBe("none");
    expect(repairConversation(whole.slice(0, 1), ids).interruption).toBe("interrupted_prompt");
    expect(repairConversation([], ids)).toEqual({ messages: [], interruption: "none" });
  });
});
