import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  forkConversation,
  loadConversation,
  openTranscript,
  readTranscript,
  repairConversation,
  sessionTranscriptPath,
} from "../../../src/session/transcript/index.js";
import { counterIds, multiTurnConversation, tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

const failOnWarning = {
  onWarning: (w: string) => {
    throw new Error(w);
  },
};

describe("forking a conversation", () => {
  it("writes the chain up to a middle message under a new session id, keeping the uuids", async () => {
    const messages = multiTurnConversation(counterIds());
    const middle = messages[8]!;
    const forked = forkConversation(messages, middle.uuid);
    expect(forked).toEqual(messages.slice(0, 9));

    const path = sessionTranscriptPath(dir, "/p", "forked-session");
    const writer = openTranscript({
      path,
      sessionId: "forked-session",
      cwd: "/p",
      version: "0.1.0",
      onError: (error) => {
        throw error;
      },
    });
    for (const message of forked) writer.append(message);
    writer.close();

    const lines = (await readFile(path, "utf8"))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.every((l) => l.sessionId === "forked-session")).toBe(true);
    expect(loadConversation(await readTranscript(path, failOnWarning))).toEqual(forked);
  });

  it("forks the whole conversation when no message is named, and refuses an unknown one", () => {
    const messages = multiTurnConversation(counterIds());
    expect(forkConversation(messages)).toEqual(messages);
    expect(forkConversation(messages)).not.toBe(messages);
    expect(() => forkConversation(messages, "missing")).toThrow(/missing/);
  });

  it("leaves a fork at a tool-calling message for repair to answer", () => {
    const messages = multiTurnConversation(counterIds());
    const forked = forkConversation(messages, messages[1]!.uuid);
    const repaired = repairConversation(forked, counterIds("r"));
    expect(repaired.messages.at(-1)).toMatchObject({
      message: { content: [{ tool_use_id: "toolu_1", is_error: true }] },
    });
    expect(repaired.interruption).toBe("interrupted_turn");
  });
});
