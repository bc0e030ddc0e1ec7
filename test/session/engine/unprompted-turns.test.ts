import { describe, expect, it } from "vitest";
import type { SessionEvent, UnpromptedTurn } from "../../../src/session/engine/session-event.js";
import type { SdkMessage } from "../../../src/session/sdk-messages.js";
import { gateTool } from "../../loop/tools.js";
import { collect, resultOf, scriptedEngine } from "./helpers.js";

const ENDED: SessionEvent = {
  type: "task_notification",
  taskId: "a1b2c3d4",
  status: "completed",
  description: "Review the code",
  summary: "It completed.\nIts final answer:\nOne typo.",
};

/** The content of the last message of the model's request `index`. */
function lastMessageOf(provider: ReturnType<typeof scriptedEngine>["provider"], index: number) {
  const body = provider.requests[index]?.body as { messages: Array<{ content: unknown }> };
  return JSON.stringify(body.messages.at(-1)?.content);
}

/** Subscribes a handler that collects each unprompted turn's messages. */
function recordUnprompted(engine: ReturnType<typeof scriptedEngine>["engine"]) {
  const turns: Array<{ event: SessionEvent; messages: SdkMessage[] }> = [];
  engine.onUnpromptedTurn(async (turn: UnpromptedTurn) => {
    turns.push({ event: turn.event, messages: await collect(turn.messages) });
  });
  return turns;
}

describe("events nobody typed (QueryEngine.deliver)", () => {
  it("reach a running turn as an attachment at its next tool boundary, in the same result", async () => {
    const gate = gateTool();
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "Done; the review came back too." },
        ],
      },
      { tools: [gate] },
    );
    const turns = recordUnprompted(engine);
    const running = collect(engine.submitMessage("start"));
    await gate.started;
    engine.deliver(ENDED);
    gate.release();
    const messages = await running;
    await engine.whenIdle();
    expect(turns).toEqual([]);
    expect(messages.filter((m) => m.type === "result")).toHaveLength(1);
    expect(provider.requests).toHaveLength(2);
    const last = lastMessageOf(provider, 1);
    expect(last.indexOf("tool_result")).toBeLessThan(last.indexOf("Background task a1b2c3d4"));
    expect(last).not.toContain("<task-notification>");
    const attachment = engine.messages.find((m) => m.type === "attachment");
    expect(attachment).toMatchObject({ attachment: ENDED });
  });

  it("start a turn of their own when the session is idle, with the notice as its user message", async () => {
    const { engine, provider, transcript } = scriptedEngine({
      turns: [{ content: "Launched." }, { content: "The review found one typo." }],
    });
    const turns = recordUnprompted(engine);
    await collect(engine.submitMessage("review in the background"));
    engine.deliver(ENDED);
    expect(engine.busy).toBe(true);
    await engine.whenIdle();
    expect(turns).toHaveLength(1);
    const [turn] = turns;
    expect(turn?.event).toEqual(ENDED);
    expect(turn?.messages[0]).toMatchObject({ type: "system", subtype: "init" });
    expect(resultOf(turn?.messages ?? [])).toMatchObject({
      subtype: "success",
      result: "The review found one typo.",
    });
    const last = lastMessageOf(provider, 1);
    expect(last).toContain("<task-notification>");
    expect(last).toContain("<task-id>a1b2c3d4</task-id>");
    expect(last).toContain("<status>completed</status>");
    const notice = transcript.filter((m) => m.type === "user").at(-1);
    expect(notice).toMatchObject({ isMeta: true });
    expect(provider.violations).toEqual([]);
  });

  it("run after the running turn when it has no tool boundary left, before a prompt sent later", async () => {
    const { engine, provider } = scriptedEngine({
      turns: [{ content: "first" }, { content: "about the task" }, { content: "second" }],
    });
    const turns = recordUnprompted(engine);
    const order: string[] = [];
    const first = engine.submitMessage("one");
    let later: Promise<SdkMessage[]> | undefined;
    for await (const message of first) {
      if (message.type === "assistant" && later === undefined) {
        engine.deliver(ENDED);
        later = collect(engine.submitMessage("two"));
      }
      if (message.type === "result") order.push(`result:${message.result}`);
    }
    const second = await later;
    await engine.whenIdle();
    expect(order).toEqual(["result:first"]);
    expect(resultOf(second ?? []).result).toBe("second");
    expect(resultOf(turns[0]?.messages ?? []).result).toBe("about the task");
    expect(lastMessageOf(provider, 1)).toContain("<task-notification>");
    expect(lastMessageOf(provider, 2)).toContain("two");
  });

  it("still run, unseen, with no handler; a handler that throws ends its turn and whenIdle reports it", async () => {
    const { engine, provider } = scriptedEngine({
      turns: [{ content: "unseen" }, { content: "never read" }],
    });
    engine.deliver(ENDED);
    await engine.whenIdle();
    expect(provider.requests).toHaveLength(1);
    expect(engine.messages.at(-1)).toMatchObject({ type: "assistant" });
    const unsubscribe = engine.onUnpromptedTurn(async () => {
      throw new Error("the screen is gone");
    });
    expect(() => engine.onUnpromptedTurn(async () => {})).toThrow(/already have a handler/);
    engine.deliver({ ...ENDED, taskId: "e5f6g7h8" });
    await expect(engine.whenIdle()).rejects.toThrow("the screen is gone");
    expect(engine.busy).toBe(false);
    expect(provider.requests).toHaveLength(1);
    unsubscribe();
    await expect(engine.whenIdle()).resolves.toBeUndefined();
  });
});
