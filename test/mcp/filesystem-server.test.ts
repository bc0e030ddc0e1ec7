import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bin,
  callTool,
  resultText,
  startManager,
  stdioServer,
  tempFolder,
} from "./mcp-test-kit.js";

describe("@modelcontextprotocol/server-filesystem over stdio", () => {
  it("reads and writes files in its folder through mcp__fs__ tools", async () => {
    const root = await tempFolder("keel-mcp-fs-");
    await writeFile(join(root, "notes.txt"), "first line\n");
    const manager = await startManager({
      servers: [stdioServer("fs", bin("mcp-server-filesystem"), [root])],
    });
    await manager.whenSettled();
    expect(manager.status()[0]).toMatchObject({ name: "fs", status: "connected" });
    const tools = manager.tools();
    const read = tools.find((t) => t.name === "mcp__fs__read_text_file")!;
    expect(read.isReadOnly({})).toBe(true);
    expect(read.inputJSONSchema).toMatchObject({ properties: { path: { type: "string" } } });
    const text = await callTool(tools, "mcp__fs__read_text_file", {
      path: join(root, "notes.txt"),
    });
    expect(resultText(text)).toBe("first line\n");
    await callTool(tools, "mcp__fs__write_file", {
      path: join(root, "new.txt"),
      content: "written by keel",
    });
    const back = await callTool(tools, "mcp__fs__read_text_file", { path: join(root, "new.txt") });
    expect(resultText(back)).toBe("written by keel");
    const outside = await callTool(tools, "mcp__fs__read_text_file", { path: "/etc/hostname" });
    expect(outside.is_error).toBe(true);
    expect(resultText(outside)).toMatch(/outside allowed directories|Access denied/i);
  });
});
