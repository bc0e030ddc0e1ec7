import { describe, expect, it } from "vitest";
import {
  CLEARED_MARKER_PREFIX,
  type ClearedToolResult,
  createMicrocompact,
  forgetClearedReads,
} from "../../src/context/microcompact.js";
import { FileStateCache } from "../../src/tools/file-state-cache.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { historyBuilder, requestViolations, resultTexts } from "./histories.js";

const kb4 = "r".repeat(4_000); // 1,000 tokens

function session() {
  const h = historyBuilder();
  return [
    h.user("start"),
    ...h.round("Read", { file_path: "/src/a.ts" }, kb4),
    ...h.round("Bash", { command: "npm test" }, kb4),
    ...h.round("Agent", { description: "look around" }, kb4),
    ...h.round("Grep", { pattern: "TODO" }, kb4),
    ...h.round("Read", { file_path: "/src/b.ts" }, kb4),
    ...h.round("Glob", { pattern: "**/*.ts" }, kb4),
  ];
}

describe("microcompact", () => {
  it("clears old results of compactable tools outside the newest tokens of tool output", async () => {
    const history = session();
    const micro = createMicrocompact({ keepRecentTokens: 2_000, minSavingsTokens: 1_000 });
    const out = await micro(history, makeToolUseContext());
    const texts = resultTexts(out);
    expect(texts.get("toolu_6")).toBe(kb4);
    expect(texts.get("toolu_5")).toBe(kb4);
    expect(texts.get("toolu_3")).toBe(kb4); // Agent is not compactable
    for (const id of ["toolu_1", "toolu_2", "toolu_4"]) {
      expect(texts.get(id)).toMatch(new RegExp(`^\\${CLEARED_MARKER_PREFIX}`));
    }
    expect(texts.get("toolu_2")).toBe("[Old tool result content cleared: Bash, 3.9 KB]");
    expect(requestViolations(out)).toEqual([]);
    expect(out).toHaveLength(history.length);
  });

  it("is idempotent: a second pass returns the same array", async () => {
    const micro = createMicrocompact({ keepRecentTokens: 2_000, minSavingsTokens: 1_000 });
    const context = makeToolUseContext();
    const once = await micro(session(), context);
    expect(await micro(once, context)).toBe(once);
  });

  it("does nothing unless it saves enough to be worth breaking the cached prefix", async () => {
    const history = session();
    const micro = createMicrocompact({ keepRecentTokens: 2_000, minSavingsTokens: 10_000 });
    expect(await micro(history, makeToolUseContext())).toBe(history);
  });

  it("tells which results it cleared, so cleared Reads are forgotten", async () => {
    const readFileState = new FileStateCache();
    readFileState.set("/src/a.ts", { content: kb4, timestamp: 1, fromRead: true });
    readFileState.set("/src/b.ts", { content: kb4, timestamp: 1, fromRead: true });
    const seen: ClearedToolResult[][] = [];
    const micro = createMicrocompact({
      keepRecentTokens: 2_000,
      minSavingsTokens: 1_000,
      onCleared: (cleared, context) => {
        seen.push([...cleared]);
        forgetClearedReads(cleared, context);
      },
    });
    await micro(session(), makeToolUseContext({ readFileState }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.map((c) => c.toolUseId).sort()).toEqual(["toolu_1", "toolu_2", "toolu_4"]);
    expect(readFileState.get("/src/a.ts")).toBeUndefined();
    expect(readFileState.get("/src/b.ts")).toBeDefined();
  });
});
