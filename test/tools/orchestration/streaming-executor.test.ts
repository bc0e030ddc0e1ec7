import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import type { CanUseTool } from "../../../src/tools/context.js";
import type { ToolHooks } from "../../../src/tools/hooks.js";
import { StreamingToolExecutor } from "../../../src/tools/streaming-executor.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { INTERRUPT_MESSAGE_FOR_TOOL_USE } from "../../../src/tools/tool-errors.js";
import { EventLog, Gates, nextTick } from "./helpers/event-log.js";
import {
  assistantFor,
  collect,
  counterIds,
  resultsIn,
  testContext,
  textOfResult,
  toolUse,
} from "./helpers/test-context.js";
import {
  addDirTool,
  fakeBashTool,
  gatedTool,
  progressTool,
  sleepTool,
  throwerTool,
} from "./helpers/test-tools.js";

function setup(options: { canUseTool?: CanUseTool; hooks?: ToolHooks } = {}) {
  const log = new EventLog();
  const gates = new Gates();
  const tools: AnyTool[] = [
    gatedTool("Echo", log, gates),
    gatedTool("Note", log, gates),
    sleepTool(log, gates),
    fakeBashTool(log, gates),
    throwerTool(),
    addDirTool(log),
    progressTool(log),
  ];
  const { context } = testContext(tools, options);
  const executor = new StreamingToolExecutor(context, counterIds());
  const add = (id: string, name: string, input: Record<string, unknown>) => {
    const block = toolUse(id, name, input);
    return executor.addTool(block, assistantFor(block));
  };
  const completed = () => [...executor.getCompletedResults()].map((u) => u.message);
  const remaining = async () =>
    (await collect(executor.getRemainingResults())).map((u) => u.message);
  return { log, gates, context, executor, add, completed, remaining };
}

const summary = (messages: Parameters<typeof resultsIn>[0]) =>
  resultsIn(messages).map((r) => [r.tool_use_id, textOfResult(r), r.is_error === true]);

/** Parallel safe calls are yielded as they finish: compare them by id. */
const byId = (messages: Parameters<typeof resultsIn>[0]) =>
  summary(messages).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe("StreamingToolExecutor", () => {
  it("starts a call before the next block arrives, and yields results in block order", async () => {
    const { log, gates, add, completed, remaining } = setup();
    add("a", "Echo", { text: "a", gate: "a" });
    await log.waitFor("start:a");
    expect(completed()).toEqual([]);
    add("b", "Echo", { text: "b" });
    await log.waitFor("end:b");
    gates.open("a");
    const messages = await remaining();
    expect(log.entries.slice(0, 2)).toEqual(["start:a", "start:b"]);
    expect(
      resultsIn(messages)
        .map((r) => r.tool_use_id)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("yields a finished safe call ahead of a still-running earlier safe call", async () => {
    const { log, gates, add, completed, remaining } = setup();
    add("a", "Echo", { text: "a", gate: "a" });
    add("b", "Echo", { text: "b" });
    await log.waitFor("end:b");
    await nextTick();
    expect(summary(completed())).toEqual([["b", "b", false]]);
    gates.open("a");
    expect(summary(await remaining())).toEqual([["a", "a", false]]);
  });

  it("runs an unsafe call alone and keeps later calls behind it", async () => {
    const { log, gates, add, completed, remaining } = setup();
    add("a", "Echo", { text: "a", gate: "a" });
    add("n", "Note", { text: "n", gate: "n" });
    add("c", "Echo", { text: "c" });
    await log.waitFor("start:a");
    expect(log.entries).toEqual(["start:a"]);
    gates.open("a");
    await log.waitFor("start:n");
    expect(summary(completed())).toEqual([["a", "a", false]]);
    gates.open("n");
    expect(summary(await remaining())).toEqual([
      ["n", "n", false],
      ["c", "c", false],
    ]);
    expect(log.entries).toEqual(["start:a", "end:a", "start:n", "end:n", "start:c", "end:c"]);
  });

  it("completes an unknown tool at once with a no-such-tool error", () => {
    const { add, completed } = setup();
    add("x", "Missing", {});
    expect(summary(completed())).toEqual([
      ["x", "<tool_use_error>Error: No such tool available: Missing</tool_use_error>", true],
    ]);
  });

  it("passes progress on before the call's result", async () => {
    const { add, remaining } = setup();
    add("p", "Progress", { steps: 2, text: "done" });
    expect((await remaining()).map((m) => m?.type)).toEqual(["progress", "progress", "user"]);
  });

  it("cancels running and queued siblings when a Bash call fails, without ending the turn", async () => {
    const { log, gates, context, add, remaining } = setup();
    const command = "npm run test --workspace packages/some-long-package-name";
    add("s", "Sleep", { id: "s" });
    add("b", "Bash", { command, fail: true, gate: "bash" });
    add("n", "Note", { text: "n" });
    await log.waitFor("start:s");
    gates.open("bash");
    const cancelled = `<tool_use_error>Cancelled: parallel tool call Bash(${command.slice(0, 40)}…) errored</tool_use_error>`;
    expect(byId(await remaining())).toEqual([
      ["b", `Exit code 1\n${command}: boom`, true],
      ["n", cancelled, true],
      ["s", cancelled, true],
    ]);
    expect(log.entries).toContain("aborted:s");
    expect(log.entries).not.toContain("start:n");
    expect(context.abortController.signal.aborted).toBe(false);
  });

  it("keeps a call's result when a sibling fails while its PostToolUse hook runs", async () => {
    const hookGate = new Gates();
    const hooks: ToolHooks = {
      preToolUse: async () => ({ attachments: [] }),
      postToolUse: async (_tool, _input, id) => {
        if (id === "e") await hookGate.wait("post");
        return { attachments: [{ type: "system_reminder", content: `checked ${id}` }] };
      },
    };
    const { log, gates, add, remaining } = setup({ hooks });
    add("e", "Echo", { text: "e" });
    add("b", "Bash", { command: "make", fail: true, gate: "bash" });
    await log.waitFor("end:e");
    gates.open("bash");
    await log.waitFor("end:make");
    const results = remaining();
    await nextTick();
    hookGate.open("post");
    const messages = await results;
    expect(byId(messages)).toEqual([
      ["b", "Exit code 1\nmake: boom", true],
      ["e", "e", false],
    ]);
    expect(messages.filter((m) => m.type === "attachment")).toMatchObject([
      { attachment: { type: "system_reminder", content: "checked e" } },
    ]);
  });

  it("does not cancel siblings when a tool other than Bash fails", async () => {
    const { log, gates, add, remaining } = setup();
    add("s", "Sleep", { id: "s" });
    add("t", "Thrower", { message: "read failed" });
    await log.waitFor("start:s");
    const results = remaining();
    await nextTick();
    gates.open("s");
    expect(summary(await results)).toEqual([
      ["t", "read failed", true],
      ["s", "slept s", false],
    ]);
  });

  it("gives every call exactly one interrupted result when the user aborts", async () => {
    const { log, context, add, remaining } = setup();
    add("s1", "Sleep", { id: "s1" });
    add("s2", "Sleep", { id: "s2" });
    add("n", "Note", { text: "n" });
    await log.waitFor("start:s2");
    context.abortController.abort();
    expect(add("late", "Echo", { text: "late" })).toBe(false);
    expect(byId(await remaining())).toEqual([
      ["n", INTERRUPT_MESSAGE_FOR_TOOL_USE, true],
      ["s1", INTERRUPT_MESSAGE_FOR_TOOL_USE, true],
      ["s2", INTERRUPT_MESSAGE_FOR_TOOL_USE, true],
    ]);
    expect(log.entries).not.toContain("start:n");
  });

  it("on a new user message, cancels only calls that may be cancelled", async () => {
    const { log, gates, context, add, remaining } = setup();
    add("s", "Sleep", { id: "s" });
    add("e", "Echo", { text: "e", gate: "e" });
    await log.waitFor("start:e");
    context.abortController.abort("interrupt");
    gates.open("e");
    expect(byId(await remaining())).toEqual([
      ["e", "e", false],
      ["s", INTERRUPT_MESSAGE_FOR_TOOL_USE, true],
    ]);
  });

  it("ends the turn when a permission answer interrupts, keeping that call's own message", async () => {
    const canUseTool: CanUseTool = async (_tool, input) =>
      input.id === "s2"
        ? { behavior: "deny", message: "rejected by the user", interrupt: true }
        : { behavior: "allow" };
    const { log, context, add, remaining } = setup({ canUseTool });
    add("s1", "Sleep", { id: "s1" });
    await log.waitFor("start:s1");
    add("s2", "Sleep", { id: "s2" });
    expect(byId(await remaining())).toEqual([
      ["s1", INTERRUPT_MESSAGE_FOR_TOOL_USE, true],
      ["s2", "rejected by the user", true],
    ]);
    expect(context.abortController.signal.aborted).toBe(true);
  });

  it("yields nothing more after discard, and stops running calls without ending the turn", async () => {
    const { log, context, executor, add, completed, remaining } = setup();
    add("s", "Sleep", { id: "s" });
    add("n", "Note", { text: "n" });
    add("x", "Missing", {});
    await log.waitFor("start:s");
    executor.discard();
    expect(completed()).toEqual([]);
    expect(await remaining()).toEqual([]);
    await log.waitFor("aborted:s");
    expect(context.abortController.signal.aborted).toBe(false);
    expect(add("later", "Echo", { text: "later" })).toBe(false);
  });

  it("applies context changes of calls that ran alone, not of parallel ones", async () => {
    const { log, context, executor, add, remaining } = setup();
    add("a", "AddDir", { dir: "/one" });
    add("b", "AddDir", { dir: "/two" });
    add("c", "AddDir", { dir: "/three", safe: true });
    await remaining();
    expect(log.entries).toEqual(["/one sees []", "/two sees [/one]", "/three sees [/one,/two]"]);
    expect(executor.getUpdatedContext().options.additionalDirectories).toEqual(["/one", "/two"]);
    expect(context.options.additionalDirectories).toEqual([]);
  });

  it("leaves no abort listener on the turn's signal once its calls are done", async () => {
    const { log, gates, context, add, remaining } = setup();
    const signal = context.abortController.signal;
    add("s", "Sleep", { id: "s" });
    await log.waitFor("start:s");
    expect(getEventListeners(signal, "abort").length).toBe(1);
    gates.open("s");
    await remaining();
    expect(getEventListeners(signal, "abort")).toEqual([]);
  });

  it("runs many parallel calls without listener warnings", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const { log, gates, add, remaining } = setup();
      const ids = Array.from({ length: 30 }, (_, i) => `s${i}`);
      for (const id of ids) add(id, "Sleep", { id });
      // The first ten start at once (the default concurrency cap); the rest as they finish.
      await log.waitFor("start:s9");
      for (const id of ids) gates.open(id);
      expect(resultsIn(await remaining())).toHaveLength(30);
      await nextTick();
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });
});
