import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isPersistedOutput } from "../../src/context/persisted-output.js";
import { createToolResultBudget } from "../../src/context/tool-result-budget.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { historyBuilder, requestViolations, resultTexts } from "./histories.js";

const tool = (name: string, maxResultSizeChars: number) =>
  ({ name, maxResultSizeChars }) as unknown as AnyTool;
const tools = [tool("Bash", 30_000), tool("Read", Number.POSITIVE_INFINITY), tool("Glob", 100_000)];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "keel-budget-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lines(count: number, width = 99): string {
  return Array.from(
    { length: count },
    (_, i) => `${String(i).padStart(5, "0")} ${"x".repeat(width - 6)}`,
  ).join("\n");
}

describe("the tool-result budget", () => {
  it("spills a result over its tool's cap to the session folder and leaves a preview", async () => {
    const h = historyBuilder();
    const big = lines(400); // 40k characters, over Bash's 30k
    const history = [h.user("go"), ...h.round("Bash", { command: "make" }, big)];
    const budget = createToolResultBudget({ sessionDir: dir, tools: () => tools });
    const out = await budget(history);
    const text = resultTexts(out).get("toolu_1") as string;
    const file = path.join(dir, "tool-results", "toolu_1.txt");
    expect(await readFile(file, "utf8")).toBe(big);
    expect(isPersistedOutput(text)).toBe(true);
    expect(text).toContain(`Full output saved to: ${file}`);
    expect(text).toContain("Read on that path with offset and limit");
    expect(text).toContain(big.slice(0, 1_000));
    expect(text.length).toBeLessThan(3_000);
    expect(requestViolations(out)).toEqual([]);
    expect(history[2]).not.toBe(out[2]);
    expect((resultTexts(history).get("toolu_1") as string).length).toBe(big.length);
  });

  it("never spills Read, however large", async () => {
    const h = historyBuilder();
    const history = [h.user("go"), ...h.round("Read", { file_path: "/f" }, lines(3_000))];
    const budget = createToolResultBudget({ sessionDir: dir, tools: () => tools });
    expect(await budget(history)).toBe(history);
  });

  it("spills the largest results of a message first until the message fits its cap", async () => {
    const h = historyBuilder();
    const a = h.round("Glob", { pattern: "a" }, lines(450)); // 45k
    const b = h.round("Glob", { pattern: "b" }, lines(300)); // 30k
    const c = h.round("Glob", { pattern: "c" }, lines(200)); // 20k
    const history = [h.user("go"), ...a, ...b, ...c];
    const budget = createToolResultBudget({
      sessionDir: dir,
      tools: () => tools,
      perMessageChars: 50_000,
    });
    // Separate responses: each message is under 50k, nothing spills.
    expect(await budget(history)).toBe(history);

    // One response with three calls, answered by one user message of ~95k.
    const merged = [
      h.user("go"),
      h.assistant([
        { type: "tool_use", id: "t_a", name: "Glob", input: {} },
        { type: "tool_use", id: "t_b", name: "Glob", input: {} },
        { type: "tool_use", id: "t_c", name: "Glob", input: {} },
      ]),
      h.user("", {
        message: {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t_a", content: lines(450) },
            { type: "tool_result", tool_use_id: "t_b", content: lines(300) },
            { type: "tool_result", tool_use_id: "t_c", content: lines(200) },
          ],
        },
      }),
    ];
    const out = await budget(merged);
    const texts = resultTexts(out);
    expect(isPersistedOutput(texts.get("t_a") as string)).toBe(true);
    expect(isPersistedOutput(texts.get("t_b") as string)).toBe(true);
    expect(texts.get("t_c")).toBe(lines(200));
    expect(requestViolations(out)).toEqual([]);
  });

  it("re-applies each decision byte for byte and never spills a result it once kept", async () => {
    const h = historyBuilder();
    const history = [h.user("go"), ...h.round("Bash", { command: "make" }, lines(400))];
    const budget = createToolResultBudget({
      sessionDir: dir,
      tools: () => tools,
      perMessageChars: 1_000_000,
    });
    const first = await budget(history);
    const again = await budget(history);
    expect(resultTexts(again).get("toolu_1")).toBe(resultTexts(first).get("toolu_1"));
    expect(await budget(first)).toBe(first);

    const kept = [h.user("more"), ...h.round("Glob", { pattern: "*" }, lines(40))];
    const tight = createToolResultBudget({
      sessionDir: dir,
      tools: () => tools,
      perMessageChars: 100_000,
    });
    expect(await tight(kept)).toBe(kept);
    // The same budget, later, with a smaller cap would not change a result it already kept.
    expect(await tight([...kept, h.user("next")])).toHaveLength(kept.length + 1);
    expect(resultTexts(await tight(kept)).get("toolu_2")).toBe(lines(40));
  });

  it("budgets every group of a history seen for the first time (a resume), then only new results", async () => {
    const h = historyBuilder();
    const rounds = [lines(400), lines(10), lines(400)].map((text, i) =>
      h.round("Bash", { command: `step ${i}` }, text),
    );
    const history = [h.user("go"), ...rounds.flat()];
    const budget = createToolResultBudget({ sessionDir: dir, tools: () => tools });
    const texts = resultTexts(await budget(history));
    expect(isPersistedOutput(texts.get("toolu_1") as string)).toBe(true);
    expect(texts.get("toolu_2")).toBe(lines(10));
    expect(isPersistedOutput(texts.get("toolu_3") as string)).toBe(true);

    const next = [...history, ...h.round("Bash", { command: "again" }, lines(400))];
    const after = resultTexts(await budget(next));
    expect(after.get("toolu_1")).toBe(texts.get("toolu_1"));
    expect(isPersistedOutput(after.get("toolu_4") as string)).toBe(true);
  });

  it("keeps the result whole when the spill file cannot be written", async () => {
    const h = historyBuilder();
    const history = [h.user("go"), ...h.round("Bash", { command: "make" }, lines(400))];
    const budget = createToolResultBudget({
      sessionDir: dir,
      tools: () => tools,
      write: async () => {
        throw new Error("disk full");
      },
    });
    expect(await budget(history)).toBe(history);
  });
});
