import { describe, expect, it } from "vitest";
import { bin, callTool, resultText, startManager, stdioServer } from "./mcp-test-kit.js";

const everything = () => stdioServer("everything", bin("mcp-server-everything"), ["stdio"]);

describe("@modelcontextprotocol/server-everything over stdio", () => {
  it("lists its tools under mcp__everything__ and calls echo and get-sum", async () => {
    const manager = await startManager({ servers: [everything()] });
    await manager.whenSettled();
    const names = manager.tools().map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get-sum"]),
    );
    const tools = manager.tools();
    expect(resultText(await callTool(tools, "mcp__everything__echo", { message: "hello" }))).toBe(
      "Echo: hello",
    );
    expect(resultText(await callTool(tools, "mcp__everything__get-sum", { a: 2, b: 3 }))).toContain(
      "5",
    );
  });

  it("maps an image result to an image block", async () => {
    const manager = await startManager({ servers: [everything()] });
    await manager.whenSettled();
    const result = await callTool(manager.tools(), "mcp__everything__get-tiny-image", {});
    const blocks = result.content as Array<{ type: string; source?: { media_type: string } }>;
    const image = blocks.find((b) => b.type === "image");
    expect(image?.source).toMatchObject({ type: "base64", media_type: "image/png" });
    expect(blocks[0]).toMatchObject({ type: "text" });
  });

  it("maps resource links and embedded resources to text", async () => {
    const manager = await startManager({ servers: [everything()] });
    await manager.whenSettled();
    const tools = manager.tools();
    const links = resultText(
      await callTool(tools, "mcp__everything__get-resource-links", { count: 2 }),
    );
    expect(links).toMatch(/Resource link: .+ \(demo:\/\/resource\/dynamic\/[a-z]+\/1\)/);
    const embedded = resultText(
      await callTool(tools, "mcp__everything__get-resource-reference", {
        resourceType: "Text",
        resourceId: 1,
      }),
    );
    expect(embedded).toContain("Resource demo://resource/dynamic/text/1:\nResource 1:");
  });

  it("offers ListMcpResources and ReadMcpResource because the server has resources", async () => {
    const manager = await startManager({ servers: [everything()] });
    await manager.whenSettled();
    const tools = manager.tools();
    const listed = JSON.parse(resultText(await callTool(tools, "ListMcpResources", {}))) as Array<{
      server: string;
      uri: string;
    }>;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => r.server === "everything")).toBe(true);
    const uri = listed.find((r) => r.uri.endsWith("architecture.md"))!.uri;
    const read = resultText(
      await callTool(tools, "ReadMcpResource", { server: "everything", uri }),
    );
    expect(read).toContain(`Resource ${uri}:\n# Everything Server`);
    await expect(callTool(tools, "ReadMcpResource", { server: "nope", uri })).rejects.toThrow(
      'MCP server "nope" has no resources (servers with resources: everything)',
    );
  });

  it("offers its prompts as slash commands, filling arguments in order", async () => {
    const manager = await startManager({ servers: [everything()] });
    await manager.whenSettled();
    const commands = manager.promptCommands();
    expect(commands.map((c) => c.name)).toEqual(
      expect.arrayContaining(["mcp__everything__simple-prompt", "mcp__everything__args-prompt"]),
    );
    const args = commands.find((c) => c.name === "mcp__everything__args-prompt")!;
    expect(args.argumentNames).toEqual(["city", "state"]);
    expect(await args.run("Paris")).toContain("Paris");
  });
});
