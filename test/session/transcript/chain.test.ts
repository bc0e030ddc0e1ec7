import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserMessage } from "../../../src/protocol/factories.js";
import type { Message } from "../../../src/protocol/messages.js";
import {
  loadConversation,
  openTranscript,
  readTranscript,
  type TranscriptEntry,
} from "../../../src/session/transcript/index.js";
import {
  assistant,
  compactBoundary,
  counterIds,
  multiTurnConversation,
  tempDir,
} from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

function writeAll(path: string, messages: readonly Message[], lastUuid?: string): void {
  const writer = openTranscript({
    path,
    sessionId: "s",
    cwd: "/p",
    version: "0.1.0",
    ...(lastUuid === undefined ? {} : { lastUuid }),
    onError: (error) => {
      throw error;
    },
  });
  for (const message of messages) writer.append(message);
  writer.close();
}

async function entriesOf(path: string): Promise<TranscriptEntry[]> {
  return readTranscript(path, {
    onWarning: (w) => {
      throw new Error(w);
    },
  });
}

describe("loading the conversation chain", () => {
  it("starts at the latest compact boundary, which links to what it replaced only logically", async () => {
    const ids = counterIds();
    const before = multiTurnConversation(ids);
    const boundary = compactBoundary(ids);
    const summary = createUserMessage("Summary: the files were listed and read.", ids, {
      isCompactSummary: true,
    });
    const after = [
      createUserMessage("And now?", ids),
      assistant([{ type: "text", text: "Done." }], ids),
    ];
    const path = join(dir, "s.jsonl");
    writeAll(path, [...before, boundary, summary, ...after]);

    const boundaryLine = (await readFile(path, "utf8")).split("\n")[before.length]!;
    expect(JSON.parse(boundaryLine)).toMatchObject({
      uuid: boundary.uuid,
      parentUuid: null,
      logicalParentUuid: before.at(-1)!.uuid,
    });
    expect(loadConversation(await entriesOf(path))).toEqual([boundary, summary, ...after]);
  });

  it("loads the messages a compaction kept from their copies after the boundary", async () => {
    const ids = counterIds();
    const before = multiTurnConversation(ids);
    const kept = before.slice(-2);
    const boundary = compactBoundary(ids);
    const summary = createUserMessage("Summary so far.", ids, { isCompactSummary: true });
    const after = [
      createUserMessage("Go on.", ids),
      assistant([{ type: "text", text: "Ok." }], ids),
    ];
    const path = join(dir, "kept.jsonl");
    writeAll(path, [...before, boundary, summary, ...kept, ...after]);

    expect(loadConversation(await entriesOf(path))).toEqual([boundary, summary, ...kept, ...after]);
  });

  it("follows the branch ending at the chosen leaf and leaves out messages off that branch", async () => {
    const ids = counterIds();
    const trunk = multiTurnConversation(ids).slice(0, 3);
    const firstTry = [assistant([{ type: "text", text: "first answer" }], ids)];
    const secondTry = [
      createUserMessage("try again", ids),
      assistant([{ type: "text", text: "second answer" }], ids),
    ];
    const path = join(dir, "s.jsonl");
    writeAll(path, [...trunk, ...firstTry]);
    writeAll(path, secondTry, trunk.at(-1)!.uuid);
    const entries = await entriesOf(path);

    expect(loadConversation(entries)).toEqual([...trunk, ...secondTry]);
    expect(loadConversation(entries, { leafUuid: firstTry[0]!.uuid })).toEqual([
      ...trunk,
      ...firstTry,
    ]);
    expect(() => loadConversation(entries, { leafUuid: "nope" })).toThrow(/nope/);
  });

  it("loads nothing from a transcript without messages", () => {
    const entries: TranscriptEntry[] = [
      { kind: "record", line: 1, record: { type: "summary", summary: "s", leafUuid: "x" } },
    ];
    expect(loadConversation(entries)).toEqual([]);
  });

  it("stops at a parent that is missing from the file instead of failing", async () => {
    const ids = counterIds();
    const messages = multiTurnConversation(ids).slice(0, 3);
    const path = join(dir, "s.jsonl");
    writeAll(path, messages.slice(1), "lost-parent");
    expect(loadConversation(await entriesOf(path))).toEqual(messages.slice(1));
  });
});
