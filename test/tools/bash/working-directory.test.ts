import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createBashTool,
  makeContext,
  resultText,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash keeps its working directory across calls", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  }, "sub/deeper");

  it("starts in the session's folder", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { data } = await runBashCall(tool, { command: "pwd" }, makeContext(work));
    expect(data.stdout).toBe(`${work}\n`);
  });

  it("runs the next command where the previous one's cd left it", async () => {
    const tool = createBashTool(sessionConfig(root));
    const first = await runBashCall(tool, { command: "cd sub" }, makeContext(work));
    expect(first.data.cwd).toBe(join(work, "sub"));
    const second = await runBashCall(tool, { command: "pwd" }, makeContext(work));
    expect(second.data.stdout).toBe(`${join(work, "sub")}\n`);
  });

  it("keeps the directory of a command that failed after its cd", async () => {
    const tool = createBashTool(sessionConfig(root));
    await runBashCall(tool, { command: "cd sub/deeper && exit 4" }, makeContext(work));
    const { data } = await runBashCall(tool, { command: "pwd" }, makeContext(work));
    expect(data.stdout).toBe(`${join(work, "sub", "deeper")}\n`);
  });

  it("keeps separate directories for separate sessions", async () => {
    const one = createBashTool(sessionConfig(root));
    const two = createBashTool(sessionConfig(root));
    await runBashCall(one, { command: "cd sub" }, makeContext(work));
    const { data } = await runBashCall(two, { command: "pwd" }, makeContext(work));
    expect(data.stdout).toBe(`${work}\n`);
  });

  it("falls back to the session's folder with a note when the directory was removed", async () => {
    const tool = createBashTool(sessionConfig(root));
    await runBashCall(tool, { command: "cd sub/deeper" }, makeContext(work));
    await rm(join(work, "sub"), { recursive: true });
    const { data, block } = await runBashCall(tool, { command: "pwd" }, makeContext(work));
    expect(data.stdout).toBe(`${work}\n`);
    expect(resultText(block)).toContain(
      `The working directory ${join(work, "sub", "deeper")} no longer exists`,
    );
  });

  it("leaves no bookkeeping files behind in the session folder", async () => {
    const config = sessionConfig(root);
    const tool = createBashTool(config);
    await runBashCall(tool, { command: "cd sub" }, makeContext(work));
    expect(await readdir(config.sessionDir)).toEqual([]);
  });
});
