import type { SDKControlGetContextUsageResponse } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { countedBefore, type PromptedBody } from "../helpers/without-prompt.js";
import { keelOptions, loadAgentSdk, userMessage, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

describe("the Agent SDK's getContextUsage()", () => {
  it("answers /context's report between turns: its total is the next request's count less its prompt", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      turnMode: "count",
      turns: [{ content: "Hi there." }, { content: "Bye." }],
    });
    let asked = () => {};
    const between = new Promise<void>((resolve) => {
      asked = resolve;
    });
    async function* prompts() {
      yield userMessage("hello");
      await between;
      yield userMessage("bye");
    }
    const q = query({ prompt: prompts(), options: keelOptions(sandbox(), server.url) });
    let usage: SDKControlGetContextUsageResponse | undefined;
    let results = 0;
    for await (const message of q) {
      if (message.type !== "result") continue;
      results += 1;
      if (results === 1) {
        usage = await q.getContextUsage();
        asked();
      }
      if (results === 2) break;
    }
    expect(server.violations).toEqual([]);
    if (!usage) throw new Error("getContextUsage() gave nothing");
    const next = server.requests.filter((r) => r.kind === "main")[1]?.body as PromptedBody;
    expect(usage.totalTokens).toBe(await countedBefore(server.url, next, "bye"));
    const used = usage.categories.filter((c) => c.kind === "used");
    expect(used.reduce((n, c) => n + c.tokens, 0)).toBe(usage.totalTokens);
    expect(usage.categories.map((c) => c.id)).toContain("free_space");
    const squares = usage.gridRows.flat();
    expect(squares).toHaveLength(usage.maxTokens > 200_000 ? 200 : 100);
    expect(squares[0]).toMatchObject({ isFilled: true });
    expect(usage.model).toBe(next.model);
  });
});
