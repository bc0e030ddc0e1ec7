import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

async function setup() {
  const cwd = await temps.make();
  const outside = await temps.make();
  const state = await temps.make();
  const config = toolsConfig(cwd, state);
  return { cwd, outside, state, config, tool: createReadTool(config), context: makeContext(cwd) };
}

async function verdict(
  tool: ReturnType<typeof createReadTool>,
  filePath: string,
  context: ToolCallContext,
) {
  return tool.checkPermissions?.(tool.inputSchema.parse({ file_path: filePath }), context);
}

describe("Read resolves paths against the working folder", () => {
  it("reads a relative path from context.options.cwd and reports it as absolute", async () => {
    const { cwd, tool, context } = await setup();
    await mkdir(join(cwd, "docs"));
    await writeFile(join(cwd, "docs", "guide.md"), "# Guide\n");
    const { data, text } = await callTool(tool, { file_path: "docs/guide.md" }, context);
    expect(text).toBe("1\t# Guide");
    expect(data.filePath).toBe(join(cwd, "docs", "guide.md"));
  });

  it("reads ~/ paths from the session's home folder", async () => {
    const { config, tool, context } = await setup();
    const home = config.env.HOME ?? "";
    await mkdir(home, { recursive: true });
    await writeFile(join(home, "todo.txt"), "buy milk\n");
    const { text } = await callTool(tool, { file_path: "~/todo.txt" }, context);
    expect(text).toBe("1\tbuy milk");
  });
});

describe("Read's permission verdict follows where a path really leads", () => {
  it("allows files inside the working folder, added folders and keel's state folder", async () => {
    const { cwd, outside, state, tool } = await setup();
    const context = makeContext(cwd, { additionalDirectories: [outside] });
    expect(await verdict(tool, "src/a.ts", context)).toEqual({ behavior: "allow" });
    expect(await verdict(tool, join(outside, "b.ts"), context)).toEqual({ behavior: "allow" });
    expect(await verdict(tool, join(state, "session", "tool-results", "x.txt"), context)).toEqual({
      behavior: "allow",
    });
  });

  it("asks before reading outside the working folders, naming the path", async () => {
    const { outside, tool, context } = await setup();
    const result = await verdict(tool, join(outside, "secret.txt"), context);
    expect(result).toMatchObject({ behavior: "ask" });
    expect(result?.behavior === "ask" && result.message).toContain(join(outside, "secret.txt"));
  });

  it("asks for a link inside the working folder that points outside it", async () => {
    const { cwd, outside, tool, context } = await setup();
    await writeFile(join(outside, "target.txt"), "outside\n");
    await symlink(join(outside, "target.txt"), join(cwd, "link.txt"));
    const result = await verdict(tool, "link.txt", context);
    expect(result).toMatchObject({ behavior: "ask" });
    expect(result?.behavior === "ask" && result.message).toContain(join(outside, "target.txt"));
  });

  it("asks for a dangling link inside the working folder that points outside it", async () => {
    const { cwd, outside, tool, context } = await setup();
    await symlink(join(outside, "not-yet.txt"), join(cwd, "dangling.txt"));
    expect(await verdict(tool, "dangling.txt", context)).toMatchObject({ behavior: "ask" });
  });

  it("asks for a file reached through a linked folder that leads outside", async () => {
    const { cwd, outside, tool, context } = await setup();
    await symlink(outside, join(cwd, "vendor"));
    expect(await verdict(tool, "vendor/lib.js", context)).toMatchObject({ behavior: "ask" });
  });

  it("allows a link outside the working folder that points into it, and reads through it", async () => {
    const { cwd, outside, tool, context } = await setup();
    await writeFile(join(cwd, "real.txt"), "inside\n");
    await symlink(join(cwd, "real.txt"), join(outside, "alias.txt"));
    expect(await verdict(tool, join(outside, "alias.txt"), context)).toEqual({ behavior: "allow" });
    const { text } = await callTool(tool, { file_path: join(outside, "alias.txt") }, context);
    expect(text).toBe("1\tinside");
  });
});
