import { describe, expect, it } from "vitest";
import { createBuiltinTools } from "../../../src/tools/builtin/index.js";
import type { TodoItem } from "../../../src/tools/builtin/todo-write/schema.js";
import { createTodoWriteTool } from "../../../src/tools/builtin/todo-write/todo-write-tool.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolUseContext } from "../../../src/tools/context.js";
import { parseToolInput } from "../../../src/tools/tool-input.js";
import { runLoop, testContext } from "../../loop/harness.js";

const config: BuiltinToolsConfig = { cwd: "/p", sessionDir: "/s/1", stateDir: "/s", env: {} };

function todo(content: string, status: TodoItem["status"]): TodoItem {
  return { content, status, activeForm: `Doing: ${content}` };
}

/** Calls a TodoWrite instance as a thread (main when agentId is undefined). */
async function write(
  tool: ReturnType<typeof createTodoWriteTool>,
  todos: TodoItem[],
  agentId?: string,
) {
  const base: ToolUseContext = testContext([tool]);
  const context = agentId === undefined ? base : { ...base, agentId };
  const callContext = { ...context, toolUseId: "t1", signal: context.abortController.signal };
  const result = await tool.call({ todos }, callContext, () => {});
  return { data: result.data, text: String(tool.mapToolResult(result.data, "t1").content) };
}

describe("TodoWrite", () => {
  it("replaces the session's list and reports the old and new lists", async () => {
    const tool = createTodoWriteTool(config);
    const first = [todo("Read the code", "in_progress"), todo("Fix the bug", "pending")];
    const second = [todo("Read the code", "completed"), todo("Fix the bug", "in_progress")];
    expect((await write(tool, first)).data).toEqual({ oldTodos: [], newTodos: first });
    expect((await write(tool, second)).data).toEqual({ oldTodos: first, newTodos: second });
    expect(tool.todosOf(undefined)).toEqual(second);
  });

  it("keeps its own copy of the list", async () => {
    const tool = createTodoWriteTool(config);
    const todos = [todo("Fix the bug", "pending")];
    await write(tool, todos);
    todos[0]!.status = "completed";
    expect(tool.todosOf(undefined)[0]!.status).toBe("pending");
  });

  it("keeps a separate list for each subagent", async () => {
    const tool = createTodoWriteTool(config);
    const mine = [todo("Plan the release", "in_progress")];
    const theirs = [todo("Search the logs", "in_progress")];
    await write(tool, mine);
    const sub = await write(tool, theirs, "agent-7");
    expect(sub.data.oldTodos).toEqual([]);
    expect(tool.todosOf(undefined)).toEqual(mine);
    expect(tool.todosOf("agent-7")).toEqual(theirs);
    expect(tool.todosOf("agent-8")).toEqual([]);
  });

  it("drops a list once every item is completed, but still reports it to the UI", async () => {
    const tool = createTodoWriteTool(config);
    await write(tool, [todo("Fix the bug", "in_progress")]);
    const done = [todo("Fix the bug", "completed")];
    expect((await write(tool, done)).data.newTodos).toEqual(done);
    expect(tool.todosOf(undefined)).toEqual([]);
  });

  it("tells the model the list is updated and to keep marking items completed", async () => {
    const { text } = await write(createTodoWriteTool(config), [todo("Fix it", "in_progress")]);
    expect(text).toContain("The todo list is updated.");
    expect(text).toContain("mark each item completed as soon as it is done");
    expect(text).not.toContain("in_progress at once");
  });

  it("accepts several items in progress but says to keep only one", async () => {
    const tool = createTodoWriteTool(config);
    const todos = [todo("A", "in_progress"), todo("B", "in_progress"), todo("C", "in_progress")];
    const { text } = await write(tool, todos);
    expect(tool.todosOf(undefined)).toEqual(todos);
    expect(text).toContain(
      "Note: 3 items are in_progress at once. Keep exactly one item in progress",
    );
  });

  it("takes Claude Code's fields only, with non-empty content and activeForm", () => {
    const tool = createTodoWriteTool(config);
    const message = (input: unknown) => {
      const parsed = parseToolInput(tool, input);
      return parsed.ok ? "ok" : parsed.message;
    };
    expect(message({ todos: [todo("Fix", "pending")] })).toBe("ok");
    expect(message({ todos: [] })).toBe("ok");
    expect(message({ todos: [{ content: "Fix", status: "pending" }] })).toContain(
      "The required parameter `todos[0].activeForm` is missing",
    );
    expect(message({ todos: [{ ...todo("Fix", "pending"), id: "1" }] })).toContain(
      "An unexpected parameter `todos[0].id` was provided",
    );
    expect(message({ todos: [{ ...todo("Fix", "pending"), content: "" }] })).toContain(
      "content cannot be empty",
    );
    expect(message({ todos: [todo("Fix", "done" as TodoItem["status"])] })).toContain(
      "todos[0].status",
    );
  });

  it("needs no permission, is not read-only and runs alone", async () => {
    const tool = createTodoWriteTool(config);
    const input = { todos: [] };
    expect(await tool.checkPermissions!(input, testContext([tool]))).toEqual({ behavior: "allow" });
    expect(tool.isReadOnly(input)).toBe(false);
    expect(tool.isConcurrencySafe(input)).toBe(false);
  });

  it("is one of the built-in tools", () => {
    expect(createBuiltinTools(config).map((t) => t.name)).toContain("TodoWrite");
  });

  it("records the list a model writes during a turn", async () => {
    const tool = createTodoWriteTool(config);
    const todos = [todo("Run the tests", "in_progress")];
    const loop = await runLoop(
      {
        turns: [
          { content: [{ type: "tool_use", name: "TodoWrite", input: { todos } }] },
          { content: "Working on it." },
        ],
      },
      { tools: [tool] },
    );
    expect(loop.terminal).toEqual({ reason: "completed" });
    expect(loop.violations).toEqual([]);
    expect(tool.todosOf(undefined)).toEqual(todos);
    const messages = loop.requests[1]!.messages as Array<{ content: Array<{ content?: string }> }>;
    expect(messages.at(-1)!.content[0]!.content).toContain("The todo list is updated.");
  });
});
