import { describe, expect, it } from "vitest";
import type { ToolUseBlock } from "../../../src/protocol/content.js";
import type { ToolUseContext } from "../../../src/tools/context.js";
import { partitionToolCalls } from "../../../src/tools/partition-tool-calls.js";
import { runTools, type ToolsUpdate } from "../../../src/tools/run-tools.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { CANCEL_MESSAGE, INTERRUPT_MESSAGE_FOR_TOOL_USE } from "../../../src/tools/tool-errors.js";
import { EventLog, Gates } from "./helpers/event-log.js";
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
  counterTool,
  gatedTool,
  progressTool,
  sleepTool,
} from "./helpers/test-tools.js";

function setup(extra: AnyTool[] = [], maxToolUseConcurrency = 10) {
  const log = new EventLog();
  const gates = new Gates();
  const tools = [
    gatedTool("Echo", log, gates),
    gatedTool("Note", log, gates),
    sleepTool(log, gates),
    addDirTool(log),
    progressTool(log),
    ...extra,
  ];
  const { context } = testContext(tools, { maxToolUseConcurrency });
  return { log, gates, context };
}

function run(blocks: ToolUseBlock[], context: ToolUseContext): Promise<ToolsUpdate[]> {
  return collect(runTools(blocks, assistantFor, context, counterIds()));
}

const resultIds = (updates: ToolsUpdate[]) =>
  resultsIn(updates.map((u) => u.message)).map((r) => r.tool_use_id);

describe("runTools", () => {
  it("groups consecutive safe calls and puts each unsafe call alone", () => {
    const { context } = setup();
    const blocks = [
      toolUse("a", "Echo", { text: "a" }),
      toolUse("b", "Echo", { text: "b" }),
      toolUse("c", "Note", { text: "c" }),
      toolUse("d", "Echo", { text: "d" }),
      toolUse("e", "Missing", {}),
      toolUse("f", "Echo", { wrong: 1 }),
    ];
    const batches = partitionToolCalls(blocks, context.options.tools);
    expect(batches.map((b) => [b.concurrent, b.blocks.map((x) => x.id).join("")])).toEqual([
      [true, "ab"],
      [false, "c"],
      [true, "d"],
      [false, "e"],
      [false, "f"],
    ]);
  });

  it("runs [safe, safe, unsafe, safe] as three batches, one after another", async () => {
    const { log, context } = setup();
    const blocks = [
      toolUse("a", "Echo", { text: "a", gate: "a" }),
      toolUse("b", "Echo", { text: "b", opens: "a" }),
      toolUse("c", "Note", { text: "c" }),
      toolUse("d", "Echo", { text: "d" }),
    ];
    const updates = await run(blocks, context);
    expect(log.entries).toEqual([
      "start:a",
      "start:b",
      "end:b",
      "end:a",
      "start:c",
      "end:c",
      "start:d",
      "end:d",
    ]);
    expect(resultIds(updates)).toEqual(["a", "b", "c", "d"]);
  });

  it("reports a parallel batch's results in the model's order when a later call finishes first", async () => {
    const { log, context } = setup();
    const blocks = [
      toolUse("first", "Echo", { text: "first", gate: "first" }),
      toolUse("second", "Echo", { text: "second", opens: "first" }),
    ];
    const updates = await run(blocks, context);
    expect(log.entries.indexOf("end:second")).toBeLessThan(log.entries.indexOf("end:first"));
    expect(resultsIn(updates.map((u) => u.message)).map(textOfResult)).toEqual(["first", "second"]);
  });

  it("never runs more calls at once than the configured cap", async () => {
    const counter = counterTool();
    const { context } = setup([counter], 2);
    const blocks = ["1", "2", "3", "4", "5"].map((id) => toolUse(id, "Count", { id }));
    const updates = await run(blocks, context);
    expect(counter.maxRunning()).toBe(2);
    expect(resultIds(updates)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("runs safe calls side by side up to the default cap", async () => {
    const counter = counterTool();
    const { context } = setup([counter]);
    const blocks = Array.from({ length: 12 }, (_, i) => toolUse(`c${i}`, "Count", { id: `c${i}` }));
    await run(blocks, context);
    expect(counter.maxRunning()).toBe(10);
  });

  it("applies a serial call's context change before the next call runs", async () => {
    const { log, context } = setup();
    const blocks = [
      toolUse("a", "AddDir", { dir: "/one" }),
      toolUse("b", "AddDir", { dir: "/two" }),
    ];
    const updates = await run(blocks, context);
    expect(log.entries).toEqual(["/one sees []", "/two sees [/one]"]);
    expect(updates.at(-1)!.context.options.additionalDirectories).toEqual(["/one", "/two"]);
  });

  it("applies a parallel batch's context changes after the batch, in block order", async () => {
    const { log, context } = setup();
    const blocks = [
      toolUse("a", "AddDir", { dir: "/one", safe: true }),
      toolUse("b", "AddDir", { dir: "/two", safe: true }),
      toolUse("c", "AddDir", { dir: "/three" }),
    ];
    const updates = await run(blocks, context);
    expect(log.entries).toEqual(["/one sees []", "/two sees []", "/three sees [/one,/two]"]);
    expect(updates.at(-1)!.context.options.additionalDirectories).toEqual([
      "/one",
      "/two",
      "/three",
    ]);
    expect(context.options.additionalDirectories).toEqual([]);
  });

  it("returns the final context when done", async () => {
    const { context } = setup();
    const generator = runTools(
      [toolUse("a", "AddDir", { dir: "/x", safe: true })],
      assistantFor,
      context,
      counterIds(),
    );
    let step = await generator.next();
    while (!step.done) step = await generator.next();
    expect(step.value.options.additionalDirectories).toEqual(["/x"]);
  });

  it("passes progress through as it happens, ahead of earlier calls' results", async () => {
    const { log, gates, context } = setup();
    const blocks = [
      toolUse("a", "Echo", { text: "a", gate: "a" }),
      toolUse("p", "Progress", { steps: 2, text: "done", safe: true }),
    ];
    const running = run(blocks, context);
    await log.waitFor("progress:2");
    gates.open("a");
    const updates = await running;
    expect(updates.map((u) => [u.message?.type, resultIds([u])[0]])).toEqual([
      ["progress", undefined],
      ["progress", undefined],
      ["user", "a"],
      ["user", "p"],
    ]);
  });

  it("gives every call exactly one result when the user aborts mid-batch", async () => {
    const { log, context } = setup();
    const blocks = [
      toolUse("s1", "Sleep", { id: "s1" }),
      toolUse("s2", "Sleep", { id: "s2" }),
      toolUse("n", "Note", { text: "n" }),
      toolUse("e", "Echo", { text: "e" }),
    ];
    const running = run(blocks, context);
    await log.waitFor("start:s2");
    context.abortController.abort();
    const results = resultsIn((await running).map((u) => u.message));
    expect(results.map((r) => [r.tool_use_id, r.is_error, r.content])).toEqual([
      ["s1", true, INTERRUPT_MESSAGE_FOR_TOOL_USE],
      ["s2", true, INTERRUPT_MESSAGE_FOR_TOOL_USE],
      ["n", true, CANCEL_MESSAGE],
      ["e", true, CANCEL_MESSAGE],
    ]);
    expect(log.entries).toEqual(["start:s1", "start:s2", "aborted:s1", "aborted:s2"]);
  });
});
