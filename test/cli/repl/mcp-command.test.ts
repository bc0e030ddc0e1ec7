import { describe, expect, it } from "vitest";
import { ReplController } from "../../../src/cli/repl/repl-controller.js";
import { mcpText } from "../../../src/cli/repl/slash-runner.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { texts, until } from "./repl-harness.js";

describe("/mcp", () => {
  it("lists each server with its status and the tools it gives", () => {
    const { engine } = scriptedEngine({ turns: [{ content: "hi" }] });
    const controller = new ReplController({
      cwd: "/project",
      model: "claude-sonnet-5",
      session: {
        engine,
        mcp: () => ({
          servers: [
            { name: "fs", status: "connected" },
            { name: "db", status: "failed" },
          ],
          tools: ["Read", "mcp__fs__read_file", "mcp__fs__list_directory"],
        }),
        dispose: async () => {},
      },
      openSession: async () => {
        throw new Error("not needed");
      },
      recordPrompt: async () => {},
      now: () => 0,
    });
    controller.submit("/mcp");
    expect(texts(controller.store.get(), "notice")[0]).toBe(
      "MCP servers:\n  fs: connected — read_file, list_directory\n  db: failed",
    );
  });

  it("runs an MCP server's prompt as a slash command and sends what it expands to", async () => {
    const { engine, provider } = scriptedEngine({ turns: [{ content: "Reviewed." }] });
    const controller = new ReplController({
      cwd: "/project",
      model: "claude-sonnet-5",
      session: {
        engine,
        prompts: () => [
          { name: "mcp__docs__review", run: async (args) => `Review ${args} closely.` },
        ],
        dispose: async () => {},
      },
      openSession: async () => {
        throw new Error("not needed");
      },
      recordPrompt: async () => {},
      now: () => 0,
    });
    controller.submit("/mcp__docs__review src/a.ts");
    await until(controller, (s) => texts(s, "assistant").includes("Reviewed."), "the answer");
    expect(JSON.stringify(provider.requests[0]?.body)).toContain("Review src/a.ts closely.");
  });

  it("says where servers come from when there are none", () => {
    expect(mcpText({ servers: [], tools: [] })).toContain(".mcp.json");
    expect(mcpText(undefined)).toContain("--mcp-config");
  });
});
