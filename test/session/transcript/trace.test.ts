import { describe, expect, it } from "vitest";
import { createUserMessage } from "../../../src/protocol/factories.js";
import type { Message } from "../../../src/protocol/messages.js";
import { type TranscriptEntry, traceLines } from "../../../src/session/transcript/index.js";
import { assistant, compactBoundary, counterIds, transition } from "./conversation.js";

function entries(messages: readonly Message[]): TranscriptEntry[] {
  return messages.flatMap((message, i): TranscriptEntry[] =>
    message.type === "progress"
      ? []
      : [
          {
            kind: "message",
            line: i + 1,
            envelope: { parentUuid: null, isSidechain: false },
            message,
          },
        ],
  );
}

describe("tracing a session's transitions", () => {
  it("lists each prompt and the transitions of its turns, with their payloads", () => {
    const ids = counterIds();
    const long = `Refactor the parser\n  so that ${"x".repeat(100)}`;
    const messages: Message[] = [
      createUserMessage(long, ids),
      assistant([{ type: "text", text: "Working." }], ids),
      transition("continue", "next_turn", 1, ids),
      assistant([{ type: "text", text: "cut off" }], ids, "max_tokens"),
      transition("continue", "max_output_tokens_recovery", 2, ids, { attempt: 1 }),
      assistant([{ type: "text", text: "Done." }], ids),
      transition("terminal", "completed", 3, ids),
      createUserMessage([{ type: "text", text: "Short one" }], ids),
      transition("terminal", "max_turns", 1, ids, { turnCount: 1 }),
    ];
    expect(traceLines(entries(messages))).toEqual([
      `> ${`Refactor the parser so that ${"x".repeat(100)}`.slice(0, 80)}…`,
      "turn 1  continue next_turn",
      'turn 2  continue max_output_tokens_recovery {"attempt":1}',
      "turn 3  terminal completed",
      "> Short one",
      'turn 1  terminal max_turns {"turnCount":1}',
    ]);
  });

  it("leaves out tool results and meta notes, and marks compactions", () => {
    const ids = counterIds();
    const messages: Message[] = [
      createUserMessage([{ type: "tool_result", tool_use_id: "t", content: "ok" }], ids),
      createUserMessage("<system-reminder>context</system-reminder>", ids, { isMeta: true }),
      compactBoundary(ids),
      createUserMessage("summary", ids, { isCompactSummary: true }),
    ];
    const records: TranscriptEntry[] = [
      { kind: "record", line: 99, record: { type: "file-history-snapshot" } },
    ];
    expect(traceLines([...entries(messages), ...records])).toEqual([
      "-- compacted (auto, 150000 tokens before)",
    ]);
  });
});
