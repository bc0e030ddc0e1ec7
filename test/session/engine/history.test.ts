import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/protocol/messages.js";
import { ConversationHistory } from "../../../src/session/engine/history.js";
import { historyBuilder } from "../../context/histories.js";

function conversation(): Message[] {
  const h = historyBuilder();
  return [h.user("start"), ...h.round("Bash", { command: "a" }, "output a"), h.assistant([])];
}

describe("ConversationHistory.adoptRewrites", () => {
  it("takes rewritten user messages in place, by uuid", () => {
    const messages = conversation();
    const history = new ConversationHistory(messages);
    const answer = messages[2]!;
    const rewritten = { ...answer, message: { role: "user", content: "[cleared]" } } as Message;
    history.adoptRewrites([messages[0]!, messages[1]!, rewritten, messages[3]!]);
    expect(history.messages).toEqual([messages[0], messages[1], rewritten, messages[3]]);
    expect(history.messages[2]).toBe(rewritten);
  });

  it("adds, removes and reorders nothing, and leaves other kinds of message alone", () => {
    const messages = conversation();
    const history = new ConversationHistory(messages);
    const stranger: Message = { ...messages[0]!, uuid: "not-in-the-history" };
    const assistant = messages[1]!;
    const rewrittenAssistant = { ...assistant } as Message;
    history.adoptRewrites([stranger, rewrittenAssistant]);
    expect(history.messages).toHaveLength(messages.length);
    expect(history.messages.map((m) => m.uuid)).toEqual(messages.map((m) => m.uuid));
    expect(history.messages.every((m, i) => m === messages[i])).toBe(true);
  });
});
