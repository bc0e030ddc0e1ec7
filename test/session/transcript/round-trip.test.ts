import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Message, ProgressMessage } from "../../../src/protocol/messages.js";
import {
  loadConversation,
  openTranscript,
  readTranscript,
  sessionTranscriptPath,
  subagentTranscriptPath,
  type TranscriptOptions,
} from "../../../src/session/transcript/index.js";
import { counterIds, multiTurnConversation, tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

function options(path: string, overrides: Partial<TranscriptOptions> = {}): TranscriptOptions {
  return {
    path,
    sessionId: "session-1",
    cwd: "/home/me/project",
    version: "0.1.0",
    gitBranch: "main",
    onError: (error) => {
      throw error;
    },
    ...overrides,
  };
}

function noWarnings(): { onWarning: (w: string) => void; warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, onWarning: (w) => warnings.push(w) };
}

async function jsonLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, "utf8");
  return text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("transcript write and read", () => {
  it("reads back a multi-turn conversation with tool calls exactly as it was written", async () => {
    const path = sessionTranscriptPath(dir, "/home/me/project", "session-1");
    const messages = multiTurnConversation(counterIds());
    const writer = openTranscript(options(path));
    for (const message of messages) writer.append(message);
    writer.close();

    const read = noWarnings();
    const entries = await readTranscript(path, read);
    expect(read.warnings).toEqual([]);
    expect(loadConversation(entries)).toEqual(messages);
  });

  it("writes one line per message in Claude Code's envelope, each parented on the one before", async () => {
    const path = join(dir, "s.jsonl");
    const messages = multiTurnConversation(counterIds());
    const writer = openTranscript(options(path, { agentId: "agent-7", isSidechain: true }));
    for (const message of messages) writer.append(message);
    writer.close();

    const lines = await jsonLines(path);
    expect(lines).toHaveLength(messages.length);
    expect(lines[0]).toMatchObject({
      parentUuid: null,
      isSidechain: true,
      userType: "external",
      cwd: "/home/me/project",
      sessionId: "session-1",
      version: "0.1.0",
      gitBranch: "main",
      agentId: "agent-7",
      type: "user",
      uuid: messages[0]!.uuid,
    });
    lines.slice(1).forEach((line, i) => {
      expect(line.parentUuid).toBe(messages[i]!.uuid);
    });
  });

  it("creates the file and its folders only when the first message is appended", async () => {
    const path = sessionTranscriptPath(dir, "/work/x", "lazy");
    const writer = openTranscript(options(path));
    expect(existsSync(join(dir, "projects"))).toBe(false);
    writer.append(multiTurnConversation(counterIds())[0]!);
    writer.close();
    expect(await jsonLines(path)).toHaveLength(1);
  });

  it("does not write progress messages", async () => {
    const path = join(dir, "s.jsonl");
    const [prompt] = multiTurnConversation(counterIds());
    const progress: ProgressMessage = {
      type: "progress",
      uuid: "p-1",
      timestamp: "2026-01-01T00:00:00.000Z",
      toolUseID: "toolu_1",
      parentToolUseID: "toolu_1",
      data: { lines: 3 },
    };
    const writer = openTranscript(options(path));
    writer.append(progress);
    expect(existsSync(path)).toBe(false);
    writer.append(prompt!);
    writer.close();
    expect((await jsonLines(path)).map((l) => l.uuid)).toEqual([prompt!.uuid]);
  });

  it("skips messages already in the file, so re-appending a resumed history writes nothing", async () => {
    const path = join(dir, "s.jsonl");
    const ids = counterIds();
    const history = multiTurnConversation(ids);
    const first = openTranscript(options(path));
    for (const message of history) first.append(message);
    first.close();
    const before = await readFile(path, "utf8");

    const resumed = openTranscript(options(path));
    for (const message of history) resumed.append(message);
    expect(await readFile(path, "utf8")).toBe(before);

    const next = multiTurnConversation(counterIds("next"))[0]!;
    resumed.append(next);
    resumed.close();
    const lines = await jsonLines(path);
    expect(lines).toHaveLength(history.length + 1);
    expect(lines.at(-1)).toMatchObject({ uuid: next.uuid, parentUuid: history.at(-1)!.uuid });
  });

  it("parents the first new message of a reopened file on the file's last message by default", async () => {
    const path = join(dir, "s.jsonl");
    const history = multiTurnConversation(counterIds());
    const first = openTranscript(options(path));
    for (const message of history.slice(0, 3)) first.append(message);
    first.close();

    const reopened = openTranscript(options(path));
    expect(reopened.lastUuid()).toBe(history[2]!.uuid);
    const chosen = openTranscript(options(path, { lastUuid: history[0]!.uuid }));
    expect(chosen.lastUuid()).toBe(history[0]!.uuid);
  });

  it("keeps unknown record types and bookkeeping records out of the conversation", async () => {
    const path = join(dir, "s.jsonl");
    const messages = multiTurnConversation(counterIds()).slice(0, 3);
    const writer = openTranscript(options(path));
    writer.append(messages[0]!);
    writer.appendRecord({ type: "file-history-snapshot", messageId: messages[0]!.uuid, files: {} });
    writer.append(messages[1]!);
    writer.close();
    await writeFile(
      path,
      `${await readFile(path, "utf8")}{"type":"some-future-record","payload":[1,2]}\n`,
    );
    const again = openTranscript(options(path));
    again.append(messages[2]!);
    again.close();

    const read = noWarnings();
    const entries = await readTranscript(path, read);
    expect(read.warnings).toEqual([]);
    expect(entries.filter((e) => e.kind === "record").map((e) => e.record.type)).toEqual([
      "file-history-snapshot",
      "some-future-record",
    ]);
    expect(loadConversation(entries)).toEqual(messages);
  });

  it("refuses a message type given to appendRecord", () => {
    const writer = openTranscript(options(join(dir, "s.jsonl")));
    expect(() => writer.appendRecord({ type: "user", uuid: "u" })).toThrow(/append\(\)/);
  });

  it("reports a write failure once through onError and does not throw", async () => {
    const blocker = join(dir, "not-a-folder");
    await writeFile(blocker, "a file where a folder should be");
    const errors: Error[] = [];
    const writer = openTranscript(
      options(join(blocker, "s.jsonl"), { onError: (e) => errors.push(e) }),
    );
    const messages: Message[] = multiTurnConversation(counterIds());
    for (const message of messages) writer.append(message);
    writer.appendRecord({ type: "file-history-snapshot" });
    writer.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "ENOTDIR" });
    expect(writer.lastUuid()).toBeNull();
  });

  it("places a subagent's transcript in the session folder's subagents folder", () => {
    expect(subagentTranscriptPath("/state/projects/-p/s1", "abc")).toBe(
      "/state/projects/-p/s1/subagents/agent-abc.jsonl",
    );
    expect(sessionTranscriptPath("/state", "/home/me/p", "s1")).toBe(
      "/state/projects/-home-me-p/s1.jsonl",
    );
  });
});
