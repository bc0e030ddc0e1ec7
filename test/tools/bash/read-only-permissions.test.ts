import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import {
  createBashTool,
  makeContext,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash permissions and concurrency follow the parsed read-only verdict", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  }, "src");
  beforeEach(async () => {
    await mkdir(join(root, "elsewhere"), { recursive: true });
    await loadShellParser();
  });

  it("allows a read-only command inside the working folder and marks it concurrency-safe", async () => {
    const tool = createBashTool(sessionConfig(root));
    const input = { command: "ls -la src && git status" };
    expect(await tool.checkPermissions?.(input, makeContext(work))).toEqual({ behavior: "allow" });
    expect(tool.isReadOnly(input)).toBe(true);
    expect(tool.isConcurrencySafe(input)).toBe(true);
  });

  it("passes a writing command through to the rules and runs it alone", async () => {
    const tool = createBashTool(sessionConfig(root));
    const input = { command: "ls; rm -rf src" };
    expect(await tool.checkPermissions?.(input, makeContext(work))).toEqual({
      behavior: "passthrough",
    });
    expect(tool.isReadOnly(input)).toBe(false);
    expect(tool.isConcurrencySafe(input)).toBe(false);
  });

  it("passes through a read of a path outside the working folders", async () => {
    const tool = createBashTool(sessionConfig(root));
    const input = { command: `cat ${join(root, "elsewhere", "secret")}` };
    expect(await tool.checkPermissions?.(input, makeContext(work))).toEqual({
      behavior: "passthrough",
    });
  });

  it("allows reads in an added working folder", async () => {
    const tool = createBashTool(sessionConfig(root));
    const input = { command: `ls ${join(root, "elsewhere")}` };
    const context = makeContext(work, { additionalDirectories: [join(root, "elsewhere")] });
    expect(await tool.checkPermissions?.(input, context)).toEqual({ behavior: "allow" });
  });

  it("follows a symlink before deciding a path is inside", async () => {
    await symlink(join(root, "elsewhere"), join(work, "link"));
    const tool = createBashTool(sessionConfig(root));
    const input = { command: "cat link/secret" };
    expect(await tool.checkPermissions?.(input, makeContext(work))).toEqual({
      behavior: "passthrough",
    });
  });

  it("judges relative paths from the directory the shell is in now", async () => {
    const tool = createBashTool(sessionConfig(root));
    await runBashCall(tool, { command: "cd src" }, makeContext(work));
    expect(await tool.checkPermissions?.({ command: "ls .." }, makeContext(work))).toEqual({
      behavior: "allow",
    });
    expect(await tool.checkPermissions?.({ command: "ls ../.." }, makeContext(work))).toEqual({
      behavior: "passthrough",
    });
  });

  it("treats a command that does not parse as not read-only", async () => {
    const tool = createBashTool(sessionConfig(root));
    expect(tool.isReadOnly({ command: 'ls "unterminated' })).toBe(false);
  });
});
