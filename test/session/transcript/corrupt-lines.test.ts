import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../../../src/protocol/messages.js";
import {
  loadConversation,
  parseTranscript,
  readTranscript,
} from "../../../src/session/transcript/index.js";
import { counterIds, escapeRegExp, multiTurnConversation, tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

function chainLines(messages: readonly Message[]): string[] {
  return messages.map((m, i) =>
    JSON.stringify({ parentUuid: i === 0 ? null : messages[i - 1]!.uuid, ...m }),
  );
}

describe("corrupt transcript lines", () => {
  it("skips bad JSON and wrongly shaped lines in the middle, each with a file:line warning", async () => {
    const messages = multiTurnConversation(counterIds()).slice(0, 3);
    const [first, second, third] = chainLines(messages);
    const path = join(dir, "s.jsonl");
    await writeFile(
      path,
      [
        first,
        "{not json at all",
        JSON.stringify({ parentUuid: messages[0]!.uuid, type: "assistant", uuid: "x" }),
        second,
        "",
        "42",
        JSON.stringify({
          parentUuid: messages[1]!.uuid,
          type: "user",
          uuid: "bad-block",
          timestamp: "2026-01-01T00:00:00.000Z",
          message: { role: "user", content: [{ type: "tool_result" }] },
        }),
        third,
      ].join("\n"),
    );
    const warnings: string[] = [];
    const entries = await readTranscript(path, { onWarning: (w) => warnings.push(w) });

    expect(warnings).toEqual([
      `${path}:2: not valid JSON (a truncated or corrupt line)`,
      expect.stringMatching(new RegExp(`^${escapeRegExp(path)}:3: bad assistant line: `)),
      `${path}:6: not a transcript record (no type)`,
      expect.stringMatching(
        new RegExp(`^${escapeRegExp(path)}:7: bad user line: message\\.content\\.0\\.tool_use_id`),
      ),
    ]);
    expect(loadConversation(entries)).toEqual(messages);
  });

  it("checks the payload of the system subtypes keel reads", () => {
    const bad = JSON.stringify({
      parentUuid: null,
      type: "system",
      subtype: "transition",
      uuid: "t",
      timestamp: "2026-01-01T00:00:00.000Z",
      transition: { kind: "sideways", reason: "next_turn" },
      turnCount: 1,
    });
    const other = JSON.stringify({
      parentUuid: null,
      type: "system",
      subtype: "local_command",
      uuid: "l",
      timestamp: "2026-01-01T00:00:00.000Z",
      content: "ran /status",
    });
    const warnings: string[] = [];
    const entries = parseTranscript(`${bad}\n${other}\n`, "f.jsonl", {
      onWarning: (w) => warnings.push(w),
    });
    expect(warnings).toEqual([
      expect.stringMatching(/^f\.jsonl:1: bad system line: transition\.kind/),
    ]);
    expect(entries.map((e) => (e.kind === "message" ? e.message.uuid : e.kind))).toEqual(["l"]);
  });

  it("reads a line Claude Code wrote, with its extra envelope fields left out of the message", () => {
    const line = JSON.stringify({
      parentUuid: null,
      isSidechain: false,
      userType: "external",
      cwd: "/Users/someone/app",
      sessionId: "0b6c1c1e-5f7a-4c1e-9a53-0d3b1b8e2f10",
      version: "1.0.58",
      gitBranch: "feature",
      entrypoint: "cli",
      type: "user",
      message: { role: "user", content: "why does the build fail?" },
      uuid: "5d1f0a52-1b7e-4f7c-8f5a-3c2d9e7b6a41",
      timestamp: "2025-07-23T02:34:13.997Z",
    });
    const entries = parseTranscript(line, "cc.jsonl", {
      onWarning: (w) => {
        throw new Error(w);
      },
    });
    expect(entries).toEqual([
      {
        kind: "message",
        line: 1,
        envelope: expect.objectContaining({ parentUuid: null, version: "1.0.58" }),
        message: {
          type: "user",
          message: { role: "user", content: "why does the build fail?" },
          uuid: "5d1f0a52-1b7e-4f7c-8f5a-3c2d9e7b6a41",
          timestamp: "2025-07-23T02:34:13.997Z",
        },
      },
    ]);
  });
});
