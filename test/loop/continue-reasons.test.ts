import { describe, expect, it } from "vitest";
import { createSummaryCompactor } from "../../src/context/summary-compactor.js";
import type { CallModel } from "../../src/loop/params.js";
import { streamWithRetry } from "../../src/model/retry.js";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { counterIds, messagesOf, runLoop } from "./harness.js";
import { echoTool } from "./tools.js";

const ptl = {
  type: "http_error",
  status: 400,
  body: {
    type: "error",
    error: {
      type: "invalid_request_error",
      message: "prompt is too long: 210000 tokens > 200000 maximum",
    },
  },
};

const reasons = (run: { transitions: Array<{ reason: string }> }) =>
  run.transitions.map((t) => t.reason);

function lastUserText(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{
    role: string;
    content: Array<{ type: string; text?: string }>;
  }>;
  const last = messages.at(-1)!;
  return last.content.map((b) => b.text ?? "").join("");
}

describe("the loop's continue reasons", () => {
  it("next_turn: a tool round feeds its results back and the loop goes on", async () => {
    const run = await runLoop(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "hi" } }] },
          { content: "All done." },
        ],
      },
      { tools: [echoTool] },
    );
    expect(reasons(run)).toEqual(["next_turn", "completed"]);
    expect(run.terminal).toEqual({ reason: "completed" });
    const second = run.requests[1]!.messages as Array<{
      role: string;
      content: Array<Record<string, unknown>>;
    }>;
    expect(second.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(second[2]!.content[0]).toMatchObject({ type: "tool_result", content: "echo: hi" });
    expect(run.violations).toEqual([]);
  });

  it("collapse_drain_retry: a prompt-too-long commits staged collapses once and retries", async () => {
    const run = await runLoop(
      { turns: [{ content: "Fits now.", faults: [ptl] }] },
      {
        deps: {
          collapseDrain: async (messages) => ({ committed: 2, messages }),
        },
      },
    );
    expect(run.transitions[0]).toEqual({
      kind: "continue",
      reason: "collapse_drain_retry",
      committed: 2,
    });
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(run.requests).toHaveLength(2);
  });

  it("reactive_compact_retry: a prompt-too-long is compacted by a summary request, once", async () => {
    const scenario = parseScenario(
      {
        turns: [{ content: "Answer after compaction.", faults: [ptl] }],
        side: [
          { match: { requestKind: "compact" }, content: "SUMMARY: the user asked for the task." },
        ],
      },
      "compact",
    );
    const provider = createScriptedProvider(scenario);
    const callModel: CallModel = (r, s, o) =>
      streamWithRetry(provider, r, s, { ...o, sleep: async () => {} });
    const ids = counterIds();
    const run = await runLoop(
      { turns: [{ content: "Answer after compaction.", faults: [ptl] }] },
      {
        deps: {
          reactiveCompact: createSummaryCompactor({ callModel, ids, model: () => "claude-test" }),
        },
      },
    );
    expect(reasons(run)).toEqual(["reactive_compact_retry", "completed"]);
    expect(lastUserText(run.requests[1]!)).toContain("SUMMARY: the user asked for the task.");
    const boundary = messagesOf(run).find(
      (m) => m.type === "system" && m.subtype === "compact_boundary",
    );
    expect(boundary).toBeDefined();
  });

  it("max_output_tokens_escalate: a response cut at the default cap is retried once with the full cap", async () => {
    const run = await runLoop(
      {
        turns: [
          {
            content: "A long answer that gets cut.",
            faults: [{ type: "max_tokens", afterBlocks: 0 }],
          },
        ],
      },
      { params: { escalatedMaxOutputTokens: 64_000 } },
    );
    expect(reasons(run)).toEqual(["max_output_tokens_escalate", "completed"]);
    expect(run.requests.map((r) => r.max_tokens)).toEqual([8_000, 64_000]);
    expect(run.events.some((e) => e.type === "tombstone")).toBe(true);
  });

  it("max_output_tokens_recovery: a cut response is kept and continued with a resume note", async () => {
    const run = await runLoop({
      turns: [
        {
          content: "First half of the answer",
          faults: [{ type: "max_tokens", afterBlocks: 0, times: 5 }],
        },
        { content: " and the second half." },
      ],
    });
    expect(run.transitions[0]).toEqual({
      kind: "continue",
      reason: "max_output_tokens_recovery",
      attempt: 1,
    });
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(lastUserText(run.requests[1]!)).toMatch(/^Output token limit hit\. Resume directly/);
  });

  it("stop_hook_blocking: a Stop hook's feedback sends the model back to work", async () => {
    let calls = 0;
    const run = await runLoop(
      { turns: [{ content: "Done, I think." }, { content: "Tests run; really done." }] },
      {
        deps: {
          runStopHooks: async (_m, _c, active) => {
            calls += 1;
            return calls === 1
              ? { blockingErrors: [{ hookName: "Stop", message: "run the tests first" }] }
              : { blockingErrors: [], ...(active ? {} : {}) };
          },
        },
      },
    );
    expect(reasons(run)).toEqual(["stop_hook_blocking", "completed"]);
    expect(lastUserText(run.requests[1]!)).toContain("run the tests first");
  });

  it("token_budget_continuation: below 90% of the budget the model is nudged on", async () => {
    const turn = (text: string) => ({ content: text, usage: { output_tokens: 3_000 } });
    const run = await runLoop(
      { turns: [turn("part one"), turn("part two"), turn("part three")] },
      { params: { tokenBudget: 10_000 } },
    );
    expect(reasons(run)).toEqual([
      "token_budget_continuation",
      "token_budget_continuation",
      "completed",
    ]);
    expect(lastUserText(run.requests[1]!)).toMatch(
      /^Stopped at 30% of token target \(3,000 \/ 10,000\)/,
    );
  });
});
