import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { promptChoices } from "../../../../src/cli/prompt-text.js";
import { listProjectSessions } from "../../../../src/cli/session-list.js";
import { projectDir } from "../../../../src/config/paths.js";
import type { Message } from "../../../../src/protocol/messages.js";

let state: string;
const cwd = "/work/some-project";

beforeEach(async () => {
  state = await mkdtemp(join(tmpdir(), "keel-sessions-"));
});
afterEach(async () => {
  await rm(state, { recursive: true, force: true });
});

let n = 0;
function user(text: string, parent: string | null, extra: Record<string, unknown> = {}) {
  const uuid = `u-${++n}`;
  return {
    line: {
      type: "user",
      uuid,
      parentUuid: parent,
      isSidechain: false,
      sessionId: "s",
      timestamp: "2026-01-01T00:00:00Z",
      message: { role: "user", content: text },
      ...extra,
    },
    uuid,
  };
}
function assistant(text: string, parent: string) {
  const uuid = `a-${++n}`;
  return {
    line: {
      type: "assistant",
      uuid,
      parentUuid: parent,
      isSidechain: false,
      sessionId: "s",
      timestamp: "2026-01-01T00:00:01Z",
      message: {
        id: `msg_${n}`,
        model: "m",
        role: "assistant",
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    },
    uuid,
  };
}

async function writeSession(id: string, lines: unknown[], mtimeSeconds: number) {
  const dir = projectDir(state, cwd);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${id}.jsonl`);
  await writeFile(path, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  await utimes(path, mtimeSeconds, mtimeSeconds);
}

describe("the /resume list", () => {
  it("lists the project's sessions newest first with first prompt and message count, not the running one", async () => {
    const a1 = user("fix the parser", null);
    const a2 = assistant("Fixed.", a1.uuid);
    await writeSession("older", [a1.line, a2.line], 1_000);
    const b1 = user("<bash-input>ls</bash-input>", null);
    const b2 = user("write the docs", b1.uuid);
    await writeSession("newer", [b1.line, b2.line], 2_000);
    const c1 = user("the running one", null);
    await writeSession("current", [c1.line], 3_000);
    await writeSession("empty", [], 4_000);
    const list = await listProjectSessions(state, cwd, "current");
    expect(list).toEqual([
      {
        sessionId: "newer",
        title: "write the docs",
        firstPrompt: "write the docs",
        modifiedMs: 2_000_000,
        messageCount: 2,
      },
      {
        sessionId: "older",
        title: "fix the parser",
        firstPrompt: "fix the parser",
        modifiedMs: 1_000_000,
        messageCount: 2,
      },
    ]);
  });

  it("prefers a summary record to the first prompt", async () => {
    const a1 = user("first prompt", null);
    await writeSession(
      "s1",
      [a1.line, { type: "summary", summary: "Parser work", leafUuid: a1.uuid }],
      1_000,
    );
    const [listed] = await listProjectSessions(state, cwd, "x");
    expect(listed?.title).toBe("Parser work");
    expect(listed?.firstPrompt).toBe("first prompt");
  });

  it("is empty when the project has no sessions folder", async () => {
    expect(await listProjectSessions(state, "/nowhere", "x")).toEqual([]);
  });
});

describe("the /rewind list", () => {
  it("offers typed prompts newest first, not tool results, meta notes, interruptions or !cmd records", () => {
    const messages = [
      user("first", null).line,
      user("[Request interrupted by user]", null).line,
      user("<bash-input>ls</bash-input>", null).line,
      user("note", null, { isMeta: true }).line,
      {
        ...user("", null).line,
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "t", content: "x" }],
        },
      },
      user("second", null).line,
    ] as unknown as Message[];
    expect(promptChoices(messages).map((c) => c.text)).toEqual(["second", "first"]);
  });
});
