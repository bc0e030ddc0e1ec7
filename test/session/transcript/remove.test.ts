import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserMessage } from "../../../src/protocol/factories.js";
import {
  loadConversation,
  openTranscript,
  readTranscript,
  type TranscriptOptions,
} from "../../../src/session/transcript/index.js";
import { assistant, counterIds, multiTurnConversation, tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

function options(path: string): TranscriptOptions {
  return {
    path,
    sessionId: "s",
    cwd: "/p",
    version: "0.1.0",
    onError: (error) => {
      throw error;
    },
  };
}

async function conversationAt(path: string) {
  return loadConversation(
    await readTranscript(path, {
      onWarning: (w) => {
        throw new Error(w);
      },
    }),
  );
}

describe("removing a written message", () => {
  it("drops a discarded response from the chain: the retry links to what the response followed", async () => {
    const ids = counterIds();
    const prompt = createUserMessage("hi", ids);
    const partA = assistant([{ type: "text", text: "Partial" }], ids, "end_turn", "r1");
    const partB = assistant([{ type: "text", text: " answer" }], ids, "end_turn", "r1");
    const retry = assistant([{ type: "text", text: "Whole answer." }], ids);
    const path = join(dir, "s.jsonl");
    const writer = openTranscript(options(path));
    writer.append(prompt);
    writer.append(partA);
    writer.append(partB);
    writer.remove(partA.uuid);
    writer.remove(partB.uuid);
    writer.append(retry);
    writer.append(partA);
    writer.close();

    expect(writer.lastUuid()).toBe(retry.uuid);
    const lines = (await readFile(path, "utf8"))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ uuid: retry.uuid, parentUuid: prompt.uuid });
    expect(lines.filter((l) => l.type === "tombstone")).toEqual([
      { type: "tombstone", uuid: partA.uuid },
      { type: "tombstone", uuid: partB.uuid },
    ]);
    expect(await conversationAt(path)).toEqual([prompt, retry]);
  });

  it("leaves out a removed message in the middle while keeping the chain through it", async () => {
    const messages = multiTurnConversation(counterIds());
    const path = join(dir, "s.jsonl");
    const writer = openTranscript(options(path));
    for (const message of messages) writer.append(message);
    writer.remove(messages[3]!.uuid);
    writer.remove("never-written");
    writer.close();
    expect(await conversationAt(path)).toEqual(messages.filter((_, i) => i !== 3));
  });

  it("continues a reopened file from the last message that was not removed", async () => {
    const messages = multiTurnConversation(counterIds()).slice(0, 3);
    const path = join(dir, "s.jsonl");
    const writer = openTranscript(options(path));
    for (const message of messages) writer.append(message);
    writer.remove(messages[2]!.uuid);
    writer.close();
    expect(openTranscript(options(path)).lastUuid()).toBe(messages[1]!.uuid);
  });
});
