import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../../src/config/settings/merge.js";
import { createPermissionEngine } from "../../../src/policy/engine.js";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import {
  createBashTool,
  makeContext,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

// The permission engine judges the Bash tool's commands from the folder its shell is in now,
// with the environment it runs in; the tool itself uses the same verdict for concurrency.
describe("Bash permissions and concurrency follow the parsed read-only verdict", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  }, "src");
  beforeEach(async () => {
    await mkdir(join(root, "elsewhere"), { recursive: true });
    await writeFile(join(root, "elsewhere", "secret"), "s\n");
    await loadShellParser();
  });

  async function decide(tool: AnyTool, command: string, additionalDirectories: string[] = []) {
    const config = sessionConfig(root);
    const settings = mergeSettingsLayers([], { home: root, stateDir: config.stateDir, cwd: work });
    const engine = createPermissionEngine({
      settings,
      cwd: work,
      stateDir: config.stateDir,
      home: root,
      env: config.env,
      additionalDirectories,
    });
    return (await engine.decide(tool, { command }, makeContext(work))).behavior;
  }

  it("allows a read-only command inside the working folder and marks it concurrency-safe", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    const input = { command: "ls -la src && cat src/../src" };
    expect(await decide(tool, input.command)).toBe("allow");
    expect(tool.isReadOnly(input)).toBe(true);
    expect(tool.isConcurrencySafe(input)).toBe(true);
  });

  it("asks about a writing command and runs it alone", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    const input = { command: "ls; rm -rf src" };
    expect(await decide(tool, input.command)).toBe("ask");
    expect(tool.isReadOnly(input)).toBe(false);
    expect(tool.isConcurrencySafe(input)).toBe(false);
  });

  it("asks about a read of a path outside the working folders", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    expect(await decide(tool, `cat ${join(root, "elsewhere", "secret")}`)).toBe("ask");
  });

  it("allows reads in an added working folder", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    expect(await decide(tool, `ls ${join(root, "elsewhere")}`, [join(root, "elsewhere")])).toBe(
      "allow",
    );
  });

  it("follows a symlink before deciding a path is inside", async () => {
    await symlink(join(root, "elsewhere"), join(work, "link"));
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    expect(await decide(tool, "cat link/secret")).toBe("ask");
    expect(await decide(tool, "cat l*/secret")).toBe("ask");
    expect(await decide(tool, "cat link/../elsewhere/secret")).toBe("ask");
  });

  it("judges relative paths from the directory the shell is in now", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    await runBashCall(tool as never, { command: "cd src" }, makeContext(work));
    expect(await decide(tool, "ls ..")).toBe("allow");
    expect(await decide(tool, "ls ../..")).toBe("ask");
    expect(tool.isReadOnly({ command: "ls ../.." })).toBe(false);
  });

  it("runs a command that changes folder alone", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    expect(tool.isReadOnly({ command: "cd src && ls" })).toBe(false);
    expect(tool.isConcurrencySafe({ command: "cd src && ls" })).toBe(false);
  });

  it("treats a command that does not parse as not read-only", async () => {
    const tool = createBashTool(sessionConfig(root)) as AnyTool;
    expect(tool.isReadOnly({ command: 'ls "unterminated' })).toBe(false);
  });
});
