import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DEFERRAL,
  mcpTimeoutsFromEnv,
  mcpToolName,
  shouldDeferMcpTools,
} from "../../src/mcp/index.js";
import { createMcpTool } from "../../src/mcp/mcp-tool.js";
import { promptArguments, promptText } from "../../src/mcp/prompt-commands.js";
import { mapCallToolResult } from "../../src/mcp/tool-result.js";
import { makeToolCallContext } from "../helpers/tool-context.js";
import { callTool, resultText, startManager, testServer } from "./mcp-test-kit.js";

describe("MCP names", () => {
  it("normalises server and tool names as Claude Code does", () => {
    expect(mcpToolName("my server.v2", "get/thing")).toBe("mcp__my_server_v2__get_thing");
    expect(mcpToolName("ok-name_1", "tool-x")).toBe("mcp__ok-name_1__tool-x");
  });
});

describe("mapping tools/call results", () => {
  it("keeps text and images in order and marks isError", () => {
    expect(
      mapCallToolResult({
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
        ],
        isError: true,
      }),
    ).toEqual({
      content: [
        { type: "text", text: "a" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      ],
      isError: true,
    });
  });

  it("turns images of other types, audio and blobs into notes", () => {
    const out = mapCallToolResult({
      content: [
        { type: "image", data: "AAAA", mimeType: "image/tiff" },
        { type: "audio", data: "AAAAAAAA", mimeType: "audio/wav" },
        {
          type: "resource",
          resource: { uri: "file:///x.bin", blob: "AAAA", mimeType: "application/zip" },
        },
      ],
    });
    expect(out.content).toEqual([
      { type: "text", text: "[image (image/tiff, about 3 bytes) not shown]" },
      { type: "text", text: "[audio (audio/wav, about 6 bytes) not shown]" },
      {
        type: "text",
        text: "[binary resource file:///x.bin (application/zip, about 3 bytes) not shown]",
      },
    ]);
  });

  it("adds structured content as JSON text only when there is no text", () => {
    expect(mapCallToolResult({ content: [], structuredContent: { t: 1 } }).content).toEqual([
      { type: "text", text: '{"t":1}' },
    ]);
    expect(
      mapCallToolResult({ content: [{ type: "text", text: "t=1" }], structuredContent: { t: 1 } })
        .content,
    ).toEqual([{ type: "text", text: "t=1" }]);
  });

  it("reports a malformed result as an error instead of throwing", () => {
    expect(mapCallToolResult({ content: "nope" }).isError).toBe(true);
  });

  it("gives an empty result a text so the tool_result is never empty", async () => {
    const tool = createMcpTool({
      server: "s",
      definition: { name: "quiet", inputSchema: { type: "object" } },
      shouldDefer: false,
      call: async (name, args) => ({ content: [], seen: [name, args] }),
    });
    const result = await tool.call({ a: 1 }, makeToolCallContext(), () => {});
    expect(tool.mapToolResult(result.data, "t1")).toEqual({
      type: "tool_result",
      tool_use_id: "t1",
      content: "(mcp__s__quiet completed with no output)",
    });
    expect(tool.inputSchema.safeParse({ anything: [1, { x: 2 }] }).success).toBe(true);
  });
});

describe("deferring MCP tools", () => {
  const tool = (name: string, chars: number) => ({
    name,
    definition: { name, description: "d".repeat(chars), inputSchema: { type: "object" as const } },
  });

  it("defers when the definitions together exceed 10% of the context window", () => {
    expect(DEFAULT_DEFERRAL).toEqual({ contextWindowTokens: 200_000, ratio: 0.1 });
    expect(shouldDeferMcpTools([tool("a", 40_000), tool("b", 30_000)])).toBe(false);
    expect(shouldDeferMcpTools([tool("a", 40_000), tool("b", 41_000)])).toBe(true);
    expect(
      shouldDeferMcpTools([tool("a", 1_000)], { contextWindowTokens: 1_000, ratio: 0.1 }),
    ).toBe(true);
  });

  it("marks every MCP tool deferred and adds ToolSearch to the refreshed list", async () => {
    const manager = await startManager({
      servers: [testServer("t")],
      deferral: { contextWindowTokens: 100, ratio: 0.1 },
    });
    await manager.whenSettled();
    expect(manager.tools().every((t) => t.shouldDefer === true)).toBe(true);
    const search = { ...manager.tools()[0]!, name: "ToolSearch", shouldDefer: false };
    const names = manager
      .refreshTools([], search)()
      .map((t) => t.name);
    expect(names.at(-1)).toBe("ToolSearch");
    expect(names.filter((n) => n === "ToolSearch")).toHaveLength(1);
    expect(resultText(await callTool(manager.tools(), "mcp__t__echo", { message: "direct" }))).toBe(
      "echo: direct",
    );
  });
});

describe("prompt arguments and text", () => {
  it("fills arguments in order, the last one taking the rest of the line", () => {
    expect(promptArguments(["a", "b"], "one two three")).toEqual({ a: "one", b: "two three" });
    expect(promptArguments(["a", "b"], " one ")).toEqual({ a: "one" });
    expect(promptArguments([], "ignored")).toEqual({});
  });

  it("joins the text of the prompt's messages", () => {
    expect(
      promptText({
        messages: [
          { role: "user", content: { type: "text", text: "first" } },
          { role: "assistant", content: { type: "image", data: "x", mimeType: "image/png" } },
        ],
      }),
    ).toBe("first\n\n[image content]");
  });
});

describe("MCP timeouts", () => {
  it("reads MCP_TIMEOUT and MCP_TOOL_TIMEOUT, keeping defaults for unusable values", () => {
    expect(mcpTimeoutsFromEnv({})).toEqual({ timeoutMs: 30_000, toolTimeoutMs: 600_000 });
    expect(mcpTimeoutsFromEnv({ MCP_TIMEOUT: "5000", MCP_TOOL_TIMEOUT: "abc" })).toEqual({
      timeoutMs: 5_000,
      toolTimeoutMs: 600_000,
    });
  });
});

describe("no servers configured", () => {
  it("src/mcp imports the SDK's code only through the lazy loader (types are erased)", async () => {
    const folder = fileURLToPath(new URL("../../src/mcp/", import.meta.url));
    const eager: string[] = [];
    for (const file of await readdir(folder)) {
      const source = await readFile(join(folder, file), "utf8");
      const valueImports = source.match(/^import (?!type )[^;]*@modelcontextprotocol[^;]*;/gm);
      if (valueImports) eager.push(`${file}: ${valueImports.join(" ")}`);
    }
    expect(eager).toEqual([]);
    const loader = await readFile(join(folder, "sdk.ts"), "utf8");
    expect(loader).toContain('import("@modelcontextprotocol/sdk/client/index.js")');
  });

  it("spawns nothing and never loads the SDK", async () => {
    let loaded = 0;
    const manager = await startManager({
      servers: [],
      loadSdk: async () => {
        loaded += 1;
        throw new Error("must not load");
      },
    });
    await manager.whenSettled();
    expect(manager.tools()).toEqual([]);
    expect(manager.status()).toEqual([]);
    expect(manager.promptCommands()).toEqual([]);
    const base = manager.refreshTools([])();
    expect(base).toEqual([]);
    await manager.close();
    expect(loaded).toBe(0);
  });
});
