import type { Query, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, userMessage, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

/** What the host does after each turn: a change of the budget, before the next prompt goes. */
const BETWEEN_TURNS: ReadonlyArray<(q: Query) => Promise<void>> = [
  (q) => q.setMaxThinkingTokens(4096),
  (q) => q.setMaxThinkingTokens(0),
  (q) => q.setMaxThinkingTokens(null),
  async (q) => {
    // keel sets no display: refused, and the budget applies all the same.
    await expect(q.setMaxThinkingTokens(3000, "summarized")).rejects.toThrow(
      'keel sets no thinking display ("summarized")',
    );
  },
];

describe("the Agent SDK's setMaxThinkingTokens()", { timeout: 60_000 }, () => {
  it("sets the next turns' thinking budget; 0 turns it off, null goes back to the session's", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      turns: BETWEEN_TURNS.map(() => ({ content: "Noted." })).concat({ content: "Done." }),
    });
    const queue: SDKUserMessage[] = [userMessage("turn 1")];
    let wake = () => {};
    let ended = false;
    async function* prompts() {
      for (;;) {
        const next = queue.shift();
        if (next) yield next;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    }
    // A model that takes a budget (an adaptive one gets thinking on or off only).
    const q = query({
      prompt: prompts(),
      options: keelOptions(sandbox(), server.url, {
        model: "claude-haiku-4-5",
        maxThinkingTokens: 2048,
      }),
    });
    let results = 0;
    try {
      for await (const message of q) {
        if (message.type !== "result") continue;
        const change = BETWEEN_TURNS[results];
        results += 1;
        if (!change) break;
        await change(q);
        queue.push(userMessage(`turn ${results + 1}`));
        wake();
      }
    } finally {
      ended = true;
      wake();
      q.close();
    }
    expect(server.violations).toEqual([]);
    const thinking = server.requests
      .filter((r) => r.kind === "main")
      .map((r) => (r.body as { thinking?: unknown }).thinking);
    expect(thinking).toEqual([
      { type: "enabled", budget_tokens: 2048 },
      { type: "enabled", budget_tokens: 4096 },
      { type: "disabled" },
      { type: "enabled", budget_tokens: 2048 },
      { type: "enabled", budget_tokens: 3000 },
    ]);
  });
});
