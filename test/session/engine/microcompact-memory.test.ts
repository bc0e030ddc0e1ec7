import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CLEARED_MARKER_PREFIX, createMicrocompact } from "../../../src/context/microcompact.js";
import type { Message, UserMessage } from "../../../src/protocol/messages.js";
import { fourKilobyteBash } from "../../helpers/four-kilobyte-bash.js";
import { collect, resultOf, scriptedEngine } from "./helpers.js";

const requestBody = z.object({ messages: z.array(z.unknown()) });

function toolResults(messages: readonly Message[]): UserMessage[] {
  return messages.filter(
    (m): m is UserMessage =>
      m.type === "user" &&
      typeof m.message.content !== "string" &&
      m.message.content.some((b) => b.type === "tool_result"),
  );
}

function resultText(message: UserMessage): string {
  const block =
    typeof message.message.content === "string" ? undefined : message.message.content[0];
  return block?.type === "tool_result" && typeof block.content === "string" ? block.content : "";
}

function cleared(message: UserMessage): boolean {
  return resultText(message).startsWith(CLEARED_MARKER_PREFIX);
}

describe("QueryEngine and microcompact", () => {
  it("keeps what microcompact cleared instead of the originals, and the transcript keeps the originals", async () => {
    const steps = 8;
    const reported: string[] = [];
    const { engine, provider, transcript } = scriptedEngine(
      {
        turnMode: "count",
        turns: [
          ...Array.from({ length: steps }, (_, i) => ({
            content: [{ type: "tool_use", name: "Bash", input: { command: `step-${i}` } }],
          })),
          { content: "All steps done." },
          { content: "Still here." },
        ],
      },
      {
        tools: [fourKilobyteBash],
        contextDeps: () => ({
          microcompact: createMicrocompact({
            keepRecentTokens: 2_000,
            minSavingsTokens: 1_000,
            onCleared: (results) => reported.push(...results.map((r) => r.toolUseId)),
          }),
        }),
      },
    );
    const first = await collect(engine.submitMessage("Run every step."));
    expect(resultOf(first).result).toBe("All steps done.");

    const held = toolResults(engine.messages);
    expect(held).toHaveLength(steps);
    const old = held.filter(cleared);
    expect(old.length).toBeGreaterThanOrEqual(4);
    // The cleared ones are the oldest, and hold neither the content nor the tool's own output.
    expect(held.slice(0, old.length).every(cleared)).toBe(true);
    for (const message of old) expect(message.toolUseResult).toBeUndefined();
    for (const message of held.slice(old.length)) {
      expect(resultText(message)).toContain("o".repeat(4_000));
      expect(message.toolUseResult).toBeDefined();
    }

    const recorded = toolResults(transcript);
    expect(recorded).toHaveLength(steps);
    for (const message of recorded) {
      expect(cleared(message)).toBe(false);
      expect(message.toolUseResult).toBeDefined();
    }

    // The next turn starts from the cleared history: nothing is cleared (or reported) twice,
    // and the request repeats the last one's messages.
    const sentMessages = () =>
      JSON.stringify(requestBody.parse(provider.requests.at(-1)?.body).messages);
    const before = sentMessages();
    const clearedInFirstTurn = reported.length;
    const second = await collect(engine.submitMessage("Still there?"));
    expect(resultOf(second).result).toBe("Still here.");
    expect(reported).toHaveLength(clearedInFirstTurn);
    expect(sentMessages().startsWith(before.slice(0, -1))).toBe(true);
  });
});
