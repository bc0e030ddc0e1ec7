import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shownHistory } from "../../../../src/cli/repl/commands/shown-history.js";
import { shownMessages } from "../../../../src/cli/repl/startup/history-view.js";
import { createMicrocompact } from "../../../../src/context/microcompact.js";
import type { Message } from "../../../../src/protocol/messages.js";
import { openTranscript, type ShownEntry } from "../../../../src/session/transcript/index.js";
import { historyBuilder } from "../../../context/histories.js";
import { makeToolUseContext } from "../../../helpers/tool-context.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-shown-history-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const output = "o".repeat(4_000);

/** The message of a shown entry (these conversations have no display records). */
function messageOf(entry: ShownEntry): Message {
  if (entry.kind !== "message") throw new Error(`a ${entry.kind} entry where a message was`);
  return entry.message;
}

/** Three rounds whose results carry the tool's output, as the tool pipeline makes them. */
function conversation(): Message[] {
  const h = historyBuilder();
  const rounds = [0, 1, 2].flatMap((i) => h.round("Bash", { command: `step-${i}` }, output));
  return [h.user("go"), ...rounds].map((m) =>
    m.type === "user" && typeof m.message.content !== "string"
      ? { ...m, toolUseResult: { stdout: output } }
      : m,
  );
}

function recorded(messages: readonly Message[]): string {
  const path = join(dir, "session.jsonl");
  const writer = openTranscript({
    path,
    sessionId: "11111111-2222-4333-8444-555555555555",
    cwd: dir,
    version: "test",
    onError: (error) => {
      throw error;
    },
  });
  for (const message of messages) writer.append(message);
  writer.close();
  return path;
}

describe("shownHistory", () => {
  it("reads the results back whole from the transcript where the engine holds them cleared", async () => {
    const original = conversation();
    const path = recorded(original);
    const micro = createMicrocompact({ keepRecentTokens: 1_000, minSavingsTokens: 500 });
    const held = await micro(original, makeToolUseContext());
    expect(held).not.toBe(original);

    const shown = (await shownHistory(held, path)).map(messageOf);
    expect(shown.map((m) => m.uuid)).toEqual(original.map((m) => m.uuid));
    expect(JSON.stringify(shown)).not.toContain("Old tool result content cleared");
    const answers = shown.filter((m) => m.type === "user" && m.toolUseResult !== undefined);
    expect(answers).toHaveLength(3);
  });

  it("stops at the engine's last message (a rewind leaves later ones in the file)", async () => {
    const original = conversation();
    const path = recorded(original);
    const rewound = original.slice(0, 3);
    const shown = (await shownHistory(rewound, path)).map(messageOf);
    expect(shown.map((m) => m.uuid)).toEqual(rewound.map((m) => m.uuid));
  });

  it("is the engine's history without a transcript, or when the transcript lacks its last message", async () => {
    const original = conversation();
    const asShown = shownMessages(original);
    expect(await shownHistory(original, undefined)).toEqual(asShown);
    const path = join(dir, "other.jsonl");
    await writeFile(path, "");
    expect(await shownHistory(original, path)).toEqual(asShown);
    expect(await shownHistory(original, join(dir, "missing.jsonl"))).toEqual(asShown);
  });
});
