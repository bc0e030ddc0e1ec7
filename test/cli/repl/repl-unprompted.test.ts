import { describe, expect, it } from "vitest";
import type { QueryEngine } from "../../../src/session/engine/query-engine.js";
import { gateTool } from "../../loop/tools.js";
import { replHarness, texts, until } from "./repl-harness.js";

const ENDED = {
  type: "task_notification",
  taskId: "a1b2c3d4",
  status: "completed",
  description: "Review the code",
  summary: "It completed.",
} as const;

describe("the REPL controller and turns nobody typed (real engine, scripted model)", () => {
  it("draws the turn as busy, and a prompt typed meanwhile queues and is taken by it", async () => {
    const gate = gateTool();
    const { controller, sessions } = replHarness(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "The review is in, and I saw your note." },
        ],
      },
      { tools: [gate] },
    );
    const engine = sessions[0]?.session.engine as QueryEngine;
    engine.deliver(ENDED);
    await gate.started;
    expect(controller.store.get().busy).toBe(true);
    controller.submit("also check the tests");
    const queued = await until(controller, (s) => s.queued.length === 1, "the queued prompt");
    expect(queued.queued[0]?.text).toBe("also check the tests");
    gate.release();
    const done = await until(
      controller,
      (s) => !s.busy && texts(s, "assistant").includes("The review is in, and I saw your note."),
      "the unprompted turn's end",
    );
    expect(done.queued).toEqual([]);
    expect(texts(done, "notice")).toEqual(["Background task a1b2c3d4 (Review the code) completed"]);
    expect(texts(done, "user")).toEqual(["also check the tests"]);
    await engine.whenIdle();
    expect(engine.busy).toBe(false);
  });
});
