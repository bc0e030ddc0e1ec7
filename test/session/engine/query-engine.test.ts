import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { NO_TOOL_HOOKS } from "../../../src/tools/hooks.js";
import { echoTool, gateTool } from "../../loop/tools.js";
import { collect, requestText, resultOf, scriptedEngine } from "./helpers.js";

describe("QueryEngine conversations", () => {
  it("keeps the history across turns and reports one result per turn", async () => {
    const { engine, provider } = scriptedEngine({
      turns: [{ content: "Hello, I am keel." }, { content: "You asked who I am." }],
    });
    const first = await collect(engine.submitMessage("who are you?"));
    const second = await collect(engine.submitMessage("what did I ask?"));
    expect(first[0]).toMatchObject({ type: "system", subtype: "init" });
    expect(resultOf(first)).toMatchObject({ subtype: "success", result: "Hello, I am keel." });
    expect(resultOf(second)).toMatchObject({ subtype: "success", result: "You asked who I am." });
    expect(requestText(provider, 1)).toContain("who are you?");
    expect(requestText(provider, 1)).toContain("Hello, I am keel.");
    expect(resultOf(second).total_cost_usd).toBeGreaterThan(resultOf(first).total_cost_usd);
    expect(engine.messages.filter((m) => m.type === "user")).toHaveLength(2);
    expect(provider.violations).toEqual([]);
  });

  it("absorbs input sent during a turn after the tool results, in one result", async () => {
    const gate = gateTool();
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "Done, and I saw your note." },
        ],
      },
      { tools: [gate] },
    );
    const firstTurn = collect(engine.submitMessage("start the task"));
    await gate.started;
    const queued = collect(engine.submitMessage("also check the tests"));
    gate.release();
    const [first, absorbed] = await Promise.all([firstTurn, queued]);
    expect(absorbed).toEqual([]);
    expect(first.filter((m) => m.type === "result")).toHaveLength(1);
    const body = provider.requests[1]?.body as { messages: Array<{ content: unknown }> };
    const last = JSON.stringify(body.messages.at(-1)?.content);
    expect(last.indexOf("tool_result")).toBeLessThan(last.indexOf("also check the tests"));
    expect(provider.requests).toHaveLength(2);
  });

  it("runs input that arrives after the last tool boundary as the next turn", async () => {
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "hi" } }] },
          { content: "first answer" },
          { content: "second answer" },
        ],
      },
      { tools: [echoTool] },
    );
    const stream = engine.submitMessage("one");
    const first: unknown[] = [];
    let second: Promise<unknown[]> | undefined;
    for await (const message of stream) {
      first.push(message);
      // The final answer has arrived: no tool boundary is left in this turn.
      const isAnswer =
        message.type === "assistant" &&
        typeof message.message.content !== "string" &&
        message.message.content.some((block) => block.type === "text");
      if (isAnswer && second === undefined) {
        second = collect(engine.submitMessage("two"));
      }
    }
    const next = (await second) as Parameters<typeof resultOf>[0];
    expect(resultOf(first as Parameters<typeof resultOf>[0]).result).toBe("first answer");
    expect(resultOf(next).result).toBe("second answer");
    expect(provider.requests).toHaveLength(3);
  });

  it("replays absorbed input as a user message when asked to", async () => {
    const gate = gateTool();
    const { engine } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "ok" },
        ],
      },
      { tools: [gate], replayUserMessages: true },
    );
    const firstTurn = collect(engine.submitMessage("start"));
    await gate.started;
    void collect(engine.submitMessage("a late note"));
    gate.release();
    const messages = await firstTurn;
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: "user",
        isReplay: true,
        message: { role: "user", content: "a late note" },
      }),
    );
  });

  it("leaves no listener on the session's abort signal once a turn is over", async () => {
    const abortController = new AbortController();
    const { engine } = scriptedEngine(
      { turns: [{ content: "one" }, { content: "two" }, { content: "three" }] },
      { abortController },
    );
    for (const prompt of ["a", "b", "c"]) await collect(engine.submitMessage(prompt));
    expect(getEventListeners(abortController.signal, "abort")).toHaveLength(0);
  });

  it("interrupt() ends the running turn with a result and keeps the pairing", async () => {
    const gate = gateTool();
    const { engine } = scriptedEngine(
      { turns: [{ content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] }] },
      { tools: [gate] },
    );
    const turn = collect(engine.submitMessage("start"));
    await gate.started;
    engine.interrupt();
    const result = resultOf(await turn);
    expect(result).toMatchObject({ subtype: "error_during_execution", is_error: true });
    const results = engine.messages.filter(
      (m) => m.type === "user" && JSON.stringify(m.message.content).includes("tool_result"),
    );
    expect(results).toHaveLength(1);
    expect(engine.busy).toBe(false);
  });

  it("persists the prompt before the request and each assistant block before its tool result", async () => {
    const { engine, transcript } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "x" } }] },
          { content: "done" },
        ],
      },
      { tools: [echoTool] },
    );
    await collect(engine.submitMessage("go"));
    const kinds = transcript
      .filter((m) => m.type !== "system")
      .map((m) =>
        m.type === "user" && typeof m.message.content !== "string" ? "tool_result" : m.type,
      );
    expect(kinds).toEqual(["user", "assistant", "tool_result", "assistant"]);
    expect(transcript.some((m) => m.type === "system" && m.subtype === "transition")).toBe(true);
  });

  it("does not send a prompt a UserPromptSubmit hook blocks", async () => {
    const { engine, provider } = scriptedEngine(
      { turns: [{ content: "never" }] },
      {
        hooks: {
          tool: NO_TOOL_HOOKS,
          userPromptSubmit: async () => ({
            blocked: "no secrets in prompts",
            additionalContext: [],
          }),
        },
      },
    );
    const result = resultOf(await collect(engine.submitMessage("my password is hunter2")));
    expect(result.is_error).toBe(true);
    expect(result.result).toContain("no secrets in prompts");
    expect(provider.requests).toHaveLength(0);
  });
});
