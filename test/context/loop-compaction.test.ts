import { describe, expect, it } from "vitest";
import { createContextCollapse } from "../../src/context/collapse.js";
import { createCompaction } from "../../src/context/compaction.js";
import { createContextPipeline } from "../../src/context/pipeline.js";
import type { Message } from "../../src/protocol/messages.js";
import { fourKilobyteBash } from "../helpers/four-kilobyte-bash.js";
import { counterIds, messagesOf, runLoop } from "../loop/harness.js";
import { requestText, SUMMARY_ANSWER, scriptedCallModel } from "./scripted-call-model.js";

const ptl = {
  type: "http_error",
  status: 400,
  body: {
    type: "error",
    error: {
      type: "invalid_request_error",
      message: "prompt is too long: 41000 tokens > 40000 maximum",
    },
  },
};

const reasons = (run: { transitions: Array<{ reason: string }> }) =>
  run.transitions.map((t) => t.reason);

function compactionFor(windowOverride: number) {
  const side = scriptedCallModel({
    turns: [],
    side: [{ match: { requestKind: "compact" }, content: SUMMARY_ANSWER }],
  });
  const compaction = createCompaction({
    callModel: side.callModel,
    ids: counterIds(),
    model: () => "claude-test",
    budget: { windowOverride },
  });
  return { compaction, summaries: side.provider.requests };
}

const boundaries = (messages: Message[]) =>
  messages.filter((m) => m.type === "system" && m.subtype === "compact_boundary");

describe("compaction in the loop", () => {
  it("a long session compacts on its own and carries on with the task", async () => {
    const steps = 24;
    const turns = [
      ...Array.from({ length: steps }, (_, i) => ({
        content: [{ type: "tool_use", name: "Bash", input: { command: `step-${i}` } }],
      })),
      { content: "All steps done." },
    ];
    // 40k window: effective 20k, auto-compact at 7k tokens (~7 rounds of 4 KB).
    const { compaction, summaries } = compactionFor(40_000);
    const run = await runLoop(
      { turnMode: "count", turns },
      {
        tools: [fourKilobyteBash],
        prompt: "Run every step.",
        deps: { autocompact: compaction.autocompact, reactiveCompact: compaction.reactiveCompact },
      },
    );
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(run.violations).toEqual([]);
    const compactions = boundaries(messagesOf(run)).length;
    expect(compactions).toBeGreaterThanOrEqual(2);
    expect(summaries).toHaveLength(compactions);
    expect(run.requests).toHaveLength(steps + 1);
    // Every request stays under the window; the one after a compaction carries the summary and the prompt.
    for (const body of run.requests)
      expect(JSON.stringify(body.messages).length / 4).toBeLessThan(20_000);
    const afterCompaction = run.requests.find((body) => requestText(body).includes("Summary:"));
    expect(requestText(afterCompaction!)).toContain("Run every step.");
    expect(requestText(afterCompaction!)).not.toContain("scratch thoughts");
    // Every step ran, compactions or not.
    const results = JSON.stringify(messagesOf(run).filter((m) => m.type === "user"));
    for (let i = 0; i < steps; i++) expect(results).toContain(`step-${i}\\n`);
  });

  it("a prompt-too-long 400 triggers one reactive compaction and a retry", async () => {
    const { compaction, summaries } = compactionFor(200_000);
    const run = await runLoop(
      { turns: [{ content: "Answer after compaction.", faults: [ptl] }] },
      {
        deps: { autocompact: compaction.autocompact, reactiveCompact: compaction.reactiveCompact },
      },
    );
    expect(reasons(run)).toEqual(["reactive_compact_retry", "completed"]);
    expect(summaries).toHaveLength(1);
    expect(run.requests).toHaveLength(2);
    expect(requestText(run.requests[1]!)).toContain("Summary:\n1. Primary Request and Intent");
    expect(requestText(run.requests[1]!)).toContain("do the task");
  });

  it("a second overflow ends the turn with prompt_too_long", async () => {
    const { compaction, summaries } = compactionFor(200_000);
    const run = await runLoop(
      { turns: [{ content: "never", faults: [{ ...ptl, times: 2 }] }] },
      {
        deps: { autocompact: compaction.autocompact, reactiveCompact: compaction.reactiveCompact },
      },
    );
    expect(run.terminal).toEqual({ reason: "prompt_too_long" });
    expect(reasons(run)).toEqual(["reactive_compact_retry", "prompt_too_long"]);
    expect(summaries).toHaveLength(1);
    const last = messagesOf(run)
      .filter((m) => m.type === "assistant")
      .at(-1);
    expect(last).toMatchObject({ isApiErrorMessage: true });
  });

  it("staged collapses are committed first on a prompt-too-long, before any summary", async () => {
    const turns = [
      ...Array.from({ length: 8 }, (_, i) => ({
        content: [{ type: "tool_use", name: "Bash", input: { command: `step-${i}` } }],
      })),
      { content: "Fits after the folds.", faults: [ptl] },
    ];
    const { compaction, summaries } = compactionFor(200_000);
    const collapse = createContextCollapse({
      ids: counterIds(),
      budget: { windowOverride: 40_000 },
      stageRatio: 0.5,
      keepRecentRounds: 2,
    });
    const run = await runLoop(
      { turnMode: "count", turns },
      {
        tools: [fourKilobyteBash],
        deps: {
          microcompact: createContextPipeline({ collapse }).step,
          collapseDrain: collapse.collapseDrain,
          reactiveCompact: compaction.reactiveCompact,
        },
      },
    );
    expect(reasons(run).slice(-2)).toEqual(["collapse_drain_retry", "completed"]);
    expect(summaries).toHaveLength(0);
    expect(run.violations).toEqual([]);
    const retried = requestText(run.requests.at(-1)!);
    expect(retried).toContain("earlier tool rounds were collapsed");
    expect(retried).toContain("- Bash step-0 → ok");
    expect(JSON.stringify(run.requests.at(-1))).toContain("step-7");
  });
});
