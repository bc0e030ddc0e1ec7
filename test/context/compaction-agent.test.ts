import { describe, expect, it } from "vitest";
import { createCompaction } from "../../src/context/compaction.js";
import type { Message } from "../../src/protocol/messages.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { historyBuilder, testIds } from "./histories.js";
import { scriptedCallModel } from "./scripted-call-model.js";

/** A history long enough to pass a 50k window's threshold. */
function longHistory(): Message[] {
  const h = historyBuilder();
  const out: Message[] = [h.user("Review the parser.")];
  for (let i = 0; i < 20; i++)
    out.push(...h.round("Read", { file_path: `f${i}` }, "r".repeat(4_000)));
  out.push(h.user("Go on."));
  return out;
}

const summary = (text: string) => `<summary>\n${text}\n</summary>`;

describe("a subagent's compaction", () => {
  it("names the subagent in its summary request, so a scenario answers it from the agent's script", async () => {
    const { callModel, provider } = scriptedCallModel({
      turns: [],
      side: [{ match: { requestKind: "compact" }, content: summary("The main thread's work.") }],
      agents: {
        reviewer: {
          turns: [],
          side: [{ match: { requestKind: "compact" }, content: summary("The review so far.") }],
        },
      },
    });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      budget: { windowOverride: 50_000 },
    });
    const asReviewer = { ...makeToolUseContext(), agentId: "a1", agentType: "reviewer" };
    const reviewed = await compaction.autocompact(longHistory(), asReviewer);
    const main = await compaction.autocompact(longHistory(), makeToolUseContext());
    expect(provider.requests.map((r) => [r.kind, r.agent])).toEqual([
      ["compact", "reviewer"],
      ["compact", undefined],
    ]);
    expect(JSON.stringify(reviewed?.messages)).toContain("The review so far.");
    expect(JSON.stringify(main?.messages)).toContain("The main thread's work.");
  });
});
