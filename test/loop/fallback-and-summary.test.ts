import { describe, expect, it } from "vitest";
import type { CallModel } from "../../src/loop/params.js";
import { createToolRoundSummarizer } from "../../src/loop/tool-use-summary.js";
import { streamWithRetry } from "../../src/model/retry.js";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { messagesOf, runLoop } from "./harness.js";
import { echoTool } from "./tools.js";

describe("the fallback model", () => {
  it("takes over after repeated overloads, with a notice, and answers", async () => {
    const run = await runLoop(
      {
        turns: [
          {
            content: "Answered by the fallback.",
            faults: [{ type: "http_error", status: 529, times: 3 }],
          },
        ],
      },
      { params: { fallbackModel: "claude-fallback" } },
    );
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(run.requests.map((r) => r.model)).toEqual([
      "claude-test",
      "claude-test",
      "claude-test",
      "claude-fallback",
    ]);
    const notice = messagesOf(run).find(
      (m) => m.type === "system" && m.subtype === "informational",
    );
    expect(notice).toMatchObject({
      content: "Switched to claude-fallback due to high demand for claude-test",
    });
  });

  it("is not used without overloads, and overloads without a fallback are plain retries", async () => {
    const run = await runLoop({
      turns: [
        {
          content: "Answered after retries.",
          faults: [{ type: "http_error", status: 529, times: 3 }],
        },
      ],
    });
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(new Set(run.requests.map((r) => r.model))).toEqual(new Set(["claude-test"]));
  });
});

describe("tool-use summaries", () => {
  it("label a tool round from a small model, yielded early in the next iteration and never sent back", async () => {
    const summaries = createScriptedProvider(
      parseScenario(
        { turns: [], side: [{ match: { requestKind: "summary" }, content: "Echoed a greeting" }] },
        "summary",
      ),
    );
    const callSummary: CallModel = (r, s, o) => streamWithRetry(summaries, r, s, o);
    const run = await runLoop(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "hi" } }] },
          { content: "Done." },
        ],
      },
      {
        tools: [echoTool],
        deps: { summarizeToolRound: createToolRoundSummarizer(callSummary, "claude-haiku-4-5") },
      },
    );
    const summary = run.events.find((e) => e.type === "tool_use_summary");
    expect(summary).toMatchObject({ summary: "Echoed a greeting" });
    expect(JSON.stringify(run.requests)).not.toContain("Echoed a greeting");
    const order = run.events.flatMap((e) =>
      e.type === "tool_use_summary" ? ["summary"] : e.type === "message_stop" ? ["stop"] : [],
    );
    // Awaited after the next request's stream, so the label's latency hides behind it.
    expect(order).toEqual(["stop", "stop", "summary"]);
    expect(summaries.requests[0]?.kind).toBe("summary");
  });
});
