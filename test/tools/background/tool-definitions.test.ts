import { describe, expect, it } from "vitest";
import { toolDefinition } from "../../../src/model/tool-schema.js";
import type { BashOutput } from "../../../src/tools/builtin/bash/index.js";
import { createBuiltinTools } from "../../../src/tools/builtin/index.js";
import { findTool } from "../../../src/tools/tool.js";
import { parseToolInput } from "../../../src/tools/tool-input.js";
import {
  type BackgroundSession,
  callTool,
  startInBackground,
  useBackgroundSession,
} from "./helpers.js";

describe("TaskOutput and TaskStop as the model sees them", () => {
  let s: BackgroundSession;
  useBackgroundSession((session) => {
    s = session;
  });

  it("are built-in tools sharing Bash's registry, reached by their old names too", async () => {
    const tools = createBuiltinTools(s.config, { backgroundShells: s.shells });
    const tool = (name: string) => {
      const found = findTool(tools, name);
      if (!found) throw new Error(`no tool reached by ${name}`);
      return found;
    };
    expect([tool("BashOutput").name, tool("KillShell").name]).toEqual(["TaskOutput", "TaskStop"]);
    const input = { command: "echo shared", run_in_background: true };
    const started = await callTool(tool("Bash"), input, s.context());
    const id = (started.data as BashOutput).background?.taskId ?? "";
    const read = await callTool(tool("BashOutput"), { bash_id: id }, s.context());
    expect(read.data).toMatchObject({
      task: { id, status: "completed" },
      output: { text: "shared\n" },
    });
    const looping = await callTool(tool("Bash"), { ...input, command: "sleep 100" }, s.context());
    const loopId = (looping.data as BashOutput).background?.taskId ?? "";
    const stop = await callTool(tool("KillShell"), { shell_id: loopId }, s.context());
    expect(stop.data).toMatchObject({
      outcome: "stopped",
      state: { id: loopId, status: "killed" },
    });
  });

  it("advertise Claude Code's fields: TaskOutput {task_id, block, timeout}, TaskStop {task_id, shell_id}", () => {
    const output = toolDefinition("TaskOutput", "", s.taskOutput.inputSchema).input_schema;
    expect(Object.keys(output.properties as object)).toEqual(["task_id", "block", "timeout"]);
    expect(output.required).toEqual(["task_id"]);
    const stop = toolDefinition("TaskStop", "", s.taskStop.inputSchema).input_schema;
    expect(Object.keys(stop.properties as object)).toEqual(["task_id", "shell_id"]);
  });

  it("reads BashOutput's bash_id and KillShell's shell_id as task_id", async () => {
    const id = await startInBackground(s, "sleep 100");
    const read = await callTool(s.taskOutput, { bash_id: id, block: false }, s.context());
    expect(read.data.task.id).toBe(id);
    const stop = await callTool(s.taskStop, { shell_id: id }, s.context());
    expect(stop.data).toMatchObject({ outcome: "stopped", state: { id, status: "killed" } });
  });

  it("name a missing task_id and refuse unknown fields and a wait above 10 minutes", () => {
    expect(parse(s.taskStop, {})).toBe(
      "TaskStop failed due to the following issue:\nThe required parameter `task_id` is missing",
    );
    expect(parse(s.taskOutput, {})).toBe(
      "TaskOutput failed due to the following issue:\nThe required parameter `task_id` is missing",
    );
    expect(parse(s.taskOutput, { task_id: "b1", filter: "x" })).toMatch(
      /unexpected parameter `filter`/,
    );
    expect(parse(s.taskOutput, { task_id: "b1", timeout: 600_001 })).toMatch(/`timeout`/);
    expect(parse(s.taskOutput, { task_id: "b1", timeout: 600_000 })).toBe("ok");
  });

  it("declare TaskOutput read-only and concurrency-safe, TaskStop neither", () => {
    const read = { task_id: "b1" };
    expect([s.taskOutput.isReadOnly(read), s.taskOutput.isConcurrencySafe(read)]).toEqual([
      true,
      true,
    ]);
    expect([s.taskStop.isReadOnly(read), s.taskStop.isConcurrencySafe(read)]).toEqual([
      false,
      false,
    ]);
  });
});

type AnyToolLike = Parameters<typeof parseToolInput>[0];

function parse(tool: unknown, input: Record<string, unknown>): string {
  const parsed = parseToolInput(tool as AnyToolLike, input);
  return parsed.ok ? "ok" : parsed.message;
}
