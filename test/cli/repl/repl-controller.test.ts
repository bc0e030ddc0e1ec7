import { describe, expect, it } from "vitest";
import { switchableModel } from "../../../src/cli/control/model-switch.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { echoTool, gateTool } from "../../loop/tools.js";
import { replHarness, texts, until } from "./repl-harness.js";

describe("the REPL controller (real engine, scripted model)", () => {
  it("shows the prompt, the streamed answer and the tool call, then goes idle", async () => {
    const { controller, recorded } = replHarness(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "hi" } }] },
          { content: "All done." },
        ],
      },
      { tools: [echoTool], includePartialMessages: true },
    );
    controller.submit("say hi");
    const state = await until(
      controller,
      (s) => texts(s, "assistant").includes("All done."),
      "the answer",
    );
    await until(controller, (s) => !s.busy, "the turn's end");
    expect(texts(state, "user")).toEqual(["say hi"]);
    const tool = state.view.done.find((item) => item.kind === "tool");
    expect(tool).toMatchObject({ summary: "Echo(hi)", result: { isError: false } });
    expect(state.view.streaming).toBe("");
    expect(recorded).toEqual(["say hi"]);
  });

  it("shows input sent during a turn as queued until the turn takes it", async () => {
    const gate = gateTool();
    const { controller } = replHarness(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "Done, and I saw your note." },
        ],
      },
      { tools: [gate] },
    );
    controller.submit("start the task");
    await gate.started;
    controller.submit("also check the tests");
    const queued = await until(controller, (s) => s.queued.length === 1, "the queued prompt");
    expect(queued.queued[0]?.text).toBe("also check the tests");
    expect(texts(queued, "user")).toEqual(["start the task"]);
    gate.release();
    const done = await until(
      controller,
      (s) => !s.busy && texts(s, "assistant").length > 0,
      "the turn's end",
    );
    expect(done.queued).toEqual([]);
    expect(texts(done, "user")).toEqual(["start the task", "also check the tests"]);
  });

  it("answers slash commands without sending them to the model", async () => {
    const { controller, sessions } = replHarness({ turns: [{ content: "hello" }] });
    controller.submit("/help");
    controller.submit("/model");
    controller.submit("/cost");
    controller.submit("/nonsense");
    // /model answers once its switch hooks could have run: after the commands answered at once.
    const state = await until(controller, (s) => texts(s, "notice").length === 4, "4 answers");
    const notices = texts(state, "notice");
    expect(texts(state, "user")).toEqual(["/help", "/model", "/cost", "/nonsense"]);
    expect(notices[0]).toContain("/compact");
    expect(notices).toContain("Model: claude-sonnet-5");
    expect(notices.find((n) => n.startsWith("Total cost"))).toContain("Total cost: $0.0000");
    expect(notices.filter((n) => n.includes("Unknown command /nonsense"))).toHaveLength(1);
    expect(sessions[0]?.session.engine.busy).toBe(false);
  });

  it("switches the model for the next request with /model <name>", async () => {
    const provider = createScriptedProvider(
      parseScenario({ turns: [{ content: "one" }, { content: "two" }] }, "model switch"),
    );
    const switchable = switchableModel(provider, "claude-sonnet-5");
    const { controller } = replHarness({ turns: [] }, { provider: switchable.provider }, (e) => e, {
      providerName: "anthropic",
      current: switchable.current,
      set: switchable.set,
    });
    controller.submit("first");
    await until(controller, (s) => !s.busy && s.view.lastResult !== undefined, "the first turn");
    controller.submit("/model claude-haiku-5");
    await until(controller, (s) => s.model === "claude-haiku-5", "the switch");
    controller.submit("second");
    await until(controller, (s) => texts(s, "assistant").includes("two"), "the second turn");
    const models = provider.requests.map((r) => (r.body as { model?: string }).model);
    expect(models).toEqual(["claude-sonnet-5", "claude-haiku-5"]);
    controller.submit("/model openai:qwen3");
    await until(
      controller,
      (s) => texts(s, "notice").at(-1)?.includes("keel --model openai:qwen3") === true,
      "the refusal to change provider",
    );
  });

  it("reports /cost per model after a turn", async () => {
    const { controller } = replHarness({ turns: [{ content: "hello" }] });
    controller.submit("hi");
    await until(controller, (s) => s.view.lastResult !== undefined, "the result");
    controller.submit("/cost");
    const notices = texts(controller.store.get(), "notice");
    expect(notices.at(-1)).toMatch(/claude-sonnet-5: \d+ in, \d+ out/);
  });

  it("starts a fresh session on /clear and disposes the old one", async () => {
    const { controller, sessions } = replHarness({ turns: [{ content: "hello" }] });
    controller.submit("hi");
    await until(controller, (s) => !s.busy && s.view.lastResult !== undefined, "the first turn");
    controller.submit("/clear");
    const cleared = await until(
      controller,
      (s) => s.generation === 1 && texts(s, "notice").length === 2,
      "the new conversation",
    );
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.disposed).toBe(true);
    expect(sessions[1]?.disposed).toBe(false);
    expect(controller.engine).toBe(sessions[1]?.session.engine);
    expect(texts(cleared, "user")).toEqual([]);
    // A fresh start, as when keel starts: the header, then the new session's line.
    expect(texts(cleared, "notice")[0]).toMatch(/^✻ keel /);
    expect(texts(cleared, "notice")[1]).toContain("New conversation");
    expect(cleared.reset).toBe("clear");
  });

  it("says why /compact failed when the session has no compaction", async () => {
    const { controller } = replHarness({ turns: [{ content: "hello" }] });
    controller.submit("/compact keep the API notes");
    await until(controller, (s) => texts(s, "notice").length === 1, "the failure notice");
    expect(texts(controller.store.get(), "notice")[0]).toContain(
      "Compaction failed: this session has no compaction",
    );
  });

  it("passes /compact's instructions to an engine that can compact", async () => {
    const asked: Array<string | undefined> = [];
    const { controller } = replHarness({ turns: [{ content: "hello" }] }, {}, (engine) => ({
      get sessionId() {
        return engine.sessionId;
      },
      get busy() {
        return engine.busy;
      },
      get totalCostUsd() {
        return engine.totalCostUsd;
      },
      submitMessage: (prompt: string) => engine.submitMessage(prompt),
      interrupt: () => engine.interrupt(),
      compact: async (instructions?: string) => {
        asked.push(instructions);
      },
    }));
    controller.submit("/compact keep the API notes");
    await until(controller, (s) => texts(s, "notice").length === 1, "the compaction notice");
    controller.submit("/compact");
    await until(controller, (s) => texts(s, "notice").length === 2, "the second notice");
    expect(asked).toEqual(["keep the API notes", undefined]);
    expect(texts(controller.store.get(), "notice")[0]).toContain("Conversation compacted");
  });

  it("interrupts a running turn on /exit and ends once it has stopped", async () => {
    const gate = gateTool();
    const { controller, sessions } = replHarness(
      { turns: [{ content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] }] },
      { tools: [gate] },
    );
    controller.submit("start");
    await gate.started;
    controller.submit("/exit");
    expect(await controller.exited).toBe(0);
    expect(sessions[0]?.disposed).toBe(true);
    expect(sessions[0]?.session.engine.busy).toBe(false);
  });

  it("does not start a queued prompt's turn when exiting", async () => {
    const gate = gateTool();
    const { controller } = replHarness(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Gate", input: { text: "wait" } }] },
          { content: "never sent" },
          { content: "never sent either" },
        ],
      },
      { tools: [gate] },
    );
    controller.submit("start");
    await gate.started;
    controller.submit("queued one");
    controller.submit("/exit");
    expect(await controller.exited).toBe(0);
    expect(texts(controller.store.get(), "assistant")).toEqual([]);
  });

  it("ends the session and resolves the exit code on /exit", async () => {
    const { controller, sessions } = replHarness({ turns: [{ content: "hello" }] });
    controller.submit("/exit");
    expect(await controller.exited).toBe(0);
    expect(sessions[0]?.disposed).toBe(true);
  });
});
