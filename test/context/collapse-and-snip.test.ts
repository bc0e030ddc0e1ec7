import { describe, expect, it } from "vitest";
import { createContextCollapse } from "../../src/context/collapse.js";
import { createSnip } from "../../src/context/snip.js";
import type { Message } from "../../src/protocol/messages.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { historyBuilder, requestViolations, resultTexts, testIds } from "./histories.js";

const kb4 = "r".repeat(4_000);

function rounds(
  count: number,
  extra: (h: ReturnType<typeof historyBuilder>) => Message[] = () => [],
) {
  const h = historyBuilder();
  const out: Message[] = [h.user("Fix every file.")];
  for (let i = 0; i < count; i++) {
    out.push(
      ...h.round("Read", { file_path: `/src/f${i}.ts` }, kb4, { said: `Reading file ${i}.` }),
    );
    if (i === 2) out.push(...extra(h));
  }
  return out;
}

describe("context collapse", () => {
  const context = makeToolUseContext();
  const options = { ids: testIds("f"), budget: { windowOverride: 40_000 }, keepRecentRounds: 2 };

  it("stages nothing below the threshold and changes nothing until drained", async () => {
    const collapse = createContextCollapse(options);
    const small = rounds(2);
    expect(await collapse.apply(small, context)).toBe(small);
    expect(collapse.stagedCount()).toBe(0);
    const big = rounds(10);
    expect(await collapse.apply(big, context)).toBe(big);
    expect(collapse.stagedCount()).toBe(1);
  });

  it("commits staged folds into one note of tool, target, outcome and size, keeping the newest rounds", async () => {
    const collapse = createContextCollapse(options);
    const history = rounds(10);
    await collapse.apply(history, context);
    const drained = await collapse.collapseDrain(history);
    expect(drained.committed).toBe(1);
    const texts = resultTexts(drained.messages);
    expect([...texts.keys()]).toEqual(["toolu_9", "toolu_10"]);
    const note = drained.messages[1]!;
    expect(note).toMatchObject({ type: "user", isMeta: true });
    const text = note.type === "user" ? String(note.message.content) : "";
    expect(text).toContain("8 earlier tool rounds were collapsed");
    expect(text).toContain('(said: "Reading file 0.")');
    expect(text).toContain("- Read /src/f0.ts → ok, 3.9 KB");
    expect(requestViolations(drained.messages)).toEqual([]);
    // Committed folds are re-applied to the full history the next time around.
    const again = await collapse.apply(history, context);
    expect(again.map((m) => m.uuid)).toEqual(drained.messages.map((m) => m.uuid));
    expect((await collapse.collapseDrain(again)).committed).toBe(0);
  });

  it("never folds across a prompt a person typed", async () => {
    const collapse = createContextCollapse(options);
    const history = rounds(10, (h) => [h.user("Also keep the comments.")]);
    await collapse.apply(history, context);
    const drained = await collapse.collapseDrain(history);
    expect(drained.committed).toBe(2);
    expect(JSON.stringify(drained.messages)).toContain("Also keep the comments.");
    expect(requestViolations(drained.messages)).toEqual([]);
  });
});

describe("snip", () => {
  it("drops the oldest rounds past the cap, leaving a boundary and the latest request", () => {
    const snip = createSnip({ ids: testIds("s"), maxRounds: 3 });
    const history = rounds(6);
    const out = snip(history);
    expect(out.boundary).toMatchObject({ type: "system", subtype: "informational" });
    expect([...resultTexts(out.messages).keys()]).toEqual(["toolu_4", "toolu_5", "toolu_6"]);
    expect(out.messages[0]).toBe(history[0]);
    expect(JSON.stringify(out.messages)).toContain(
      "3 earlier rounds of this conversation were removed",
    );
    expect(requestViolations(out.messages)).toEqual([]);
    // Under the cap: the same array; a later snip counts all removed rounds in one note.
    expect(snip(out.messages).messages).toBe(out.messages);
    const h = historyBuilder(testIds("x"));
    const more = snip([...out.messages, ...h.round("Bash", { command: "ls" }, "ok")]);
    const notes = more.messages.filter((m) => m.type === "user" && m.isMeta);
    expect(notes).toHaveLength(1);
    expect(JSON.stringify(notes)).toContain("4 earlier rounds");
  });

  it("re-adds the latest user request when its round was dropped", () => {
    const snip = createSnip({ ids: testIds("s"), maxRounds: 2 });
    const history = rounds(6, (h) => [h.user("Also keep the comments.")]);
    const out = snip(history);
    const typed = out.messages.filter(
      (m) => m.type === "user" && !m.isMeta && typeof m.message.content === "string",
    );
    expect(typed.map((m) => (m.type === "user" ? m.message.content : ""))).toEqual([
      "Fix every file.",
      "Also keep the comments.",
    ]);
    expect(requestViolations(out.messages)).toEqual([]);
  });
});
