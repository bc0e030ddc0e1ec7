import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createToolResultBudget } from "../../src/context/tool-result-budget.js";
import { mcpLogPath } from "../../src/mcp/index.js";
import {
  callTool,
  resultText,
  startManager,
  tempFolder,
  testServer,
  until,
} from "./mcp-test-kit.js";

describe("MCP tools from a stdio server", () => {
  it("adapts tools as mcp__<server>__<tool> with their JSON schema and read-only hints", async () => {
    const manager = await startManager({ servers: [testServer("my.server")] });
    await manager.whenSettled();
    expect(manager.status()).toEqual([
      { name: "my.server", status: "connected", scope: "dynamic" },
    ]);
    const tools = manager.tools();
    const echo = tools.find((t) => t.name === "mcp__my_server__echo")!;
    expect(echo.description).toBe("Echoes its message back");
    expect(echo.inputJSONSchema).toMatchObject({
      type: "object",
      properties: { message: { type: "string" } },
      required: ["message"],
    });
    expect(echo.isReadOnly({})).toBe(true);
    expect(echo.isConcurrencySafe({})).toBe(true);
    expect(echo.maxResultSizeChars).toBe(100_000);
    const crash = tools.find((t) => t.name === "mcp__my_server__crash")!;
    expect(crash.isReadOnly({})).toBe(false);
    expect(crash.shouldDefer).toBe(false);
    const result = await callTool(tools, "mcp__my_server__echo", { message: "hi" });
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "text", text: "echo: hi" }],
    });
  });

  it("maps a result with isError to an is_error tool_result", async () => {
    const manager = await startManager({ servers: [testServer("t")] });
    await manager.whenSettled();
    const result = await callTool(manager.tools(), "mcp__t__fail", {});
    expect(result.is_error).toBe(true);
    expect(resultText(result)).toBe("the widget is broken");
  });

  it("passes a 1 MB result through whole; the tool-result budget spills it past 100k chars", async () => {
    const manager = await startManager({ servers: [testServer("t")] });
    await manager.whenSettled();
    const tools = manager.tools();
    const result = await callTool(tools, "mcp__t__big", {});
    expect(resultText(result)).toHaveLength(1024 * 1024);
    const sessionDir = await tempFolder();
    const budget = createToolResultBudget({ sessionDir, tools: () => tools });
    const spilled = await budget([
      {
        type: "assistant",
        uuid: "a",
        timestamp: "t",
        message: {
          id: "m",
          role: "assistant",
          model: "x",
          content: [{ type: "tool_use", id: "toolu_1", name: "mcp__t__big", input: {} }],
          stop_reason: "tool_use",
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      },
      { type: "user", uuid: "u", timestamp: "t", message: { role: "user", content: [result] } },
    ] as never);
    const kept = JSON.stringify(spilled.at(-1));
    expect(kept.length).toBeLessThan(20_000);
    const files = await readFile(join(sessionDir, "tool-results", "toolu_1.txt"), "utf8");
    expect(files).toHaveLength(1024 * 1024);
  });

  it("picks up a tool added at run time (tools/list_changed) on the next refresh", async () => {
    const manager = await startManager({ servers: [testServer("t")] });
    await manager.whenSettled();
    const refresh = manager.refreshTools([]);
    expect(refresh().map((t) => t.name)).not.toContain("mcp__t__late");
    await callTool(manager.tools(), "mcp__t__add-tool", {});
    await until(() => refresh().some((t) => t.name === "mcp__t__late"), "late appears");
    expect(resultText(await callTool(refresh(), "mcp__t__late", {}))).toBe("late");
  });

  it("writes the server's stderr to <state>/logs/mcp-<server>.log", async () => {
    const stateDir = await tempFolder();
    const manager = await startManager({ servers: [testServer("logged")], stateDir });
    await manager.whenSettled();
    const log = mcpLogPath(join(stateDir, "logs"), "logged");
    const logged = () => existsSync(log) && readFileSync(log, "utf8").includes("started");
    await until(logged, "the server's stderr reaches its log");
    expect(readFileSync(log, "utf8")).toContain("keel-test-server started");
  });

  it("offers the server's prompts as /mcp__<server>__<prompt> commands that return the prompt text", async () => {
    const manager = await startManager({ servers: [testServer("t")] });
    await manager.whenSettled();
    const greet = manager.promptCommands().find((c) => c.name === "mcp__t__greet")!;
    expect(greet).toMatchObject({ description: "Greets someone", argumentNames: ["name", "mood"] });
    expect(await greet.run("Ada very happy")).toBe("Greet Ada (very happy)");
    expect(await greet.run("Bob")).toBe("Greet Bob (calm)");
  });
});
